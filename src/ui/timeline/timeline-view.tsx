import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useUiStore } from '../../store/ui-store';
import { timelineExportHeading, timelineExportName } from '../../timeline/export-name';
import { exportSvg } from '../../timeline/export-svg';
import { stepCall, viewAround } from '../../timeline/find-match';
import { filterTimeline, toolNames } from '../../timeline/filter';
import { layoutTimeline, TimelineLayout } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import type { CallOutcome } from '../../timeline/model';
import { CALL_OUTCOMES } from '../../timeline/outcome-style';
import { fitViewport, revealRange, zoomAt, type Viewport } from '../../timeline/viewport';
import { readSession } from '../data/session/session-reads';
import { installShowInTimelineListener } from '../shared/chat-link';
import { DetailsPanel } from './details-panel';
import { useReplayStore, type ActiveReplay } from '../../store/replay/replay-store';
import { downloadBlob } from '../shared/download';
import { svgToPng } from './svg-to-png';
import { GUTTER, ROW_HEIGHT, TimelineChart, type ScrollRequest } from './timeline-chart';
import { TimelineSummary } from './timeline-summary';
import { useCostText } from './use-cost-text';
import { TimelineToolbar } from './timeline-toolbar';
import { SessionBreakpointsButton } from '../debug/breakpoints-button';
import { TaskLanesList } from '../mcp/tasks/task-lanes-list';
import { useTimelineSnapshot } from './use-timeline-data';
import { ViewLane } from '../mcp/apps/view-lane';
import { useSessionViewEvents } from '../mcp/apps/use-session-view-events';
import { withViewRows } from '../../timeline/view-rows';
import { withTaskRows } from '../../timeline/task-rows';
import { useMcpTaskLanes } from '../../store/mcp/mcp-face';
import { foldLayout, unfoldFor } from '../../timeline/fold';
import './timeline.css';

installShowInTimelineListener();

const EXPORT_WIDTH = 1400;

