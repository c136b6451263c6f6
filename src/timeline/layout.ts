import type { ErrorInfo } from '../domain/error-info';
import { formatMs } from './format';
import type { CallModel, ModelAttempt, RunModel, TimelineModel, TurnModel } from './model';
import { runStatus, STATUS_STYLES, STOP_REASON_WORDS, type BarStatus } from './outcome-style';
import { isGenericSpanCallId } from '../domain/trace-span';
import type { Bar, Segment } from './bar-shape';
import { callTree } from './call-tree';

/**
 * Flattens the model into chart rows on one session axis. Runs are laid end to end with a small gap,
 * so the idle time between a reply and the next message does not squash everything else.
 */

/**
 * The accessible name, e.g. "search_web, ok, 1.2 s, starts at 0.4 s". It starts with the text the bar shows
 * (barText without its icon), so a person who reads "Run 1 · gpt-4o · complete" can say it to a speech tool
 * (WCAG 2.5.3). Built on demand for the bars on screen: formatting numbers for every bar of a 2,000-call
 * session up front costs a frame.
 */
export function barAriaLabel(bar: Bar): string {
  const dur = formatMs(bar.end - bar.start);
  if (bar.kind === 'run') return `${bar.label}, ${dur}`;
  // A View event shows only its icon; its name says what and when, as the View lane does.
  if (bar.kind === 'view') return bar.name;
  const detail = barDetail(bar, dur);
  return detail.startsWith(bar.label) ? detail : `${bar.label}, ${detail}`;
}

function barDetail(bar: Bar, dur: string): string {
  const start = formatMs(bar.start - bar.runOffset);
  if (bar.kind === 'compaction') return `${bar.name}, starts at ${start}`;
  if (bar.kind === 'backoff') return `${bar.name}, ${dur}, starts at ${start}`;
  const approval = bar.approvalMs === null ? '' : `, waited ${formatMs(bar.approvalMs)} for approval`;
  const q = bar.segments.find((s) => s.kind === 'queued');
  const queued = q ? `, queued ${formatMs(q.end - q.start)}` : '';
  return `${bar.name}, ${STATUS_STYLES[bar.status].word}${bar.note}, ${dur}, starts at ${start}${queued}${approval}`;
}

/** `call`: one tool call (or span) per row, under its turn; `sampling`: model requests a call's server had run. */
type RowKind = 'run' | 'turn' | 'call' | 'sampling' | 'task' | 'view';

export type Row = {
  key: string;
  kind: RowKind;
  /** What the gutter names the row: "Run 1", "Turn 3", the tool's name. */
  label: string;
  runIndex: number;
  turn: number | null;
  /** Nesting: 0 a run (or a View), 1 a turn, 2 a call, deeper a span under a call (architecture.md, "Timeline layout"). */
  depth: number;
  /** Keys of the run and turn rows this row sits under: folding either hides it (timeline/fold.ts). */
  under: readonly string[];
  /** A run or turn row with rows under it: it has a fold button. */
  foldable: boolean;
  /** Sorted by start. */
  bars: Bar[];
  /** maxEnd[i] = max end of bars[0..i]; lets culling binary-search rows whose bars overlap. */
  maxEnd: number[];
};

export type TimelineLayout = {
  rows: Row[];
  totalMs: number;
  runOffsets: number[];
  /** Row index and bar of every call, for jumping to a call. */
  callIndex: Map<string, { row: number; bar: Bar }>;
  /** Some bar is a generic span of an imported trace (the legend then explains their style). */
  hasSpans: boolean;
};

export function runGap(runs: readonly RunModel[]): number {
  const sum = runs.reduce((acc, r) => acc + r.duration, 0);
  return Math.max(50, sum * 0.02);
}

/**
 * A waterfall: a run's row, each turn's row under it, and under each turn one row per call named by its tool, in
 * start order (parallel calls start at the same x, a row each). A span whose parent is another call of the turn sits
 * right under its parent, one level deeper; a call's sampling requests get a row under the call.
 */
