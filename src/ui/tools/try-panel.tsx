import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CONFIG } from '../../domain/loop-config';
import type { ToolDefinition } from '../../domain/tool-definition';
import { createToolExecutor } from '../../tools/executor';
import { tryHeadline, tryTool, type TryResult } from '../../tools/try-tool';
import { storedToolSecrets } from '../data/tools/tool-secret';
import { FieldErrors } from './field-errors';
import { useArgsIssues } from './use-args-issues';
import { logHeading, splitLog } from '../../tools/log-cut';

type Outcome = TryResult | { kind: 'threw'; message: string };

/** "Try it": runs the saved tool through the same executor, validation and timeout the agent uses. */
export function TryPanel({ tool }: { tool: ToolDefinition }) {
  const [argsText, setArgsText] = useState('{}');
  const [running, setRunning] = useState<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A disabled tool can still be tried by hand; the agent only sees enabled ones.
  const executor = useMemo(
    () => createToolExecutor([{ ...tool, enabled: true }], { secrets: storedToolSecrets }),
    [tool],
  );
  // The agent's own validation path: the handle asks the validation worker, so answers arrive asynchronously.
  const validate = useCallback(
    async (args: unknown) => (await executor.get(tool.name)?.validate(args)) ?? [],
    [executor, tool.name],
  );
  const { issues, checking } = useArgsIssues(argsText, validate);

  const run = async () => {
    const controller = new AbortController();
    setRunning(controller);
    setOutcome(null);
    try {
      const r = await tryTool(executor, tool.name, argsText, {
        signal: controller.signal,
        defaultTimeoutMs: DEFAULT_CONFIG.toolTimeoutMs,
      });
      if (!mounted.current) return;
      setOutcome(r);
    } catch (err) {
      if (mounted.current) setOutcome({ kind: 'threw', message: err instanceof Error ? err.message : String(err) });
    } finally {
      if (mounted.current) setRunning(null);
    }
  };

  return (
    <section className="tool-try" aria-labelledby="tool-try-heading">
      <h3 id="tool-try-heading">Try it</h3>
      <label className="field">
        Arguments (JSON)
        <textarea
          className="mono"
          rows={4}
          spellCheck={false}
          value={argsText}
          aria-invalid={issues.length > 0 ? true : undefined}
          aria-describedby="tool-args-errors"
          onChange={(e) => setArgsText(e.target.value)}
        />
      </label>
      <FieldErrors id="tool-args-errors" messages={issues.map((i) => `${i.path}: ${i.message}`)} />
      <div className="field-row">
        <button
          type="button"
          className="primary"
          disabled={running !== null || checking || issues.length > 0}
          onClick={() => void run()}
        >
          Run
        </button>
        {running && (
          <button type="button" onClick={() => running.abort()}>
            Stop tool
          </button>
        )}
        {running && <span role="status">Running…</span>}
      </div>
      {outcome && <TryOutcome outcome={outcome} />}
    </section>
  );
}

function TryOutcome({ outcome }: { outcome: Outcome }) {
  if (outcome.kind !== 'ran') {
    const [headline, detail] =
      outcome.kind === 'threw'
        ? ['Failed', outcome.message]
        : [
            tryHeadline(outcome),
            outcome.kind === 'invalid'
              ? outcome.issues.map((i) => `${i.path}: ${i.message}`).join('\n')
              : outcome.kind === 'check_failed'
                ? outcome.message
                : 'No enabled tool has this name.',
          ];
    return (
      <section aria-label="Result" className="tool-result error">
        <p>
          <strong>{headline}</strong>
        </p>
        <pre data-testid="tool-result-content">{detail}</pre>
      </section>
    );
  }
  const { result, durationMs } = outcome;
  return (
    <section aria-label="Result" className={`tool-result ${result.outcome}`}>
      <p>
        <strong>{tryHeadline(outcome)}</strong> · <span>{durationMs} ms</span>
      </p>
      <pre data-testid="tool-result-content">{result.content}</pre>
      {result.logs.length > 0 && (
        <section aria-label="Logs">
          <h4>{logHeading(splitLog(result.logs))}</h4>
          <ol className="tool-logs mono">
            {result.logs.map((l, i) => (
              <li key={i} className={`log-${l.level}`}>
                [{l.level}] {l.text}
              </li>
            ))}
          </ol>
        </section>
      )}
    </section>
  );
}
