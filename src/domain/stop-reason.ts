import type { SessionStatus } from './session';

/** Why a run ended; every run_finished event carries one. */
export type StopReason = 'complete' | 'max_turns' | 'max_tool_calls' | 'cancelled' | 'error' | 'length';

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
