import { costText, type Cost } from '../../domain/cost';
import type { Usage } from '../../domain/messages';
import { formatDuration } from './tool-row-summary';
import { usageText } from './usage-text';

/** One figure of a message's quiet line: what it shows, and the words a screen reader hears before it. */
export type MetaPart = { kind: 'usage' | 'cost' | 'duration'; text: string; lead: string };

/**
 * A finished assistant message's figures, each only when known (architecture.md, "A calm chat"): its turn's tokens,
 * what they cost (never "not known": that is said once, in Settings beside the prices) and how long the turn took.
 */
export function metaParts(turn: number | null, usage: Usage | null, cost: Cost | null, ms: number | null): MetaPart[] {
  const parts: MetaPart[] = [];
  const name = turn === null ? 'This turn' : `Turn ${turn}`;
  if (usage)
    parts.push({ kind: 'usage', text: turn === null ? usageText(usage) : `${name}: ${usageText(usage)}`, lead: '' });
  if (cost && cost.kind === 'known') parts.push({ kind: 'cost', text: costText(cost), lead: `${name} cost: ` });
  if (ms !== null) parts.push({ kind: 'duration', text: formatDuration(ms), lead: `${name} took ` });
  return parts;
}
