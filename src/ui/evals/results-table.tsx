import { useState } from 'react';
import type { EvalRunRecord } from '../../domain/eval-case';
import { summarizeSuiteRun, tableCells, type TableCell, type TableVerdict } from '../../evals/suite-summary';
import { CellDetails } from './cell-details';

const VERDICT_WORD: Record<TableVerdict, string> = {
  pass: 'pass',
  fail: 'fail',
  flaky: 'flaky',
  stopped: 'stopped',
  pending: 'running',
};

/**
 * A row per case, a column per model, a summary row per model (architecture.md, "Test cases and suites"). A table
 * cell is a case on a model over its Repeats; it opens its details, whose "Run 1" ... "Run N" open each run on the
 * timeline. "Suite progress" counts runs.
 */
export function ResultsTable({ run }: { run: EvalRunRecord }) {
  const [open, setOpen] = useState<{ caseId: string; model: string } | null>(null);
  const done = run.cells.filter((c) => c.verdict !== 'pending').length;
  const cells = tableCells(run);
  const rows = [...new Map(cells.map((c) => [c.caseId, c.caseName])).entries()];
  const summaries = summarizeSuiteRun(run, run.models);
  const opened = open ? cells.find((c) => c.caseId === open.caseId && c.model === open.model) : undefined;
  return (
    <>
      <p className="suite-progress">
        <progress
          aria-label="Suite progress"
          max={run.cells.length}
          value={done}
          aria-valuemin={0}
          aria-valuemax={run.cells.length}
          aria-valuenow={done}
        />
        <span>
          {done} of {run.cells.length}
          {(run.repeats ?? 1) > 1 ? ` runs (${run.repeats} each)` : ''}
          {run.state === 'stopped' ? ' (stopped)' : ''}
        </span>
      </p>
      <table className="results-table" aria-label="Results">
        <thead>
          <tr>
            <th scope="col">Case</th>
            {run.models.map((m) => (
              <th key={m} scope="col">
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([caseId, caseName]) => (
            <tr key={caseId}>
              <th scope="row">{caseName}</th>
              {run.models.map((model) => {
                const cell = cells.find((c) => c.caseId === caseId && c.model === model);
                return cell ? (
                  <ResultCell key={model} cell={cell} onOpen={() => setOpen({ caseId, model })} />
                ) : (
                  <td key={model}>—</td>
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
                {`Passed every time: ${s.passedEveryTime} of ${s.cases}`}
                <br />
                {`Flaky: ${s.flaky}`}
                <br />
                {s.costUsd === null ? 'Cost not known' : `Cost $${s.costUsd.toFixed(4)}`}
                {' · '}
                {s.judgeCostUsd === null ? 'Judge cost not known' : `Judge cost $${s.judgeCostUsd.toFixed(4)}`}
                <br />
                {s.medianTtftMs === null
                  ? 'Median time to first token: —'
                  : `Median time to first token: ${Math.round(s.medianTtftMs)} ms`}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
      {opened && <CellDetails key={`${opened.caseId}\n${opened.model}`} cell={opened} onClose={() => setOpen(null)} />}
    </>
  );
}

/** One case on one model: its verdict over the repeats, "k of N passed" when it ran more than once, why it failed. */
function ResultCell({ cell, onOpen }: { cell: TableCell; onOpen: () => void }) {
  const n = cell.runs.length;
  // With one run its reasons read as before; with more, each failed run's reasons say which run.
  const reasons =
    n === 1
      ? (cell.runs[0]?.reasons ?? [])
      : cell.runs.flatMap((r, i) => r.reasons.map((why) => `Run ${i + 1}: ${why}`));
  return (
    <td className={`cell-${cell.verdict}`}>
      <button
        type="button"
        onClick={onOpen}
      >{`${cell.caseName} on ${cell.model}: ${VERDICT_WORD[cell.verdict]}`}</button>
      {n > 1 && (
        <span className="cell-count">
          {' '}
          {cell.passed} of {n} passed
        </span>
      )}
      {reasons.length > 0 && (
        <ul className="cell-reasons">
          {reasons.map((r, i) => (
            <li key={i}>{r}</li>
          ))}
        </ul>
      )}
    </td>
  );
}
