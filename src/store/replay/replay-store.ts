import { create } from 'zustand';
import { db } from '../../db/database';
import { listRunEvents } from '../../db/events-repo';
import { getRun } from '../../db/runs-repo';
import { SPEED_FACTOR, type ReplaySpeed } from '../../domain/replay-speed';
import { useRunStore } from '../run/run-store';
import { createReplayCursor, type ReplayCursor } from './replay-cursor';

/**
 * Replay of a stored run (architecture.md, "Replay"): the run's stored events, fed one by one through the live run's
 * reducer (replay-cursor.ts) into the run store's `replays`, which the chat shows instead of the session as stored.
 * It sends nothing: no model client, tool, MCP session, collector or sync is touched. Kept in memory only: a reload
 * ends it, and the page shows the session as stored.
 */
export type ActiveReplay = {
  sessionId: string;
  runId: string;
  /** Events shown. */
  position: number;
  /** The run's events. */
  total: number;
  playing: boolean;
  speed: ReplaySpeed;
  /** Run time (ms since the run started) of the last event shown: where the timeline draws its cursor. */
  cursorT: number;
  /** The run was imported without times (runs `timing: 'order'`): its event times are order, not time. */
  orderOnly: boolean;
};

type ReplayState = {
  active: ActiveReplay | null;
  /** Why the last "Replay run" could not start, in words. */
  problem: string | null;
};

export const useReplayStore = create<ReplayState>()(() => ({ active: null, problem: null }));

/** Longest stretch of run time played in real time at 1×: a long wait (an approval, a slow tool) is skipped past. */
const MAX_GAP_MS = 1_500;

let cursor: ReplayCursor | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
/** Wall clock and run time when playing (re)started. */
let anchor = { wall: 0, t: 0 };

const clock = () => globalThis.performance.now();

function stopTimer() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

function show(position: number, patch: Partial<ActiveReplay> = {}) {
  const active = useReplayStore.getState().active;
  if (!active || !cursor) return;
  const p = Math.max(0, Math.min(cursor.events.length, position));
  useRunStore.getState().setReplay(active.sessionId, { run: cursor.at(p), runMessageIds: cursor.messageIds });
  const cursorT = p === 0 ? 0 : cursor.events[p - 1]!.t;
  useReplayStore.setState({ active: { ...active, ...patch, position: p, cursorT } });
}

function tick() {
  timer = null;
  const active = useReplayStore.getState().active;
  if (!active || !active.playing || !cursor || active.speed === 'instant') return;
  const events = cursor.events;
  let target = anchor.t + (clock() - anchor.wall) * SPEED_FACTOR[active.speed];
  let p = active.position;
  const next = events[p];
  // Skip dead time: the next event is never more than MAX_GAP_MS of run time away.
  if (next && next.t - target > MAX_GAP_MS) {
    anchor = { wall: clock(), t: next.t - MAX_GAP_MS };
    target = anchor.t;
  }
  while (p < events.length && events[p]!.t <= target) p++;
  const done = p >= events.length;
  if (p !== active.position || done) show(p, { playing: !done });
  if (!done) timer = setTimeout(tick, 16);
}

/** Opens the replay of a run at its start, replacing any replay going on. */
export async function startReplay(sessionId: string, runId: string): Promise<void> {
  exitReplay();
  const [run, events] = await Promise.all([getRun(db, runId), listRunEvents(db, runId)]);
  if (!run || events.length === 0) {
    useReplayStore.setState({ problem: 'This run has no recorded events to replay.' });
    return;
  }
  cursor = createReplayCursor(runId, sessionId, run.startedAt, events);
  useReplayStore.setState({
    problem: null,
    active: {
      sessionId,
      runId,
      position: 0,
      total: cursor.events.length,
      playing: false,
      speed: 'x1',
      cursorT: 0,
      orderOnly: run.timing === 'order',
    },
  });
  show(0);
}

export function playReplay(): void {
  const active = useReplayStore.getState().active;
  if (!active || !cursor) return;
  stopTimer();
  if (active.speed === 'instant') return show(active.total, { playing: false });
  const from = active.position >= active.total ? 0 : active.position;
  anchor = { wall: clock(), t: from === 0 ? 0 : cursor.events[from - 1]!.t };
  show(from, { playing: true });
  timer = setTimeout(tick, 0);
}

export function pauseReplay(): void {
  stopTimer();
  const active = useReplayStore.getState().active;
  if (active) useReplayStore.setState({ active: { ...active, playing: false } });
}

export function seekReplay(position: number): void {
  stopTimer();
  show(position, { playing: false });
}

export function stepReplay(by: 1 | -1): void {
  const active = useReplayStore.getState().active;
  if (active) seekReplay(active.position + by);
}

export function restartReplay(): void {
  seekReplay(0);
}

export function setReplaySpeed(speed: ReplaySpeed): void {
  const active = useReplayStore.getState().active;
  if (!active) return;
  useReplayStore.setState({ active: { ...active, speed } });
  if (active.playing) playReplay();
}

export function exitReplay(): void {
  stopTimer();
  const active = useReplayStore.getState().active;
  cursor = null;
  if (active) useRunStore.getState().setReplay(active.sessionId, null);
  useReplayStore.setState({ active: null, problem: null });
}
