import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { costOf, costText, addCost, ZERO_COST } from '../../domain/cost';
import { priceOf } from '../../domain/model-prices';
import type { TraceModelUsage } from '../../domain/trace-inbox';
import type { TraceRow } from '../../traces/trace-query';
import { usePriceOverrides } from '../data/settings/use-price-overrides';
import { TRACE_ROW_OVERSCAN, TRACE_ROW_HEIGHT } from './traces-table-rows';

type Props = {
  /** Rows in the whole answer. */
  count: number;
  /** The rows at hand, from `start`; a row outside it is drawn empty until its window arrives. */
  window: { start: number; rows: readonly TraceRow[] };
  /** The rows shown now, so the ones not at hand are fetched. */
  onRange: (start: number, end: number) => void;
  opening: string | null;
  onOpen: (traceId: string) => void;
};

function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

const tokens = (usage: readonly TraceModelUsage[]) => usage.reduce((n, u) => n + u.input + u.output, 0);

/**
 * The table "Traces" (architecture.md, "Trace inbox"): one row per trace, newest first, virtualised so 10,000 rows
 * scroll as smoothly as 10; the page holds only the rows around those shown (the worker has the rest). A cost is
 * priced here, with the person's prices, from the tokens each model used.
 */
export function TracesTable({ count, window: atHand, onRange, opening, onOpen }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const prices = usePriceOverrides();
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TRACE_ROW_HEIGHT,
    overscan: TRACE_ROW_OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = (items.at(-1)?.index ?? 0) + 1;
  useEffect(() => onRange(first, last), [first, last, count, onRange]);
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const cost = (usage: readonly TraceModelUsage[]) =>
    usage.length === 0
      ? '—'
      : costText(
          usage.reduce(
            (c, u) =>
              addCost(
                c,
                costOf(
                  {
                    promptTokens: u.input,
                    completionTokens: u.output,
                    totalTokens: u.input + u.output,
                    cachedTokens: u.cached,
                    reasoningTokens: u.reasoning,
                    estimated: false,
                  },
                  priceOf(u.model, prices),
                ),
              ),
            ZERO_COST,
          ),
        );
  return (
    <div className="traces-scroll" ref={scrollRef}>
      <table aria-label="Traces" aria-rowcount={count + 1} className="traces-table">
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Name</th>
            <th scope="col">Start</th>
            <th scope="col">Duration</th>
            <th scope="col">Models</th>
            <th scope="col">Tool calls</th>
            <th scope="col">Errors</th>
            <th scope="col">Tokens</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {top > 0 && <tr aria-hidden="true" style={{ height: top }} />}
          {items.map((v) => {
            const r = atHand.rows[v.index - atHand.start];
            if (!r)
              return (
                <tr key={`pending:${v.index}`} aria-rowindex={v.index + 2} style={{ height: TRACE_ROW_HEIGHT }}>
                  <td colSpan={8} className="hint">
                    …
                  </td>
                </tr>
              );
            return (
              <tr
                key={`${r.sourceId}:${r.traceId}`}
                aria-rowindex={v.index + 2}
                data-trace-id={r.traceId}
                data-errors={r.errors > 0 ? 'true' : undefined}
                style={{ height: TRACE_ROW_HEIGHT }}
              >
                <td>
                  <button
                    type="button"
                    className="link-button"
                    disabled={opening !== null}
                    aria-busy={opening === r.traceId ? 'true' : undefined}
                    onClick={() => onOpen(r.traceId)}
                  >
                    {r.name}
                  </button>
                </td>
                <td>{new Date(r.start).toLocaleString()}</td>
                <td>{durationText(r.end - r.start)}</td>
                <td>{r.models.join(', ') || '—'}</td>
                <td>{r.toolCalls}</td>
                <td>{r.errors}</td>
                <td>{tokens(r.usage)}</td>
                <td>{cost(r.usage)}</td>
              </tr>
            );
          })}
          {bottom > 0 && <tr aria-hidden="true" style={{ height: bottom }} />}
        </tbody>
      </table>
    </div>
  );
}