export function layoutTimeline(model: TimelineModel): TimelineLayout {
  const rows: Row[] = [];
  const runOffsets: number[] = [];
  const callIndex = new Map<string, { row: number; bar: Bar }>();
  let hasSpans = false;
  const gap = runGap(model.runs);
  let offset = 0;
  for (const run of model.runs) {
    runOffsets.push(offset);
    const runKey = `run:${run.runId}`;
    const inRun = [runKey];
    rows.push(
      finishRow({
        key: runKey,
        kind: 'run',
        label: `Run ${run.index + 1}`,
        runIndex: run.index,
        turn: null,
        depth: 0,
        under: [],
        foldable: run.turns.length > 0,
        bars: [runBar(run, offset)],
        maxEnd: [],
      }),
    );
    for (const turn of run.turns) {
      const turnKey = `turn:${run.runId}:${turn.turn}`;
      const inTurn = [runKey, turnKey];
      rows.push(
        finishRow({
          key: turnKey,
          kind: 'turn',
          label: turnName(turn),
          runIndex: run.index,
          turn: turn.turn,
          depth: 1,
          under: inRun,
          foldable: turn.calls.length > 0,
          bars: turnBars(run, turn, offset),
          maxEnd: [],
        }),
      );
      for (const { call, depth } of callTree(turn.calls)) {
        const bar = callBar(run, call, offset);
        rows.push({
          key: `call:${call.callId}`,
          kind: 'call',
          label: call.name,
          runIndex: run.index,
          turn: turn.turn,
          depth,
          under: inTurn,
          foldable: false,
          bars: [bar],
          maxEnd: [bar.end],
        });
        callIndex.set(call.callId, { row: rows.length - 1, bar });
        if (bar.span) hasSpans = true;
        // Model requests a call's server had the page run (legacy MCP sampling) sit in a row right under the call.
        const sampling = samplingBars(run, call, offset);
        if (sampling.length > 0) {
          rows.push(
            finishRow({
              key: `sampling:${call.callId}`,
              kind: 'sampling',
              label: 'Sampling',
              runIndex: run.index,
              turn: turn.turn,
              depth: depth + 1,
              under: inTurn,
              foldable: false,
              bars: sampling,
              maxEnd: [],
            }),
          );
        }
      }
    }
    offset += run.duration + gap;
  }
  const totalMs = model.runs.length ? offset - gap : 0;
  return { rows, totalMs, runOffsets, callIndex, hasSpans };
}

/** "Turn 4" by the session's count; a manual compaction's turn 0 comes before any request. */
export function turnName(turn: TurnModel): string {
  return turn.sessionTurn > 0 ? `Turn ${turn.sessionTurn}` : 'Compaction';
}

function finishRow(row: Row): Row {
  row.bars.sort((a, b) => a.start - b.start);
  let max = Number.NEGATIVE_INFINITY;
  row.maxEnd = row.bars.map((b) => (max = Math.max(max, b.end)));
  return row;
}

function runBar(run: RunModel, offset: number): Bar {
  const status = runStatus(run.state, run.stopReason);
  const why =
    run.state === 'live'
      ? 'running'
      : run.state === 'interrupted'
        ? 'interrupted'
        : run.stopReason
          ? STOP_REASON_WORDS[run.stopReason]
          : 'unknown';
  // A run read off an imported file without times says so where its length would be read (architecture.md,
  // "Import and export of other formats").
  const label = `Run ${run.index + 1}${run.model ? ` · ${run.model}` : ''} · ${why}${run.orderOnly ? ' · imported without times (order only)' : ''}`;
  return {
    id: `run:${run.runId}`,
    kind: 'run',
    status,
    start: offset,
    end: offset + run.duration,
    open: run.state === 'live',
    runOffset: offset,
    runIndex: run.index,
    turn: null,
    lane: null,
    callId: null,
    attempt: null,
    label,
    name: `Run ${run.index + 1}`,
    note: why,
    approvalMs: null,
    segments: [],
  };
}

function attemptStatus(a: ModelAttempt): BarStatus {
  if (a.retrying) return 'retrying';
  return a.outcome;
}

export function errorLabel(e: ErrorInfo | null): string {
  if (!e) return '';
  return 'status' in e && e.status !== null ? `${e.kind} ${e.status}` : e.kind;
}

