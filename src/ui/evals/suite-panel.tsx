import { useState } from 'react';
import type { EvalCaseRecord, EvalSuiteRecord } from '../../domain/eval-case';
import { useEvalsStore } from '../../store/evals/evals-store';
import {
  deleteTestCase,
  deleteTestSuite,
  renameTestCase,
  renameTestSuite,
  suiteFileText,
  useSuiteCases,
  useSuiteRuns,
} from '../data/evals/eval-data';
import { downloadText } from '../shared/download';
import { EditChecksDialog } from './edit-checks-dialog';
import { PromptfooDialog } from './promptfoo-dialog';
import { ResultsTable } from './results-table';
import { RunSuiteDialog } from './run-suite-dialog';

const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'suite';

/** One suite: its cases (rename, edit checks, delete), its runs and their results, and its files. */
export function SuitePanel({ suite }: { suite: EvalSuiteRecord }) {
  const cases = useSuiteCases(suite.id);
  const runs = useSuiteRuns(suite.id);
  const live = useEvalsStore((s) => s.live);
  const stop = useEvalsStore((s) => s.stopSuiteRun);
  const runProblem = useEvalsStore((s) => s.runProblem);
  const [dialog, setDialog] = useState<'run' | 'promptfoo' | { editing: string } | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [includeResults, setIncludeResults] = useState(false);
  const [runIndex, setRunIndex] = useState(0);
  const run = runs?.[Math.min(runIndex, (runs?.length ?? 1) - 1)];
  const lastModels = runs?.[0]?.models ?? [];
  const editing =
    typeof dialog === 'object' && dialog !== null ? cases?.find((c) => c.id === dialog.editing) : undefined;

  const exportSuite = async () => {
    downloadText(`${fileSlug(suite.name)}.toolscope-suite.json`, await suiteFileText(suite, includeResults));
  };

  return (
    <div className="suite-panel">
      {renaming === suite.id ? (
        <Rename
          label="Suite name"
          initial={suite.name}
          onDone={async (name) => {
            if (name) await renameTestSuite(suite.id, name);
            setRenaming(null);
          }}
        />
      ) : (
        <h2>{suite.name}</h2>
      )}
      <div className="suite-actions">
        <button type="button" disabled={live !== null || !cases?.length} onClick={() => setDialog('run')}>
          Run suite
        </button>
        {live !== null && (
          <button type="button" onClick={stop}>
            Stop
          </button>
        )}
        <button type="button" onClick={() => void exportSuite()}>
          Export suite
        </button>
        <label>
          <input type="checkbox" checked={includeResults} onChange={(e) => setIncludeResults(e.target.checked)} />{' '}
          Include results
        </label>
        <button type="button" disabled={!cases?.length} onClick={() => setDialog('promptfoo')}>
          Export as promptfoo config
        </button>
        <button type="button" onClick={() => setRenaming(suite.id)}>
          Rename suite
        </button>
        <button type="button" disabled={live?.suiteId === suite.id} onClick={() => void deleteTestSuite(suite.id)}>
          Delete suite
        </button>
      </div>
      {runProblem && <p role="alert">{runProblem}</p>}
      <h3>Cases</h3>
      <ul className="suite-cases">
        {(cases ?? []).map((c) => (
          <li key={c.id}>
            {renaming === c.id ? (
              <Rename
                label="Case name"
                initial={c.name}
                onDone={async (name) => {
                  if (name) await renameTestCase(c.id, name);
                  setRenaming(null);
                }}
              />
            ) : (
              <>
                <span>{c.name}</span> <span className="hint">{checksText(c)}</span>{' '}
                <button type="button" onClick={() => setRenaming(c.id)}>
                  Rename {c.name}
                </button>{' '}
                <button type="button" onClick={() => setDialog({ editing: c.id })}>
                  Edit checks of {c.name}
                </button>{' '}
                <button type="button" disabled={live !== null} onClick={() => void deleteTestCase(c.id)}>
                  Delete {c.name}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {run && (
        <>
          <h3>Results</h3>
          {(runs?.length ?? 0) > 1 && (
            <label>
              Run{' '}
              <select value={runIndex} onChange={(e) => setRunIndex(Number(e.target.value))}>
                {(runs ?? []).map((r, i) => (
                  <option key={r.id} value={i}>
                    {new Date(r.startedAt).toLocaleString()} ({r.state})
                  </option>
                ))}
              </select>
            </label>
          )}
          <ResultsTable run={run} />
        </>
      )}
      {dialog === 'run' && cases && (
        <RunSuiteDialog
          suiteId={suite.id}
          cases={cases}
          initialModels={lastModels}
          initialRepeats={suite.repeats ?? 1}
          onClose={() => setDialog(null)}
        />
      )}
      {editing && <EditChecksDialog key={editing.id} testCase={editing} onClose={() => setDialog(null)} />}
      {dialog === 'promptfoo' && cases && (
        <PromptfooDialog
          suite={suite}
          cases={cases}
          initialModels={lastModels}
          initialRepeats={suite.repeats ?? 1}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function checksText(c: EvalCaseRecord): string {
  const words = c.checks.map((k) => {
    switch (k.kind) {
      case 'calls_tool':
        return `calls ${k.tool}`;
      case 'arguments_match':
        return `${k.tool} arguments match`;
      case 'answer_contains':
        return `answer contains “${k.text}”`;
      case 'answer_matches':
        return `answer matches /${k.pattern}/`;
      case 'max_cost':
        return `costs at most $${k.usd}`;
      case 'judge':
        return `judged by ${k.judgeModel}: “${k.question}”`;
    }
  });
  return `(${words.join(', ')})`;
}

function Rename({
  label,
  initial,
  onDone,
}: {
  label: string;
  initial: string;
  onDone: (name: string | null) => void | Promise<void>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onDone(value.trim() || null);
      }}
    >
      <label>
        {label}{' '}
        <input
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              void onDone(null);
            }
          }}
        />
      </label>
      <button type="submit">Save name</button>
    </form>
  );
}
