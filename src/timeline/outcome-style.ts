import type { AttemptOutcome, CallOutcome, RunPhase } from './model';
import type { StopReason } from '../domain/stop-reason';
import { TOOL_OUTCOMES } from '../domain/messages';

/**
 * Every status has a colour, an icon and a word, so none of them is told by colour alone. Labels are written in
 * white inside bars of these colours, so each holds 4.5:1 against white (outcome-style.test.ts computes it).
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

/**
 * Labels inside bars are white with a halo of this colour around each glyph: a bar's light phases (queued, waiting,
 * approval) may lie under the text, and the halo keeps the text at 4.5:1 whatever is beneath.
 */
export const LABEL_HALO = '#1b1e23';

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