function turnBars(run: RunModel, turn: TurnModel, offset: number): Bar[] {
  const bars: Bar[] = [];
  turn.attempts.forEach((a, i) => {
    const end = a.end ?? run.duration;
    const status = attemptStatus(a);
    const segments: Segment[] = [];
    // The bar starts when the turn was ready, so the wait before the request was sent is part of it.
    const from = a.queuedAt !== null && a.queuedAt < a.start ? a.queuedAt : a.start;
    if (from < a.start) segments.push({ kind: 'queued', start: offset + from, end: offset + a.start });
    const ft = a.firstTokenAt;
    if (ft !== null) {
      segments.push({ kind: 'waiting', start: offset + a.start, end: offset + ft });
      segments.push({ kind: 'streaming', start: offset + ft, end: offset + end });
    } else {
      segments.push({ kind: 'waiting', start: offset + a.start, end: offset + end });
    }
    const what = `${turnName(turn)} model request${turn.attempts.length > 1 ? ` attempt ${a.attempt}` : ''}`;
    const err = a.error ? ` (${errorLabel(a.error)})` : '';
    bars.push({
      id: `req:${run.runId}:${turn.turn}:${a.attempt}`,
      kind: 'request',
      status,
      start: offset + from,
      end: offset + end,
      open: a.end === null,
      runOffset: offset,
      runIndex: run.index,
      turn: turn.turn,
      lane: null,
      callId: null,
      attempt: a.attempt,
      label: a.retrying
        ? `attempt ${a.attempt} failed${err}`
        : a.outcome === 'ok'
          ? `model · ${a.finishReason ?? ''}`.trim()
          : `model${err}`,
      name: what,
      note: err,
      approvalMs: null,
      ...(a.edited ? { edited: true as const } : {}),
      segments,
    });
    if (a.retrying && a.end !== null) {
      const next = turn.attempts[i + 1];
      const gapEnd = next ? next.start : Math.min(run.duration, a.end + (a.retryInMs ?? 0));
      if (gapEnd > a.end) {
        bars.push({
          id: `backoff:${run.runId}:${turn.turn}:${a.attempt}`,
          kind: 'backoff',
          status: 'retrying',
          start: offset + a.end,
          end: offset + gapEnd,
          open: false,
          runOffset: offset,
          runIndex: run.index,
          turn: turn.turn,
          lane: null,
          callId: null,
          attempt: a.attempt,
          label: `retry in ${formatMs(a.retryInMs ?? gapEnd - a.end)}`,
          name: `Backoff before retry of ${turnName(turn).toLowerCase()}`,
          note: '',
          approvalMs: null,
          segments: [],
        });
      }
    }
  });
  for (const s of turn.summaries ?? []) {
    const err = s.error ? ` (${errorLabel(s.error)})` : '';
    bars.push({
      id: `summary:${run.runId}:${turn.turn}:${s.attempt}`,
      kind: 'request',
      status: s.retrying ? 'retrying' : s.outcome,
      start: offset + s.start,
      end: offset + (s.end ?? run.duration),
      open: s.end === null,
      runOffset: offset,
      runIndex: run.index,
      turn: turn.turn,
      lane: null,
      callId: null,
      attempt: s.attempt,
      label: s.retrying ? `summary attempt ${s.attempt} failed${err}` : `summary${err}`,
      name: `${turnName(turn)} compaction summary request${s.attempt > 1 || s.retrying ? ` attempt ${s.attempt}` : ''}`,
      note: err,
      approvalMs: null,
      segments: [{ kind: 'waiting', start: offset + s.start, end: offset + (s.end ?? run.duration) }],
    });
  }
  for (const c of turn.compactions) {
    bars.push({
      id: `compact:${run.runId}:${turn.turn}:${c.t}`,
      kind: 'compaction',
      status: 'ok',
      start: offset + c.t,
      end: offset + c.t,
      open: false,
      runOffset: offset,
      runIndex: run.index,
      turn: turn.turn,
      lane: null,
      callId: null,
      attempt: null,
      label: `context compacted ${c.tokensBefore} → ${c.tokensAfter} tokens`,
      name: `Context compacted from ${c.tokensBefore} to ${c.tokensAfter} tokens`,
      note: '',
      approvalMs: null,
      segments: [],
    });
  }
  return bars;
}

/** A sampling request is a model request made for the call: selecting it shows the call it belongs to. */
function samplingBars(run: RunModel, c: CallModel, offset: number): Bar[] {
  return (c.sampling ?? []).map((s, i) => ({
    id: `sampling:${c.callId}:${i}`,
    kind: 'request',
    status: 'ok',
    start: offset + s.start,
    end: offset + Math.max(s.start, s.end),
    open: false,
    runOffset: offset,
    runIndex: run.index,
    turn: c.turn,
    lane: c.lane,
    callId: c.callId,
    attempt: null,
    label: `sampling · ${s.model} · ${s.usage.totalTokens} tokens`,
    name: `Sampling for ${c.name}`,
    note: '',
    approvalMs: null,
    segments: [{ kind: 'waiting', start: offset + s.start, end: offset + Math.max(s.start, s.end) }],
  }));
}

function callBar(run: RunModel, c: CallModel, offset: number): Bar {
  const end = c.end ?? run.duration;
  const segments: Segment[] = [];
  if (c.approval)
    segments.push({ kind: 'approval', start: offset + c.approval.start, end: offset + (c.approval.end ?? end) });
  if (c.runStart !== null) segments.push({ kind: 'execution', start: offset + c.runStart, end: offset + end });
  return {
    id: `call:${c.callId}`,
    kind: 'call',
    status: c.outcome,
    start: offset + c.start,
    end: offset + end,
    open: c.end === null,
    runOffset: offset,
    runIndex: run.index,
    turn: c.turn,
    lane: c.lane,
    callId: c.callId,
    attempt: null,
    label:
      c.runBy === 'provider'
        ? `${c.name} (run by the provider)`
        : c.mcpServer
          ? `${c.name} · ${c.mcpServer.serverName}`
          : c.name,
    name: c.name,
    note: c.repeat !== undefined ? ` (same call, ${c.repeat}. time)` : '',
    ...(c.runBy ? { runBy: c.runBy } : {}),
    ...(isGenericSpanCallId(c.callId) ? { span: true as const } : {}),
    approvalMs: c.approval ? (c.approval.end ?? end) - c.approval.start : null,
    ...(c.repeat !== undefined ? { repeat: c.repeat } : {}),
    ...(c.edited ? { edited: true as const } : {}),
    segments,
  };
}
