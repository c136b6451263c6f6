import { useEffect, useRef, useState } from 'react';
import type { EvalSuiteRecord } from '../../domain/eval-case';
import { useEvalsStore } from '../../store/evals/evals-store';
import { importSuiteFile, settleSuiteRuns, useSuites } from '../data/evals/eval-data';
import { SuitePanel } from './suite-panel';
import './tests-view.css';

/** The Tests view (architecture.md, "Test cases and suites"): suites, their cases, runs and results. */
export function TestsView() {
  const suites = useSuites();
  const [chosen, setChosen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const liveRunId = useEvalsStore((s) => s.live?.runId ?? null);
  const running = useEvalsStore((s) => s.live !== null);
  const fileRef = useRef<HTMLInputElement>(null);

  // A run a closed or reloaded page left "running" is over: its unfinished cells become "stopped".
  useEffect(() => {
    if (!running) void settleSuiteRuns(null);
  }, [running, liveRunId]);

  const suite: EvalSuiteRecord | undefined = suites?.find((s) => s.id === chosen) ?? suites?.[0];

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const result = await importSuiteFile(await file.text());
    if (fileRef.current) fileRef.current.value = '';
    if (!result.ok) return setNotice(result.message);
    setChosen(result.suiteId);
    setNotice(result.notice);
  };

  return (
    <section className="tests-view" aria-label="Tests">
      <nav className="tests-suites" aria-label="Suites">
        <h2>Suites</h2>
        {suites?.length === 0 && (
          <p className="empty">
            No suites yet. In the chat or on the timeline, use "Save as test case" on a model reply.
          </p>
        )}
        <ul>
          {(suites ?? []).map((s) => (
            <li key={s.id}>
              <button
                type="button"
                aria-current={s.id === suite?.id ? 'true' : undefined}
                onClick={() => setChosen(s.id)}
              >
                {s.name}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => fileRef.current?.click()}>
          Import
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          aria-label="Import suite file"
          hidden
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        {notice && <p role="status">{notice}</p>}
      </nav>
      {suite ? <SuitePanel key={suite.id} suite={suite} /> : null}
    </section>
  );
}
