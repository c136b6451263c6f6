import type { ChatMessage, SystemMessage } from './messages';

export function isSummary(m: ChatMessage): m is SystemMessage & { summaryOf: string[] } {
  return m.role === 'system' && Array.isArray(m.summaryOf);
}

/**
 * The messages a request actually carries. Compaction never deletes history: a summary lists the
 * ids it replaces, and only the request leaves those out. Live summaries go first because they
 * always stand for the oldest part of the conversation, even though they were appended later.
 */
export function requestView(history: readonly ChatMessage[]): ChatMessage[] {
  const covered = new Set<string>();
  for (const m of history) if (isSummary(m)) for (const id of m.summaryOf) covered.add(id);
  const summaries: ChatMessage[] = [];
  const rest: ChatMessage[] = [];
  for (const m of history) {
    if (covered.has(m.id)) continue;
    (isSummary(m) ? summaries : rest).push(m);
  }
  return summaries.concat(rest);
}

/**
 * Units the compactor may summarise. An assistant message and the tool results answering it are
 * one unit, so a tool call is never separated from its result (architecture.md, invariant 1).
 */
export function messageUnits(messages: readonly ChatMessage[]): ChatMessage[][] {
  const units: ChatMessage[][] = [];
  for (const m of messages) {
    const last = units[units.length - 1];
    if (m.role === 'tool' && last && last.some((x) => x.role === 'assistant')) last.push(m);
    else units.push([m]);
  }
  return units;
}
