import type { ChatMessage } from '../domain/messages';

/** An entry is never cut below this many characters: shorter than that, the text says too little to summarise. */
export const MIN_ENTRY_CHARS = 600;

/** One transcript entry per message; tool calls and results are kept because facts often live there. */
export function transcriptEntries(messages: readonly ChatMessage[]): string[] {
  return messages.map((m) => {
    switch (m.role) {
      case 'system':
        return m.summaryOf ? `[Earlier summary]\n${m.content}` : `[System]\n${m.content}`;
      case 'user':
        return `[User]\n${m.content}`;
      case 'assistant': {
        const calls = m.toolCalls.map((c) => `  -> called ${c.name}(${c.arguments})`).join('\n');
        return `[Assistant]\n${m.content}${calls ? `\n${calls}` : ''}`;
      }
      case 'tool':
        return `[Tool result: ${m.name}${m.isError ? ', error' : ''}]\n${m.content}`;
    }
  });
}

/** Keeps the head (where the entry's label and the gist usually are) and a little of the tail, with a visible marker. */
export function cutEntry(entry: string, maxChars: number): string {
  if (entry.length <= maxChars) return entry;
  const tail = Math.floor(maxChars / 4);
  const head = maxChars - tail;
  const cut = entry.length - head - tail;
  return `${entry.slice(0, head)}\n[… ${cut} characters cut so the summary request fits the context window …]\n${entry.slice(entry.length - tail)}`;
}

const join = (entries: readonly string[]) => entries.join('\n\n');

/**
 * The transcript (or transcripts, when one cannot fit) to summarise within `maxTokens` each.
 * First every entry is cut to the largest common length that lets the whole transcript fit, so long
 * tool results shrink before short messages do. If even entries of MIN_ENTRY_CHARS are too many for one
 * request, the cut entries are split into consecutive chunks that each fit, to be summarised one by one.
 */
export function fitTranscript(
  messages: readonly ChatMessage[],
  maxTokens: number,
  count: (text: string) => number,
): string[] {
  const entries = transcriptEntries(messages);
  const whole = join(entries);
  if (count(whole) <= maxTokens) return [whole];
  const longest = Math.max(...entries.map((e) => e.length));
  const fitsAt = (cap: number) => count(join(entries.map((e) => cutEntry(e, cap)))) <= maxTokens;
  if (fitsAt(MIN_ENTRY_CHARS)) {
    // Binary search for the largest cap that fits: each probe counts the whole transcript once.
    let lo = MIN_ENTRY_CHARS;
    let hi = longest;
    while (hi - lo > 16) {
      const mid = Math.floor((lo + hi) / 2);
      if (fitsAt(mid)) lo = mid;
      else hi = mid;
    }
    return [join(entries.map((e) => cutEntry(e, lo)))];
  }
  const chunks: string[] = [];
  let current: string[] = [];
  let used = 0;
  for (const cutToMin of entries.map((e) => cutEntry(e, MIN_ENTRY_CHARS))) {
    // A single entry over the budget (only with a tiny window) is cut further rather than sent too big.
    const entry = count(cutToMin) > maxTokens ? cutEntry(cutToMin, Math.max(64, maxTokens * 2)) : cutToMin;
    // Summing entries (plus one for the separator) rather than re-counting the chunk keeps this linear.
    const tokens = count(entry) + 1;
    if (current.length > 0 && used + tokens > maxTokens) {
      chunks.push(join(current));
      current = [];
      used = 0;
    }
    current.push(entry);
    used += tokens;
  }
  if (current.length > 0) chunks.push(join(current));
  return chunks;
}
