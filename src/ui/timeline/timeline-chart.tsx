import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { visibleBars, visibleRows } from '../../timeline/cull';
import type { TimelineLayout } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import { fitViewport, panBy, revealRange, zoomAt, type Viewport } from '../../timeline/viewport';
import { neighbourBar, placeBars, type BarMove, type BarPlace } from '../../timeline/bar-neighbours';
import { axisTicks, TimeAxis } from './time-axis';
import { TimelineBar } from './timeline-bar';
import { FoldButtons, RowLabel } from './row-gutter';
import { BarTooltip } from './bar-tooltip';
import { useWheelZoom } from './use-wheel-zoom';

export const ROW_HEIGHT = 24;
export const GUTTER = 148;

/** `focus: false` scrolls without moving keyboard focus (stepping through search matches keeps it in the box). */
export type ScrollRequest = { row: number; barId: string; nonce: number; focus?: boolean };

type Props = {
  layout: TimelineLayout;
  viewport: Viewport;
  setViewport: (update: (vp: Viewport) => Viewport) => void;
  selectedId: string | null;
  onSelect: (bar: Bar) => void;
  scrollRequest: ScrollRequest | null;
  /** The chart's accessible name; Compare shows two, one per side. */
  label?: string;
  /** Folds or unfolds a run or turn row by its key; without it (Compare) rows have no fold buttons. */
  onToggleFold?: (key: string) => void;
  folded?: ReadonlySet<string>;
  /** A replay's position on the session axis: drawn as a cursor line across the rows (architecture.md, "Replay"). */
  cursorMs?: number | null;
};

type Hover = { bar: Bar; x: number; y: number };

const NO_FOLDS: ReadonlySet<string> = new Set();

/**
 * The chart: a time axis and virtualized rows. Only rows in the scrolled window are mounted and,
 * in each, only bars in the time window (binary search), so its cost follows the screen, not the run.
 */
