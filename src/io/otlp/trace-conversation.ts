import type { TracedMessage, TracedRequest, TracedTool } from './traced-request';

/**
 * The conversation a trace's model requests carried, as one path of messages (architecture.md, "Trace inbox"). Each
 * request's recorded input continues the path (what it shares with the path so far is not added twice); its reply
 * follows it. A call's result comes from the next request's input, else from the call's own tool span. Each request
 * names the reply it produced, so a step's history is the path before that reply.
 */
/** `added`: the index of the request whose input (or reply) added it; -1 for a tool span's result. */
export type PathMessage = TracedMessage & { key: number; added: number };

type ConversationStep = {
  /** Index in `path` of the reply this request produced. */
  reply: number;
  system: string | undefined;
  tools: TracedTool[] | null;
  parameters: TracedRequest['parameters'];
  /** Whether the request's recorded input is exactly the path before its reply (false: a sub-agent's own thread, say). */
  continuesPath: boolean;
};

type TraceConversation = { path: PathMessage[]; steps: (ConversationStep | null)[] };

function same(a: TracedMessage, b: TracedMessage): boolean {
  if (a.role !== b.role) return false;
  if (a.role === 'assistant' && b.role === 'assistant') {
    // A reply recorded as output and as the next request's input may differ in small ways (text left out of one):
    // the calls' ids say it is the same turn when there are calls.
    if (a.toolCalls.length > 0 || b.toolCalls.length > 0)
      return a.toolCalls.map((c) => c.id).join('\n') === b.toolCalls.map((c) => c.id).join('\n');
    return a.text === b.text;
  }
  if (a.role === 'tool' && b.role === 'tool') return a.callId === b.callId;
  return (a as { text: string }).text === (b as { text: string }).text;
}

/** `requests`: each model span's rebuilt request in start order (null: it recorded none); `results`: tool spans' results by call id. */
export function traceConversation(
  requests: readonly (TracedRequest | null)[],
  results: ReadonlyMap<string, { name: string; text: string }>,
  before: readonly PathMessage[] = [],
): TraceConversation {
  const path: PathMessage[] = [...before];
  let key = before.reduce((n, m) => Math.max(n, m.key + 1), 0);
  const steps: (ConversationStep | null)[] = [];
  requests.forEach((req, k) => {
    if (!req) {
      steps.push(null);
      return;
    }
    const system = req.messages
      .filter((m) => m.role === 'system')
      .map((m) => (m as { text: string }).text)
      .join('\n\n');
    const input = req.messages.filter((m) => m.role !== 'system');
    let lcp = 0;
    while (lcp < path.length && lcp < input.length && same(path[lcp]!, input[lcp]!)) lcp++;
    const continuesPath = lcp === path.length;
    for (const m of input.slice(lcp)) {
      // A tool name the input left out (GenAI responses carry only the id) is the call's.
      const named = m.role === 'tool' && m.name === '' ? { ...m, name: callName(path, m.callId) } : m;
      path.push({ ...named, key: key++, added: k });
    }
    // The reply: as recorded, else as the next request's input holds it, else an empty turn.
    const next = requests.slice(k + 1).find((r) => r !== null);
    const nextInput = next?.messages.filter((m) => m.role !== 'system');
    const fromNext = nextInput?.[input.length];
    const reply: TracedMessage =
      req.output ?? (fromNext?.role === 'assistant' ? fromNext : { role: 'assistant', text: '', toolCalls: [] });
    path.push({ ...reply, key: key++, added: k });
    steps.push({
      reply: path.length - 1,
      system: system === '' ? undefined : system,
      tools: req.tools,
      parameters: req.parameters,
      continuesPath,
    });
  });
  // Calls of the last reply that no later request answered: their results from the tool spans.
  const answered = new Set(path.flatMap((m) => (m.role === 'tool' ? [m.callId] : [])));
  const last = [...path].reverse().find((m) => m.role === 'assistant');
  if (last?.role === 'assistant') {
    for (const c of last.toolCalls) {
      const r = results.get(c.id);
      if (!answered.has(c.id) && r)
        path.push({ role: 'tool', callId: c.id, name: c.name || r.name, text: r.text, key: key++, added: -1 });
    }
  }
  return { path, steps };
}

function callName(path: readonly PathMessage[], callId: string): string {
  for (let i = path.length - 1; i >= 0; i--) {
    const m = path[i]!;
    if (m.role === 'assistant') {
      const c = m.toolCalls.find((x) => x.id === callId);
      if (c) return c.name;
    }
  }
  return '';
}