/** The Timeline tab: what the agent did in a session, when, for how long, and why it stopped. */
export function TimelineView({ sessionId }: { sessionId: string | null }) {
  // A branched session shows the active path's runs; the others on request (architecture.md, "Branches").
  const [allBranches, setAllBranches] = useState(false);
  const { snapshot, error, hiddenRuns } = useTimelineSnapshot(sessionId, allBranches);
  const model = snapshot?.model ?? null;
  const replay = useReplayStore((s) => s.active);
  const live = model?.runs.some((r) => r.state === 'live') ?? false;

  const [text, setText] = useState('');
  const deferredText = useDeferredValue(text);
  const [tool, setTool] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<ReadonlySet<CallOutcome>>(() => new Set(CALL_OUTCOMES));
  const filter = useMemo(() => ({ text: deferredText, tool, outcomes }), [deferredText, tool, outcomes]);
  // Unfiltered, the layout comes ready-made with the snapshot; only a filter lays out again.
  // MCP App View events (stored and this page's) are a row per View after the runs (timeline/view-rows.ts).
  const viewEvents = useSessionViewEvents(sessionId ?? '');
  // A call's MCP task is a row under it (timeline/task-rows.ts); the lanes above the chart load them.
  const taskLanes = useMcpTaskLanes((s) => s.lanes);
  const tasks = useMemo(
    () => Object.values(taskLanes).filter((l) => l.sessionId === sessionId),
    [taskLanes, sessionId],
  );
  const filtered = useMemo(
    () => (snapshot ? filterTimeline(snapshot.model, filter, CALL_OUTCOMES) : null),
    [snapshot, filter],
  );
  // Every row, folded or not: the axis's length, and the rows a call sits under when it is asked for.
  const fullLayout = useMemo(() => {
    if (!snapshot || !filtered) return null;
    const laid = filtered === snapshot.model ? snapshot.layout : layoutTimeline(filtered);
    return withViewRows(withTaskRows(laid, snapshot.model.runs, tasks), snapshot.model.runs, viewEvents);
  }, [snapshot, filtered, viewEvents, tasks]);
  const total = fullLayout?.totalMs ?? 0;
  const summary = snapshot?.summary ?? null;
  const tools = useMemo(() => (model ? toolNames(model) : []), [model]);
  const cost = useCostText();

  // null = follow: until the person zooms or pans, the chart keeps fitting the (possibly growing) session.
  const [viewport, setViewportState] = useState<Viewport | null>(null);
  const vp = viewport ?? fitViewport(total);
  // Folded runs and turns by row key (timeline/fold.ts); a call asked for inside one unfolds it.
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const layout = useMemo(() => (fullLayout ? foldLayout(fullLayout, folded) : null), [fullLayout, folded]);
  const toggleFold = useCallback(
    (key: string) =>
      setFolded((prev) => {
        const next = new Set(prev);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );
  const setViewport = useCallback(
    (update: (v: Viewport) => Viewport) => {
      setViewportState((prev) => update(prev ?? fitViewport(total)));
    },
    [total],
  );
  const fit = useCallback(() => setViewportState(null), []);

  const [selected, setSelected] = useState<Bar | null>(null);
  const [scrollRequest, setScrollRequest] = useState<ScrollRequest | null>(null);
  useEffect(() => {
    setSelected(null);
    setViewportState(null);
    setFolded(new Set());
  }, [sessionId]);
  // The address names the selected call (store/address-sync.ts), so a reload or a shared link shows it again.
  const selectedCallId = selected?.callId ?? null;
  useEffect(() => {
    useUiStore
      .getState()
      .setTimelineSelection(sessionId && selectedCallId ? { sessionId, callId: selectedCallId } : null);
  }, [sessionId, selectedCallId]);

  // A request from the chat: select the call, clear filters hiding it, scroll to it and bring it into view.
  const focus = useUiStore((s) => s.timelineFocus);
  useEffect(() => {
    if (!focus || !layout || !fullLayout || !model || focus.sessionId !== sessionId) return;
    const hit = layout.callIndex.get(focus.callId);
    const unfolded = unfoldFor(fullLayout, focus.callId, folded);
    if (unfolded !== folded) {
      setFolded(unfolded);
      return;
    }
    if (!hit) {
      const exists = model.runs.some((r) => r.turns.some((t) => t.calls.some((c) => c.callId === focus.callId)));
      if (exists && (text || tool || outcomes.size !== CALL_OUTCOMES.length)) {
        setText('');
        setTool(null);
        setOutcomes(new Set(CALL_OUTCOMES));
      }
      return;
    }
    useUiStore.getState().clearTimelineFocus();
    setSelected(hit.bar);
    setScrollRequest((r) => ({ row: hit.row, barId: hit.bar.id, nonce: (r?.nonce ?? 0) + 1 }));
    setViewport((v) => revealRange(v, hit.bar.start, hit.bar.end, layout.totalMs));
  }, [focus, layout, fullLayout, folded, model, sessionId, text, tool, outcomes, setViewport]);

  // Find-next: select the next shown call, zoom to it and scroll its row into view; focus stays in the search box.
  // Find-next goes through every shown call, folded ones too: it unfolds the run and turn of the one it reaches.
  const step = (back: boolean) => {
    if (!layout || !fullLayout) return;
    const next = stepCall(fullLayout, selected?.callId ?? null, back);
    if (!next) return;
    const unfolded = unfoldFor(fullLayout, next.bar.callId ?? '', folded);
    const hit =
      unfolded === folded ? layout.callIndex.get(next.bar.callId ?? '') : foldedHit(fullLayout, unfolded, next);
    if (!hit) return;
    setFolded(unfolded);
    setSelected(hit.bar);
    setScrollRequest((r) => ({ row: hit.row, barId: hit.bar.id, nonce: (r?.nonce ?? 0) + 1, focus: false }));
    setViewport(() => viewAround(hit.bar.start, hit.bar.end, layout.totalMs));
  };

  // Closing the details gives the cursor back to the bar they were opened from (or the chart when it scrolled away).
  const closeDetails = () => {
    const id = selected?.id ?? null;
    setSelected(null);
    const bar = id === null ? null : document.querySelector<SVGGElement>(`.tl-body [data-bar-id="${CSS.escape(id)}"]`);
    (bar ?? document.querySelector<HTMLElement>('.tl-body .tl-chart'))?.focus({ preventScroll: true });
  };

  // The picture is named and headed after the session's title, read at click time (it may have been renamed); it
  // shows the rows as folded on screen, with their fold arrows.
  const exportChart = async (ext: 'svg' | 'png') => {
    if (!fullLayout) return;
    const title = sessionId ? ((await readSession(sessionId))?.title ?? null) : null;
    const now = new Date();
    const svg = exportSvg(fullLayout, vp, {
      width: EXPORT_WIDTH,
      rowHeight: ROW_HEIGHT,
      gutter: GUTTER,
      title: timelineExportHeading(title, now),
      folded,
    });
    const name = timelineExportName(title, now, ext);
    if (ext === 'svg') {
      downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), name);
      return;
    }
    const height = Number(/height="(\d+)"/.exec(svg)?.[1] ?? 600);
    downloadBlob(await svgToPng(svg, EXPORT_WIDTH, height), name);
  };
  const onExportSvg = () => void exportChart('svg');
  const onExportPng = () => void exportChart('png');

  if (!sessionId)
    return (
      <div className="tl-view tl-empty">
        <p>Pick or start a session to see its timeline.</p>
      </div>
    );
  if (error)
    return (
      <div className="tl-view tl-empty" role="alert">
        Could not read the timeline: {error}
      </div>
    );
  if (!model || !layout || !summary)
    return (
      <div className="tl-view tl-empty">
        <p>Loading timeline…</p>
      </div>
    );
  if (model.runs.length === 0)
    return (
      <div className="tl-view tl-empty">
        <p>No runs in this session yet. Send a message to start one.</p>
      </div>
    );

  // Calls in a folded run or turn are still shown (only tucked away): the count is of the unfolded layout.
  const shownCalls = fullLayout?.callIndex.size ?? 0;
  return (
    <div className="tl-view" data-live={live ? 'true' : undefined}>
      <TimelineSummary s={summary} cost={cost.sum(model.runs)} />
      {model.runs.some((r) => r.orderOnly) && (
        <p className="hint" role="note">
          Imported without times: the marked runs show the order of their steps, one a second, not how long each took.
        </p>
      )}
      {(hiddenRuns > 0 || allBranches) && (
        <label className="tl-branches">
          <input type="checkbox" checked={allBranches} onChange={(e) => setAllBranches(e.target.checked)} />
          Show runs of all branches{hiddenRuns > 0 ? ` (${hiddenRuns} on other branches hidden)` : ''}
        </label>
      )}
      <TimelineToolbar
        text={text}
        onText={setText}
        onStep={step}
        tools={tools}
        tool={tool}
        onTool={setTool}
        outcomes={outcomes}
        onToggleOutcome={(o) =>
          setOutcomes((prev) => {
            const next = new Set(prev);
            if (next.has(o)) next.delete(o);
            else next.add(o);
            return next;
          })
        }
        onFit={fit}
        onZoom={(f) => setViewport((v) => zoomAt(v, f, (v.start + v.end) / 2, total))}
        onExportSvg={onExportSvg}
        onExportPng={onExportPng}
        shown={shownCalls}
        total={summary.toolCalls}
        spans={layout.hasSpans}
        extra={<SessionBreakpointsButton sessionId={sessionId} />}
      />
      <TaskLanesList sessionId={sessionId} />
      {/* Esc closes the details from anywhere in the chart or the panel; the chart's tooltip takes the first Esc. */}
      <div
        className="tl-body"
        onKeyDown={(e) => {
          if (e.key !== 'Escape' || e.defaultPrevented || !selected) return;
          e.preventDefault();
          closeDetails();
        }}
      >
        <TimelineChart
          layout={layout}
          viewport={vp}
          setViewport={setViewport}
          selectedId={selected?.id ?? null}
          onSelect={setSelected}
          scrollRequest={scrollRequest}
          onToggleFold={toggleFold}
          folded={folded}
          cursorMs={replayCursorMs(layout, replay, sessionId ?? '')}
        />
        {selected && <DetailsPanel model={model} bar={selected} onClose={closeDetails} />}
      </div>
      <ViewLane sessionId={sessionId} runs={model.runs} events={viewEvents} />
    </div>
  );
}

/** A call's row and bar in the layout folded as `folded`: the row index moves when rows above it fold or unfold. */
function foldedHit(
  full: TimelineLayout,
  folded: ReadonlySet<string>,
  hit: { bar: Bar },
): { row: number; bar: Bar } | undefined {
  return foldLayout(full, folded).callIndex.get(hit.bar.callId ?? '');
}

/** Where a replay of one of this session's runs stands, on the session axis (architecture.md, "Replay"). */
function replayCursorMs(layout: TimelineLayout | null, replay: ActiveReplay | null, sessionId: string): number | null {
  if (!layout || !replay || replay.sessionId !== sessionId) return null;
  const runRow = layout.rows.find((r) => r.kind === 'run' && r.bars[0]?.id === `run:${replay.runId}`);
  const runBar = runRow?.bars[0];
  return runBar ? runBar.start + replay.cursorT : null;
}