export function TimelineChart({
  layout,
  viewport: vp,
  setViewport,
  selectedId,
  onSelect,
  scrollRequest,
  label = 'Timeline',
  onToggleFold,
  folded,
  cursorMs = null,
}: Props) {
  const keysId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 800, height: 400 });
  const [scrollTop, setScrollTop] = useState(0);
  const [hover, setHover] = useState<Hover | null>(null);
  // The bar last clicked or chosen: its details are open, so its tooltip would only cover them. It stays hidden
  // until the pointer moves on to another bar (or leaves), or focus does.
  const dismissed = useRef<string | null>(null);
  const showTip = (tip: Hover) => {
    if (tip.bar.id === dismissed.current) return;
    dismissed.current = null;
    setHover(tip);
  };
  const dismissTip = (bar: Bar | null) => {
    dismissed.current = bar?.id ?? null;
    setHover(null);
  };
  // Roving tabindex: the bar last focused (or chosen) is the chart's one Tab stop; arrows move between bars.
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const drag = useRef<{ x: number; y: number; vp: Viewport; scrollTop: number; moved: boolean; id: number } | null>(
    null,
  );
  const suppressClick = useRef(false);

  const plotW = Math.max(1, size.width - GUTTER);
  const pxPerMs = plotW / (vp.end - vp.start);
  const total = layout.totalMs;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The observer's first callback gives the size after layout; reading it here would force a reflow.
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useWheelZoom({ scrollRef, setViewport, gutter: GUTTER, plotW, total });

  // Jump to a row (show-in-timeline, details) and focus its bar once it is mounted. The bar's row is read from the
  // layout drawn now: rows may have unfolded since the request was made.
  const placesNow = useRef<Map<string, BarPlace>>(new Map());
  useEffect(() => {
    const el = scrollRef.current;
    if (!scrollRequest || !el) return;
    const row = placesNow.current.get(scrollRequest.barId)?.row ?? scrollRequest.row;
    el.scrollTop = Math.max(0, row * ROW_HEIGHT - el.clientHeight / 2 + ROW_HEIGHT / 2);
    setScrollTop(el.scrollTop);
    if (scrollRequest.focus === false) return;
    const id = requestAnimationFrame(() => {
      const target = el.querySelector<SVGGElement>(`[data-bar-id="${CSS.escape(scrollRequest.barId)}"]`);
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(id);
  }, [scrollRequest]);

  const x = useCallback(
    (ms: number) => GUTTER + Math.min(Math.max((ms - vp.start) * pxPerMs, -10), plotW + 10),
    [vp.start, pxPerMs, plotW],
  );

  const { first, last } = visibleRows(layout.rows.length, ROW_HEIGHT, scrollTop, size.height);
  const shown = useMemo(() => {
    const out: { index: number; bars: Bar[] }[] = [];
    const margin = 12 / pxPerMs;
    const keep = new Set([selectedId, activeId].filter((id): id is string => id !== null));
    for (let i = first; i < last; i++) {
      const row = layout.rows[i];
      if (row) out.push({ index: i, bars: visibleBars(row, vp.start - margin, vp.end + margin, pxPerMs, keep) });
    }
    return out;
  }, [layout, first, last, vp.start, vp.end, pxPerMs, selectedId, activeId]);
  const barsById = useMemo(() => new Map(shown.flatMap((r) => r.bars.map((b) => [b.id, b] as const))), [shown]);
  const places = useMemo(() => placeBars(layout.rows), [layout]);
  placesNow.current = places;
  const rovingId =
    activeId !== null && barsById.has(activeId)
      ? activeId
      : selectedId !== null && barsById.has(selectedId)
        ? selectedId
        : (shown.find((r) => r.bars.length > 0)?.bars[0]?.id ?? null);

  // A bar reached by the arrows may have been off screen: it is scrolled and panned into view first, then focused
  // once it is mounted (after the render that mounts it).
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const el = scrollRef.current?.querySelector<SVGGElement>(`[data-bar-id="${CSS.escape(id)}"]`);
    if (!el) return;
    pendingFocus.current = null;
    el.focus({ preventScroll: true });
  });

  const moveTo = (fromId: string, move: BarMove): boolean => {
    const from = places.get(fromId);
    const to = from ? neighbourBar(layout.rows, from, move) : null;
    if (!to) return false;
    setActiveId(to.bar.id);
    pendingFocus.current = to.bar.id;
    const el = scrollRef.current;
    if (el) {
      const top = to.row * ROW_HEIGHT;
      if (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) {
        el.scrollTop = Math.max(0, top - el.clientHeight / 2 + ROW_HEIGHT / 2);
        setScrollTop(el.scrollTop);
      }
    }
    setViewport((v) => revealRange(v, to.bar.start, to.bar.end, total));
    return true;
  };

  const barFromEvent = (target: EventTarget | null): Bar | null => {
    const el = target instanceof Element ? target.closest('[data-bar-id]') : null;
    const id = el?.getAttribute('data-bar-id');
    return id ? (barsById.get(id) ?? null) : null;
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    drag.current = {
      x: e.clientX,
      y: e.clientY,
      vp,
      scrollTop: scrollRef.current?.scrollTop ?? 0,
      moved: false,
      id: e.pointerId,
    };
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (d && d.id === e.pointerId) {
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) > 4) {
        d.moved = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        setHover(null);
      }
      if (d.moved) {
        setViewport(() => panBy(d.vp, (-dx / plotW) * (d.vp.end - d.vp.start), total));
        if (scrollRef.current) scrollRef.current.scrollTop = d.scrollTop - dy;
        return;
      }
    }
    const bar = barFromEvent(e.target);
    const rect = sectionRef.current?.getBoundingClientRect();
    if (bar && rect) showTip({ bar, x: e.clientX - rect.left, y: e.clientY - rect.top });
    else {
      dismissed.current = null;
      if (hover) setHover(null);
    }
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d?.moved) {
      suppressClick.current = true;
      e.currentTarget.releasePointerCapture(e.pointerId);
    }
  };
  const onClick = (e: React.MouseEvent<SVGSVGElement>) => {
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    const bar = barFromEvent(e.target);
    if (!bar) return;
    dismissTip(bar);
    onSelect(bar);
  };
  const onFocus = (e: React.FocusEvent<SVGSVGElement>) => {
    const bar = barFromEvent(e.target);
    if (bar) setActiveId(bar.id);
    const rect = sectionRef.current?.getBoundingClientRect();
    const el = e.target instanceof Element ? e.target.getBoundingClientRect() : null;
    if (bar && rect && el) showTip({ bar, x: el.left - rect.left, y: el.bottom - rect.top });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const span = vp.end - vp.start;
    const bar = barFromEvent(e.target);
    if ((e.key === 'Enter' || e.key === ' ') && bar) {
      e.preventDefault();
      dismissTip(bar);
      onSelect(bar);
      return;
    }
    // Content shown on hover or focus can be dismissed without moving either (WCAG 1.4.13).
    if (e.key === 'Escape' && hover) {
      e.preventDefault();
      dismissTip(hover.bar);
      return;
    }
    // On a bar, arrows (and Home/End) move between bars; with Shift they pan and scroll as they do on the chart.
    const move: BarMove | null =
      bar && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey
        ? ((
            {
              ArrowLeft: 'left',
              ArrowRight: 'right',
              ArrowUp: 'up',
              ArrowDown: 'down',
              Home: 'first',
              End: 'last',
            } as const
          )[e.key as 'Home'] ?? null)
        : null;
    if (bar && move) {
      e.preventDefault();
      moveTo(bar.id, move);
      return;
    }
    const key = e.key;
    let handled = true;
    if (key === '+' || key === '=') setViewport((v) => zoomAt(v, 0.5, (v.start + v.end) / 2, total));
    else if (key === '-' || key === '_') setViewport((v) => zoomAt(v, 2, (v.start + v.end) / 2, total));
    else if (key === '0') setViewport(() => fitViewport(total));
    else if (key === 'ArrowLeft') setViewport((v) => panBy(v, -span * 0.1, total));
    else if (key === 'ArrowRight') setViewport((v) => panBy(v, span * 0.1, total));
    else if (key === 'ArrowUp' && scrollRef.current) scrollRef.current.scrollTop -= ROW_HEIGHT * 3;
    else if (key === 'ArrowDown' && scrollRef.current) scrollRef.current.scrollTop += ROW_HEIGHT * 3;
    else handled = false;
    if (handled) e.preventDefault();
  };

  const totalHeight = layout.rows.length * ROW_HEIGHT;
  const svgHeight = Math.max(ROW_HEIGHT, Math.min(size.height, totalHeight));
  const grid = axisTicks(vp, plotW).values;

  return (
    <section
      ref={sectionRef}
      className="tl-chart"
      aria-label={label}
      aria-roledescription="timeline chart"
      aria-describedby={keysId}
      tabIndex={rovingId === null ? 0 : -1}
      onKeyDown={onKeyDown}
      data-view-start={vp.start.toFixed(1)}
      data-view-end={vp.end.toFixed(1)}
      data-rows={layout.rows.length}
    >
      <p id={keysId} className="visually-hidden">
        On a bar, arrow keys move to the next bar, Home and End to the first and last, Enter opens its details, Escape
        closes them. Plus and minus zoom, Shift with left and right arrows pans, 0 fits the whole session.
      </p>
      <TimeAxis vp={vp} width={size.width} gutter={GUTTER} />
      <div ref={scrollRef} className="tl-scroll" onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div style={{ height: totalHeight, position: 'relative' }}>
          {onToggleFold && (
            <FoldButtons
              rows={layout.rows}
              shown={shown.map((r) => r.index)}
              rowHeight={ROW_HEIGHT}
              gutter={GUTTER}
              folded={folded ?? NO_FOLDS}
              onToggle={onToggleFold}
            />
          )}
          <svg
            className="tl-rows"
            width={size.width}
            height={svgHeight}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
            }}
            onPointerLeave={() => dismissTip(null)}
            onClick={onClick}
            onFocus={onFocus}
            onBlur={() => setHover(null)}
          >
            <rect className="tl-bg" x={0} y={0} width={size.width} height={svgHeight} />
            {grid.map((v) => {
              const gx = x(v);
              return gx >= GUTTER ? <line key={v} x1={gx} x2={gx} y1={0} y2={svgHeight} className="tl-grid" /> : null;
            })}
            {shown.map(({ index, bars }) => {
              const row = layout.rows[index];
              if (!row) return null;
              const y = index * ROW_HEIGHT - scrollTop;
              return (
                <g
                  key={row.key}
                  className={`tl-row tl-row-${row.kind}`}
                  data-row-kind={row.kind}
                  data-row-index={index}
                >
                  {row.kind === 'run' && (
                    <rect x={0} y={y} width={size.width} height={ROW_HEIGHT} className="tl-run-band" />
                  )}
                  <RowLabel row={row} y={y} height={ROW_HEIGHT} gutter={GUTTER} />
                  <svg x={GUTTER} y={y} width={plotW} height={ROW_HEIGHT} overflow="hidden">
                    <g transform={`translate(${-GUTTER} ${-y})`}>
                      {bars.map((bar, i) => {
                        return (
                          <TimelineBar
                            key={bar.id}
                            bar={bar}
                            row={bars}
                            index={i}
                            x={x}
                            plotLeft={GUTTER}
                            plotRight={GUTTER + plotW}
                            y={y}
                            height={ROW_HEIGHT}
                            selected={bar.id === selectedId}
                            tabIndex={bar.id === rovingId ? 0 : -1}
                          />
                        );
                      })}
                    </g>
                  </svg>
                </g>
              );
            })}
            {cursorMs !== null && (
              <line
                x1={x(cursorMs)}
                x2={x(cursorMs)}
                y1={0}
                y2={svgHeight}
                className="tl-replay-cursor"
                data-replay-cursor={cursorMs.toFixed(1)}
              />
            )}
          </svg>
        </div>
      </div>
      {hover && !drag.current?.moved && (
        <BarTooltip bar={hover.bar} left={Math.min(hover.x + 12, size.width - 220)} top={hover.y + 14} />
      )}
    </section>
  );
}
