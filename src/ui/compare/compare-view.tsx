import { tablePriceOf } from '../../compare/table-price';
import { usePriceOverrides } from '../data/settings/use-price-overrides';
import { useCallback, useMemo, useState } from 'react';
import { comparePaths, onSharedScale, type Comparison, type CompareSide } from '../../compare/compare-paths';
import {
  formatAddress,
  formatCompareRef,
  parseCompareRef,
  sameCompareRef,
  sessionAddress,
  sessionRef,
  type CompareRef,
} from '../../domain/app-address';
import { pathLabel } from '../../compare/branch-choices';
import { ROOT_BRANCH } from '../../domain/branches';
import { formatMs, formatTokens } from '../../timeline/format';
import { layoutTimeline } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import { STATUS_STYLES } from '../../timeline/outcome-style';
import { fitViewport, zoomAt, type Viewport } from '../../timeline/viewport';
import { useUiStore } from '../../store/ui-store';
import { useComparePath, type ComparePathRead } from '../data/compare/use-compare-path';
import { useCompareChoices } from '../data/compare/use-compare-choices';
import { useSessionSearch } from '../data/session/use-session-search';
import { DEFAULT_TITLE } from '../data/session/session-reads';
import { TimelineChart } from '../timeline/timeline-chart';
import '../timeline/timeline.css';
import '../timeline/timeline-toolbar.css';
import './compare.css';

