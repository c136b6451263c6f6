/** Why a run ended; every run_finished event carries one. The one list of them. */
export const STOP_REASONS = ['complete', 'max_turns', 'max_tool_calls', 'cancelled', 'error', 'length'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export function isStopReason(value: string): value is StopReason {
  return (STOP_REASONS as readonly string[]).includes(value);
}
