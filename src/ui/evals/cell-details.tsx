import { useEffect, useRef } from 'react';
import type { EvalCell, JudgeCall } from '../../domain/eval-case';
import type { TableCell } from '../../evals/suite-summary';
import { useUiStore } from '../../store/ui-store';

const RUN_WORD: Record<EvalCell['verdict'], string> = {
  pass: 'passed',
  fail: 'failed',
  stopped: 'stopped',
  pending: 'running',
};

/**
 * A cell's details (architecture.md, "Test cases and suites"): each repeat's run ("Run 1" ... "Run N" open it on the
 * timeline) with its failed checks in words, and its judge requests with their own tokens and cost.
 */
export function CellDetails({ cell, onClose }: { cell: TableCell; onClose: () => void }) {
  const selectSession = useUiStore((s) => s.selectSession);
  const setTab = useUiStore((s) => s.setTab);
  const ref = useRef<HTMLElement>(null);
  const name = `${cell.caseName} on ${cell.model}`;
  // A block body: newer browsers return a promise from scrollIntoView, which React would call as the effect's cleanup.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  const openRun = (run: EvalCell) => {
    if (!run.sessionId) return;
    selectSession(run.sessionId);
    setTab('timeline');
  };
  return (
    <section ref={ref} aria-label={name} className="cell-details">
      <h4>{name}</h4>
      <ol className="cell-runs">
        {cell.runs.map((run, i) => (
          <li key={i}>
            <button type="button" disabled={!run.sessionId} onClick={() => openRun(run)}>
              Run {i + 1}
            </button>{' '}
            {RUN_WORD[run.verdict]}
            {run.reasons.length > 0 && (
              <ul className="cell-reasons">
                {run.reasons.map((r, j) => (
                  <li key={j}>{r}</li>
                ))}
              </ul>
            )}
            {(run.judge ?? []).length > 0 && (
              <ul className="judge-calls" aria-label={`Judge requests of run ${i + 1}`}>
                {(run.judge ?? []).map((j, k) => (
                  <li key={k}>{judgeLine(j)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      <button type="button" onClick={onClose}>
        Close details
      </button>
    </section>
  );
}

/** A judge request as the details list it: its model, its tokens, its cost (apart from the case's), its verdict. */
function judgeLine(j: JudgeCall): string {
  const tokens =
    j.inputTokens === null || j.outputTokens === null
      ? 'tokens not reported'
      : `${j.inputTokens} input tokens, ${j.outputTokens} output tokens`;
  const cost = j.costUsd === null ? 'cost not known' : `$${j.costUsd.toFixed(4)}`;
  return `Judge request (${j.model}): ${tokens}, ${cost}. ${j.words}.`;
}