/** Compare: two sessions, or two branches (of one session or two), side by side on one time scale. */
export function CompareView({ a, b }: { a: CompareRef | null; b: CompareRef | null }) {
  const sessions = useSessionSearch('');
  const choices = useCompareChoices(sessions);
  const openOverlay = useUiStore((s) => s.openOverlay);
  const left = useComparePath(a);
  const right = useComparePath(b);
  const leftRead = left && sameCompareRef(left.ref, a) ? left : undefined;
  const rightRead = right && sameCompareRef(right.ref, b) ? right : undefined;
  const leftPath = leftRead?.path ?? undefined;
  const rightPath = rightRead?.path ?? undefined;
  // Built again when either side changes (a run going on in one of them); `now` only moves open bars.
  const prices = usePriceOverrides();
  const comparison = useMemo(
    () => (leftPath && rightPath ? comparePaths(leftPath, rightPath, Date.now(), tablePriceOf(prices)) : null),
    [leftPath, rightPath, prices],
  );

  const pick = (side: 'a' | 'b', value: string) => {
    const ref = value === '' ? null : parseCompareRef(value);
    openOverlay(side === 'a' ? { kind: 'compare', a: ref, b } : { kind: 'compare', a, b: ref });
  };
  const title = (t: string) => (t === DEFAULT_TITLE ? 'Untitled session' : t);
  const picker = (side: 'a' | 'b', label: string, value: CompareRef | null) => {
    const current = value === null ? '' : formatCompareRef(value);
    const known = sessions?.some(
      (s) =>
        s.id === value?.sessionId &&
        (value.branchId === null ||
          value.branchId === ROOT_BRANCH ||
          choices?.get(s.id)?.some((c) => c.branchId === value.branchId)),
    );
    return (
      <label className="compare-pick">
        {label}
        <select value={current} onChange={(e) => pick(side, e.target.value)} disabled={side === 'b' && a === null}>
          <option value="">Choose a session or branch…</option>
          {value !== null && sessions && choices && !known && <option value={current}>(not found)</option>}
          {/* "<session>@root" of a straight session: offered whole, but a link may name its only branch. */}
          {value?.branchId === ROOT_BRANCH && known && !choices?.has(value.sessionId) && (
            <option value={current}>
              {pathLabel(title(sessions?.find((s) => s.id === value.sessionId)?.title ?? ''), 1)}
            </option>
          )}
          {sessions?.map((s) => {
            const branches = choices?.get(s.id);
            if (!branches)
              return (
                <option key={s.id} value={formatCompareRef(sessionRef(s.id))}>
                  {title(s.title)}
                </option>
              );
            return (
              <optgroup key={s.id} label={title(s.title)}>
                <option value={formatCompareRef(sessionRef(s.id))}>{title(s.title)} (branch shown)</option>
                {branches.map((c) => (
                  <option key={c.branchId} value={formatCompareRef({ sessionId: s.id, branchId: c.branchId })}>
                    {pathLabel(title(s.title), c.number)}: {c.opening}
                    {c.active ? ' (shown)' : ''}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </label>
    );
  };

  const missing = [leftRead, rightRead].filter((r): r is ComparePathRead => r !== undefined && r.path === null);
  const sameSide = a !== null && b !== null && sameCompareRef(a, b);

  return (
    <section className="compare" aria-labelledby="compare-title">
      <h2 id="compare-title">Compare sessions</h2>
      <div className="compare-picks">
        {picker('a', 'First session', a)}
        {picker('b', 'Second session', b)}
      </div>
      {missing.map((r) => (
        <p key={formatCompareRef(r.ref)} role="alert">
          {r.missing === 'branch'
            ? `Session "${r.ref.sessionId}" has no branch "${r.ref.branchId ?? ''}" any more. Choose another above.`
            : `No session "${r.ref.sessionId}" is stored in this browser: it was deleted, or the link comes from elsewhere. Choose another above.`}
        </p>
      ))}
      {sameSide && (
        <p className="hint">Both sides show the same path; choose another branch or session for one of them.</p>
      )}
      {a === null || b === null ? (
        <p className="hint">Choose two sessions, or two branches of one session, to see them side by side.</p>
      ) : comparison ? (
        <>
          <CompareTable c={comparison} />
          <CompareTimelines c={comparison} />
        </>
      ) : missing.length === 0 ? (
        <p className="hint">Loading…</p>
      ) : null}
    </section>
  );
}

function tokens(s: CompareSide): string {
  const u = s.usage;
  if (u.totalTokens === 0) return '—';
  return (
    `${formatTokens(u.promptTokens)} in / ${formatTokens(u.completionTokens)} out (${formatTokens(u.totalTokens)} ` +
    `total)${u.estimated ? ', estimated' : ''}`
  );
}

function ToolList({ s }: { s: CompareSide }) {
  if (s.tools.length === 0) return <>none</>;
  return (
    <ul className="compare-tools">
      {s.tools.map((t) => (
        <li key={t.name} data-tool={t.name}>
          <code>{t.name}</code> ×{t.total}:{' '}
          {Object.entries(t.outcomes).map(([o, n], i) => (
            <span key={o} className={`tl-status tl-status-${o}`}>
              {i > 0 ? ', ' : ''}
              {n} {o in STATUS_STYLES ? STATUS_STYLES[o as keyof typeof STATUS_STYLES].word : 'no result'}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** One row per measure, one column per side: a screen reader reads each cell with its row and column names. */
function CompareTable({ c }: { c: Comparison }) {
  const rows: { name: string; cell: (s: CompareSide) => React.ReactNode }[] = [
    {
      name: 'Model',
      cell: (s) =>
        s.models.length > 0 && s.models.join(', ') !== s.model
          ? `${s.model} (runs used ${s.models.join(', ')})`
          : s.model || '—',
    },
    { name: 'Runs', cell: (s) => s.runs },
    { name: 'Turns', cell: (s) => s.turns },
    { name: 'User messages', cell: (s) => s.userMessages },
    { name: 'Tool calls', cell: (s) => s.toolCalls },
    { name: 'Tool calls by name', cell: (s) => <ToolList s={s} /> },
    { name: 'Tokens', cell: tokens },
    {
      name: 'Cost',
      cell: (s) =>
        s.cost
          ? `$${s.cost.amount.toFixed(4)}${s.usage.estimated ? ' (estimated)' : ''}`
          : 'not known (no prices for this model)',
    },
    { name: 'Duration', cell: (s) => (s.runs > 0 ? formatMs(s.durationMs) : '—') },
    {
      name: 'Final answer',
      cell: (s) =>
        s.finalAnswer ? (
          <div className="compare-answer">
            {s.finalAnswer.text}
            {s.finalAnswer.status !== 'complete' ? ` (${s.finalAnswer.status})` : ''}
          </div>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <div className="compare-table-wrap">
      <table className="compare-table" aria-label="Comparison">
        <thead>
          <tr>
            <td />
            {[c.a, c.b].map((s, i) => (
              <th key={i} scope="col" data-side={i === 0 ? 'a' : 'b'}>
                <a href={formatAddress(sessionAddress(s.sessionId))}>{s.label}</a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} data-measure={r.name}>
              <th scope="row">{r.name}</th>
              <td data-side="a">{r.cell(c.a)}</td>
              <td data-side="b">{r.cell(c.b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The two timelines share one viewport: zooming or panning either moves both, so equal times stay aligned. */
function CompareTimelines({ c }: { c: Comparison }) {
  const total = c.scaleMs;
  const [viewport, setViewportState] = useState<Viewport | null>(null);
  const vp = viewport ?? fitViewport(total);
  const setViewport = useCallback(
    (update: (v: Viewport) => Viewport) => setViewportState((prev) => update(prev ?? fitViewport(total))),
    [total],
  );
  const [selected, setSelected] = useState<Bar | null>(null);
  const layouts = useMemo(() => [c.a, c.b].map((s) => onSharedScale(layoutTimeline(s.timeline), total)), [c, total]);
  if (total === 0) return <p className="hint">Neither session has runs to draw.</p>;
  return (
    <div className="compare-timelines" data-scale-ms={Math.round(total)}>
      <div className="tl-toolbar">
        <h3>Timelines on one time scale</h3>
        <span className="tl-spacer" />
        <button type="button" onClick={() => setViewport((v) => zoomAt(v, 0.5, (v.start + v.end) / 2, total))}>
          Zoom in
        </button>
        <button type="button" onClick={() => setViewport((v) => zoomAt(v, 2, (v.start + v.end) / 2, total))}>
          Zoom out
        </button>
        <button type="button" onClick={() => setViewportState(null)}>
          Fit
        </button>
      </div>
      {selected && (
        <p className="compare-selected" role="status">
          {selected.label}: {STATUS_STYLES[selected.status].word}, {formatMs(selected.end - selected.start)}, starts at{' '}
          {formatMs(selected.start - selected.runOffset)}
        </p>
      )}
      {[c.a, c.b].map((s, i) => (
        <div key={i} className="compare-chart" data-side={i === 0 ? 'a' : 'b'}>
          {s.runs === 0 ? (
            <p className="hint">{s.label}: no runs.</p>
          ) : (
            <TimelineChart
              layout={layouts[i] ?? onSharedScale(s.layout, total)}
              viewport={vp}
              setViewport={setViewport}
              selectedId={selected?.id ?? null}
              onSelect={setSelected}
              scrollRequest={null}
              label={`Timeline of ${s.label}`}
            />
          )}
        </div>
      ))}
    </div>
  );
}
