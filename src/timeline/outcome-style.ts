import type { AttemptOutcome, CallOutcome, RunPhase } from './model';
import type { StopReason } from '../domain/stop-reason';

/** Every status has a colour, an icon and a word, so none of them is told by colour alone. */
export type StatusStyle = { color: string; icon: string; word: string };

export type BarStatus = CallOutcome | AttemptOutcome | 'retrying' | 'limit';

export const STATUS_STYLES: Record<BarStatus, StatusStyle> = {
  ok: { color: '#2e8b57', icon: '✓', word: 'ok' },
  error: { color: '#d0393e', icon: '✕', word: 'error' },
  timeout: { color: '#e07b00', icon: '◔', word: 'timeout' },
  cancelled: { color: '#7d8590', icon: '⊘', word: 'cancelled' },
  denied: { color: '#8e44ad', icon: '⊖', word: 'denied' },
  interrupted: { color: '#a0522d', icon: '↯', word: 'interrupted' },
  running: { color: '#1f77d0', icon: '▶', word: 'running' },
  retrying: { color: '#d0393e', icon: '↻', word: 'failed, retrying' },
  limit: { color: '#b08900', icon: '■', word: 'limit' },
};

/** Segment fills inside a bar (model request phases, approval wait, backoff). */
export const SEGMENT_COLORS = {
  queued: '#d5d9df',
  waiting: '#9db7d9',
  streaming: '#1f77d0',
  approval: '#e9c46a',
  backoff: '#d0393e',
  compaction: '#6a5acd',
} as const;

export const CALL_OUTCOMES: readonly CallOutcome[] = ['ok', 'error', 'timeout', 'cancelled', 'denied', 'interrupted', 'running'];

export function runStatus(state: RunPhase, stopReason: StopReason | null): BarStatus {
  if (state === 'live') return 'running';
  if (state === 'interrupted') return 'interrupted';
  switch (stopReason) {
    case 'complete': return 'ok';
    case 'cancelled': return 'cancelled';
    case 'error': return 'error';
    case null: return 'interrupted';
    default: return 'limit';
  }
}

export const STOP_REASON_WORDS: Record<StopReason, string> = {
  complete: 'complete',
  max_turns: 'max turns reached',
  max_tool_calls: 'max tool calls reached',
  cancelled: 'cancelled',
  error: 'error',
  length: 'output length limit',
};
