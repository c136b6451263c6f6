import type { ApprovalKey } from '../../domain/approval-scopes';
import { create } from 'zustand';
import type { EditCheck } from '../../agent/pause';
import type { PauseDecision, PausePoint } from '../../domain/breakpoints';
import type { AgentEvent } from '../../domain/run-events';
import type { ApprovalDecision } from '../../agent/tool-executor';
import type { ErrorInfo } from '../../domain/error-info';
import { isLiveStatus } from '../../domain/session';
import { createFrameBatcher, type FrameScheduler, animationFrameScheduler } from './frame-batcher';
import { initialLiveRun, reduceRun, type LiveRun } from './live-run';

export type PendingApproval = {
  sessionId: string;
  callId: string;
  name: string;
  arguments: string;
  /** What a standing answer to this call is kept under, and the tool's input schema a rule is checked against. */
  key?: ApprovalKey;
  schema?: Record<string, unknown>;
  /** Set for the repeated-call guard's pause: which occurrence of the same call this is (architecture.md, "Repeated-call guard"). */
  repeat?: number;
  /** Stops the run the call belongs to ("Stop run" on the repeated-call pause). */
  stopRun?: () => void;
  resolve: (decision: ApprovalDecision) => void;
};

/** A run waiting at a breakpoint (architecture.md, "Breakpoints"), as the paused group shows it. */
export type PendingPause = {
  sessionId: string;
  point: PausePoint;
  /** Why an edit cannot be sent, in words; null when it can. */
  check: EditCheck;
  resolve: (decision: PauseDecision) => void;
  /** Stops a pause no live run holds (one a reload left); absent: Stop stops the session's run. */
  stop?: () => void;
};

/** A replayed run's state and the stored messages the chat hides while it plays (the run's own, and all after them). */
type ReplayView = { run: LiveRun; runMessageIds: ReadonlySet<string> };

/** A failure outside a run's event stream (storage full, lock lost, setup failed). */
type SideError = { sessionId: string | null; error: ErrorInfo };

type RunStoreState = {
  /** Latest run per session. */
  runs: Record<string, LiveRun>;
  /**
   * A stored run being replayed, per session (architecture.md, "Replay"): the chat shows it instead of `runs`
   * (`chatRun`); nothing else reads it, so the session's status and controls stay those of its real run.
   */
  replays: Record<string, ReplayView>;
  approvals: Record<string, PendingApproval>;
  /** Per session, the pause its run waits at. */
  pauses: Record<string, PendingPause>;
  sideErrors: SideError[];
  /** Number of flushes: lets tests and the perf probe count state commits. */
  commits: number;
  beginRun: (sessionId: string, runId: string, startedAt: number) => void;
  applyEvents: (sessionId: string, events: AgentEvent[]) => void;
  /** The controller let go of the run; a run that never reported its end is shown as failed. */
  endRun: (sessionId: string, runId: string) => void;
  /** Shows a replayed run's state in the chat (null: back to the session as stored). */
  setReplay: (sessionId: string, view: ReplayView | null) => void;
  addApproval: (a: PendingApproval) => void;
  removeApproval: (callId: string) => void;
  setPause: (p: PendingPause) => void;
  clearPause: (sessionId: string) => void;
  pushSideError: (e: SideError) => void;
  dismissSideError: (e: SideError) => void;
  dismissRunError: (sessionId: string) => void;
  /**
   * A finished run whose records are all stored stops overlaying its messages on the chat, unless the run changed
   * since `seen` was read (architecture.md, "Sync and backup").
   */
  dropAppended: (sessionId: string, seen: LiveRun) => void;
};

export const useRunStore = create<RunStoreState>()((set) => ({
  runs: {},
  replays: {},
  approvals: {},
  pauses: {},
  sideErrors: [],
  commits: 0,
  beginRun: (sessionId, runId, startedAt) =>
    set((s) => ({ runs: { ...s.runs, [sessionId]: initialLiveRun(runId, sessionId, startedAt) } })),
  applyEvents: (sessionId, events) =>
    set((s) => {
      let run = s.runs[sessionId];
      if (!run) return s;
      const now = Date.now();
      for (const e of events) {
        if (e.runId !== run.runId) continue;
        run = reduceRun(run, e, now);
      }
      return { runs: { ...s.runs, [sessionId]: run }, commits: s.commits + 1 };
    }),
  endRun: (sessionId, runId) =>
    set((s) => {
      const run = s.runs[sessionId];
      if (!run || run.runId !== runId) return s;
      const stuck = isLiveStatus(run.status);
      // A run that is over waits nowhere, whatever its pause gate last said.
      const { [sessionId]: _pause, ...pauses } = s.pauses;
      return {
        pauses,
        runs: {
          ...s.runs,
          [sessionId]: {
            ...run,
            ended: true,
            streaming: null,
            paused: null,
            ...(stuck ? { status: 'failed' as const } : {}),
          },
        },
      };
    }),
  setReplay: (sessionId, view) =>
    set((s) => {
      if (view) return { replays: { ...s.replays, [sessionId]: view } };
      const { [sessionId]: _gone, ...rest } = s.replays;
      return { replays: rest };
    }),
  addApproval: (a) => set((s) => ({ approvals: { ...s.approvals, [a.callId]: a } })),
  removeApproval: (callId) =>
    set((s) => {
      const { [callId]: _gone, ...rest } = s.approvals;
      return { approvals: rest };
    }),
  setPause: (p) => set((s) => ({ pauses: { ...s.pauses, [p.sessionId]: p } })),
  clearPause: (sessionId) =>
    set((s) => {
      if (!s.pauses[sessionId]) return s;
      const { [sessionId]: _gone, ...rest } = s.pauses;
      return { pauses: rest };
    }),
  pushSideError: (e) => set((s) => ({ sideErrors: [...s.sideErrors, e] })),
  dismissSideError: (e) => set((s) => ({ sideErrors: s.sideErrors.filter((x) => x !== e) })),
  dismissRunError: (sessionId) =>
    set((s) => {
      const run = s.runs[sessionId];
      if (!run) return s;
      return { runs: { ...s.runs, [sessionId]: { ...run, error: null } } };
    }),
  dropAppended: (sessionId, seen) =>
    set((s) => (s.runs[sessionId] === seen ? { runs: { ...s.runs, [sessionId]: { ...seen, appended: [] } } } : s)),
}));

/** The run the chat shows for a session: the one being replayed, else this tab's latest run. */
export function chatRun(s: Pick<RunStoreState, 'runs' | 'replays'>, sessionId: string): LiveRun | undefined {
  return s.replays[sessionId]?.run ?? s.runs[sessionId];
}

/**
 * The event sink for one run's UI side: every event is queued and the queue is folded into the
 * store once per animation frame.
 */
export function createStoreSink(sessionId: string, schedule: FrameScheduler = animationFrameScheduler) {
  const batcher = createFrameBatcher<AgentEvent>(
    (batch) => useRunStore.getState().applyEvents(sessionId, batch),
    schedule,
  );
  return { emit: (e: AgentEvent) => batcher.push(e), flush: () => batcher.flushNow() };
}
