import type { AttemptOutcome, CallOutcome, RunPhase } from './model';
import type { StopReason } from '../domain/stop-reason';
import { TOOL_OUTCOMES } from '../domain/messages';

/**
 * Every status has a colour, an icon and a word, so none of them is told by colour alone. A label on a bar takes the
 * ink that holds 4.5:1 against the fill under it (label-contrast.ts; ui/colour-contrast.test.ts computes it).
 */
type StatusStyle = { color: string; icon: string; word: string };

export type BarStatus = CallOutcome | AttemptOutcome | 'retrying' | 'limit';

export const STATUS_STYLES: Record<BarStatus, StatusStyle> = {
  ok: { color: '#1e7a4c', icon: '✓', word: 'ok' },
  error: { color: '#d0393e', icon: '✕', word: 'error' },
  timeout: { color: '#a85a00', icon: '◔', word: 'timeout' },
  cancelled: { color: '#5f6670', icon: '⊘', word: 'cancelled' },
  denied: { color: '#8e44ad', icon: '⊖', word: 'denied' },
  interrupted: { color: '#a0522d', icon: '↯', word: 'interrupted' },
  running: { color: '#1f77d0', icon: '▶', word: 'running' },
  retrying: { color: '#d0393e', icon: '↻', word: 'failed, retrying' },
  limit: { color: '#806300', icon: '■', word: 'limit' },
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

export const CALL_OUTCOMES: readonly CallOutcome[] = [...TOOL_OUTCOMES, 'running'];

export function runStatus(state: RunPhase, stopReason: StopReason | null): BarStatus {
  if (state === 'live') return 'running';
  if (state === 'interrupted') return 'interrupted';
  switch (stopReason) {
    case 'complete':
      return 'ok';
    case 'cancelled':
      return 'cancelled';
    case 'error':
      return 'error';
    case null:
      return 'interrupted';
    default:
      return 'limit';
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
