import { create } from 'zustand';
import type { UnmatchedCallAnswer } from '../../agent/recorded-tools';

/**
 * Calls of a re-run with recorded results that match no recording, waiting for the person (architecture.md,
 * "Re-run from here"): run it live, answer by hand, or stop. Keyed by call id, like pending approvals.
 */
export type UnmatchedCall = {
  sessionId: string;
  callId: string;
  name: string;
  arguments: string;
  answer: (a: UnmatchedCallAnswer) => void;
};

type UnmatchedCalls = {
  calls: Record<string, UnmatchedCall>;
  addUnmatchedCall(call: UnmatchedCall): void;
  removeUnmatchedCall(callId: string): void;
};

export const useUnmatchedCalls = create<UnmatchedCalls>((set) => ({
  calls: {},
  addUnmatchedCall: (call) => set((s) => ({ calls: { ...s.calls, [call.callId]: call } })),
  removeUnmatchedCall: (callId) =>
    set((s) => {
      if (!(callId in s.calls)) return s;
      const { [callId]: _gone, ...rest } = s.calls;
      return { calls: rest };
    }),
}));

/** Shows the question and settles with the person's answer, or `stop` when the run is stopped meanwhile. */
export function askUnmatchedCall(
  sessionId: string,
  call: { callId: string; name: string; arguments: string },
  signal: AbortSignal,
): Promise<UnmatchedCallAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const answer = (a: UnmatchedCallAnswer) => {
      if (settled) return;
      settled = true;
      useUnmatchedCalls.getState().removeUnmatchedCall(call.callId);
      resolve(a);
    };
    if (signal.aborted) return answer({ kind: 'stop' });
    signal.addEventListener('abort', () => answer({ kind: 'stop' }), { once: true });
    useUnmatchedCalls.getState().addUnmatchedCall({ sessionId, ...call, answer });
  });
}
