/** Replay speeds (architecture.md, "Replay"); the "Speed" select words them in ui/replay/replay-panel.tsx. */
export const REPLAY_SPEEDS = ['x1', 'x4', 'instant'] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export function isReplaySpeed(v: string): v is ReplaySpeed {
  return (REPLAY_SPEEDS as readonly string[]).includes(v);
}

/** Run time per wall-clock ms; Instant has none (Play jumps to the end). */
export const SPEED_FACTOR: Record<Exclude<ReplaySpeed, 'instant'>, number> = { x1: 1, x4: 4 };
