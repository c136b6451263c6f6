/**
 * One row per turn: when every tool call of an assistant turn has finished, the turn's calls fold into one summary
 * row ("3 tools, all ok, 120 ms") that opens to the per-call rows (architecture.md, "Calm tool rows").
 * A cancelled call is counted as "cancelled", as its row says: no name may contain "Stop", the Stop button's.
 */
import { foldsByDefault, formatDuration } from './tool-row-summary';
import { isToolOutcome } from '../../domain/messages';

export type TurnCall = {
  id: string;
  status: string;
  isError: boolean;
  startedAt: number | null;
  durationMs: number | null;
  /** An approval card is shown for it. */
  waiting?: boolean;
  /** It shows something that must stay in sight (an MCP App's View). */
  pinned?: boolean;
};

/**
 * `summary` names the row; `tone` picks its icon (all ok, some failed, or none failed but some denied or
 * cancelled); `shown` are the calls that stay visible while it is closed: failures and pinned calls.
 */
type TurnFold = { summary: string; tone: 'ok' | 'failed' | 'mixed'; shown: string[] };

/**
 * Null (each call shows its own row, as a single call does) for fewer than two calls, or while any call is
 * streaming, pending, running or waiting for an answer. A failed call is counted in the summary and never hidden
 * behind it: it stays visible under the summary row whether the group is open or not.
 */
export function foldTurn(calls: readonly TurnCall[]): TurnFold | null {
  if (calls.length < 2 || calls.some((c) => c.waiting || !isToolOutcome(c.status))) return null;
  const failed = calls.filter((c) => !foldsByDefault(c.status, c.isError));
  const denied = calls.filter((c) => c.status === 'denied').length;
  const cancelled = calls.filter((c) => c.status === 'cancelled').length;
  const parts = failed.length + denied + cancelled === 0 ? ['all ok'] : [];
  if (failed.length > 0) parts.push(`${failed.length} failed`);
  if (denied > 0) parts.push(`${denied} denied`);
  if (cancelled > 0) parts.push(`${cancelled} cancelled`);
  const ms = turnMs(calls);
  if (ms !== null) parts.push(formatDuration(ms));
  return {
    summary: `${calls.length} tools, ${parts.join(', ')}`,
    tone: failed.length > 0 ? 'failed' : parts[0] === 'all ok' ? 'ok' : 'mixed',
    shown: calls.filter((c) => c.pinned || !foldsByDefault(c.status, c.isError)).map((c) => c.id),
  };
}

/**
 * The turn's tool time: from the first start to the last end when every call that ran knows its start (calls run
 * in parallel, so a sum would overstate it), else the sum of the durations; null when no call ran.
 */
function turnMs(calls: readonly TurnCall[]): number | null {
  const ran = calls.filter((c) => c.durationMs !== null);
  if (ran.length === 0) return null;
  if (ran.every((c) => c.startedAt !== null)) {
    const start = Math.min(...ran.map((c) => c.startedAt ?? 0));
    return Math.max(...ran.map((c) => (c.startedAt ?? 0) + (c.durationMs ?? 0))) - start;
  }
  return ran.reduce((sum, c) => sum + (c.durationMs ?? 0), 0);
}
