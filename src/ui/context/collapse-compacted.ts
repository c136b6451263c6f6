import type { ChatMessage, SystemMessage } from '../../domain/messages';
import { isSummary } from '../../domain/request-view';

type Row = { kind: string; key: string; message?: ChatMessage };

/**
 * Compaction keeps every message; in the chat, the messages a summary covers fold into that summary,
 * which takes the place of the first of them. Summaries that were themselves summarised fold too.
 */
export function collapseCompacted<R extends Row>(rows: readonly R[]): R[] {
  const summaries = rows.flatMap((r) => (r.message && isSummary(r.message) ? [r.message] : []));
  if (summaries.length === 0) return rows.slice();
  const coveredBy = new Map<string, SystemMessage>();
  for (const s of summaries) for (const id of s.summaryOf ?? []) coveredBy.set(id, s);
  const placed = new Set<string>();
  const out: R[] = [];
  for (const r of rows) {
    const id = r.message?.id;
    if (id === undefined) {
      out.push(r);
      continue;
    }
    // Follow the chain to the summary that is still live (not covered by a later one).
    let top: SystemMessage | undefined = coveredBy.get(id);
    while (top && coveredBy.has(top.id)) top = coveredBy.get(top.id);
    if (!top) {
      if (r.message && isSummary(r.message) && placed.has(r.message.id)) continue;
      if (r.message && isSummary(r.message)) placed.add(r.message.id);
      out.push(r);
      continue;
    }
    if (placed.has(top.id)) continue;
    const own = rows.find((x) => x.message?.id === top.id);
    if (own) {
      placed.add(top.id);
      out.push(own);
    }
  }
  return out;
}
