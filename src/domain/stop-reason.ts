import type { SessionStatus } from './session';

/** Why a run ended; every run_finished event carries one. The one list of them. */
export const STOP_REASONS = ['complete', 'max_turns', 'max_tool_calls', 'cancelled', 'error', 'length'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export function isStopReason(value: string): value is StopReason {
  return (STOP_REASONS as readonly string[]).includes(value);
}

/** The status a session shows once its run ended: the store (live) and the persister (stored) both use this. */
export function statusAfterStop(reason: StopReason): SessionStatus {
  switch (reason) {
    case 'cancelled':
      return 'cancelled';
    case 'error':
      return 'failed';
    default:
      return 'finished';
  }
}
