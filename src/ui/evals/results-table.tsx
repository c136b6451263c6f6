import type { EvalCell, EvalRunRecord } from '../../domain/eval-case';
import { summarizeSuiteRun } from '../../evals/run-suite';
import { useUiStore } from '../../store/ui-store';

const VERDICT_WORD: Record<EvalCell['verdict'], string> = { pass: 'pass', fail: 'fail', stopped: 'stopped', pending: 'running' };

/** A row per case, a column per model, a summary row per model; each cell opens its run on the timeline. */
export function ResultsTable({ run }: { run: EvalRunRecord }) {
  const selectSession = useUiStore((s) => s.selectSession);
  const setTab = useUiStore((s) => s.setTab);
  const done = run.cells.filter((c) => c.verdict !== 'pending').length;
  const rows = [...new Map(run.cells.map((c) => [c.caseId, c.caseName])).entries()];
  const summaries = summarizeSuiteRun(run, run.models);
  const open = (cell: EvalCell) => {
    if (!cell.sessionId) return;
    selectSession(cell.sessionId);
    setTab('timeline');
  };
  return (
    <>
      <p className="suite-progress">
        <progress aria-label="Suite progress" max={run.cells.length} value={done} aria-valuemin={0} aria-valuemax={run.cells.length} aria-valuenow={done} />
        <span>{done} of {run.cells.length}{run.state === 'stopped' ? ' (stopped)' : ''}</span>
      </p>
      <table className="results-table" aria-label="Results">
        <thead>
          <tr>
            <th scope="col">Case</th>
            {run.models.map((m) => <th key={m} scope="col">{m}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map(([caseId, caseName]) => (
            <tr key={caseId}>
              <th scope="row">{caseName}</th>
              {run.models.map((model) => {
                const cell = run.cells.find((c) => c.caseId === caseId && c.model === model);
                if (!cell) return <td key={model}>—</td>;
                return (
                  <td key={model} className={`cell-${cell.verdict}`}>
                    <button type="button" disabled={!cell.sessionId} onClick={() => open(cell)}>
                      {`${cell.caseName} on ${cell.model}: ${VERDICT_WORD[cell.verdict]}`}
                    </button>
                    {cell.reasons.length > 0 && (
                      <ul className="cell-reasons">
                        {cell.reasons.map((r, i) => <li key={i}>{r}</li>)}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Summary</th>
            {summaries.map((s) => (
              <td key={s.model}>
                {`Passed ${s.passed} of ${s.total}`}
                <br />
                {s.costUsd === null ? 'Cost not known' : `Cost $${s.costUsd.toFixed(4)}`}
                <br />
                {s.medianTtftMs === null ? 'Median time to first token: —' : `Median time to first token: ${Math.round(s.medianTtftMs)} ms`}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </>
  );
}
