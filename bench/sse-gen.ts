/**
 * Generates large Chat Completions SSE bodies in memory, shaped like OpenAI's wire format
 * (full chunk envelope on every event, as real providers send), with the turn they should
 * assemble to so the bench can check every path got the same answer.
 */

export type GeneratedStream = {
  name: string;
  sse: string;
  expected: {
    text: string;
    reasoning: string;
    toolCalls: { id: string; name: string; arguments: string }[];
    finishReason: string;
  };
};

/** Small deterministic PRNG so every run measures the same bytes. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'the',
  'stream',
  'of',
  'tokens',
  'arrives',
  'quickly',
  'and',
  'café',
  'naïve',
  'résumé',
  '→',
  'data',
  'parser',
  'JSON',
  '"quoted"',
  'back\\slash',
  'new\nline',
  'tab\there',
  '🙂',
  'function',
  'value',
  'index',
  'agent',
  'tool',
];

/** Text made of token-sized pieces (1-12 chars) including non-ASCII and characters JSON must escape. */
export function tokens(random: () => number, totalChars: number): string[] {
  const out: string[] = [];
  let n = 0;
  while (n < totalChars) {
    const w = WORDS[Math.floor(random() * WORDS.length)] ?? 'x';
    const piece = random() < 0.8 ? ` ${w}` : w;
    out.push(piece);
    n += piece.length;
  }
  return out;
}

class Writer {
  private readonly parts: string[] = [];
  private readonly created = 1_760_000_000;
  constructor(private readonly id: string) {}

  chunk(delta: Record<string, unknown>, finish: string | null = null): void {
    const body = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: 'gpt-bench-2025-01-01',
      system_fingerprint: 'fp_bench01',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      usage: null,
    };
    this.parts.push(`data: ${JSON.stringify(body)}\n\n`);
  }

  usage(prompt: number, completion: number): void {
    const body = {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: 'gpt-bench-2025-01-01',
      choices: [],
      usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
    };
    this.parts.push(`data: ${JSON.stringify(body)}\n\n`);
  }

  done(): string {
    this.parts.push('data: [DONE]\n\n');
    return this.parts.join('');
  }
}

export function longText(textChars: number): GeneratedStream {
  const random = rng(1);
  const w = new Writer('chatcmpl-longtext');
  w.chunk({ role: 'assistant', content: '', refusal: null });
  const pieces = tokens(random, textChars);
  for (const p of pieces) w.chunk({ content: p });
  w.chunk({}, 'stop');
  w.usage(50, pieces.length);
  return {
    name: `long text (${kb(textChars)} of text)`,
    sse: w.done(),
    expected: { text: pieces.join(''), reasoning: '', toolCalls: [], finishReason: 'stop' },
  };
}

export function argumentsJSON(random: () => number, i: number, chars: number): string {
  return JSON.stringify({ path: `src/file-${i}.ts`, mode: 'overwrite', content: tokens(random, chars).join('') });
}

/** Splits `s` into fragments of 2-10 characters, the way models stream tool arguments. */
export function fragments(random: () => number, s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    const n = 2 + Math.floor(random() * 9);
    out.push(s.slice(i, i + n));
    i += n;
  }
  return out;
}

export function parallelTools(calls: number, argChars: number): GeneratedStream {
  const random = rng(2);
  const w = new Writer('chatcmpl-tools');
  w.chunk({ role: 'assistant', content: null });
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    id: `call_${i}_${'x'.repeat(16)}`,
    name: `write_file_${i}`,
    arguments: argumentsJSON(random, i, argChars),
  }));
  const queues = toolCalls.map((c) => fragments(random, c.arguments));
  toolCalls.forEach((c, index) =>
    w.chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] }),
  );
  // Interleave: each chunk advances a randomly chosen call that still has fragments left.
  let left = queues.reduce((n, q) => n + q.length, 0);
  const pos = queues.map(() => 0);
  while (left > 0) {
    let index = Math.floor(random() * calls);
    while ((pos[index] ?? 0) >= (queues[index]?.length ?? 0)) index = (index + 1) % calls;
    const piece = queues[index]?.[pos[index] ?? 0] ?? '';
    pos[index] = (pos[index] ?? 0) + 1;
    left--;
    w.chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  }
  w.chunk({}, 'tool_calls');
  w.usage(400, 20_000);
  return {
    name: `${calls} parallel tool calls (${kb(argChars)} args each)`,
    sse: w.done(),
    expected: { text: '', reasoning: '', toolCalls, finishReason: 'tool_calls' },
  };
}

export function reasoningTextTools(
  reasoningChars: number,
  textChars: number,
  calls: number,
  argChars: number,
): GeneratedStream {
  const random = rng(3);
  const w = new Writer('chatcmpl-mixed');
  const reasoning = tokens(random, reasoningChars);
  w.chunk({ role: 'assistant', content: null, reasoning_content: '' });
  for (const r of reasoning) w.chunk({ content: null, reasoning_content: r });
  const text = tokens(random, textChars);
  for (const t of text) w.chunk({ content: t, reasoning_content: null });
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    id: `call_m${i}`,
    name: `search_${i}`,
    arguments: argumentsJSON(random, i, argChars),
  }));
  toolCalls.forEach((c, index) => {
    w.chunk({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } }] });
    for (const piece of fragments(random, c.arguments))
      w.chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
  });
  w.chunk({}, 'tool_calls');
  w.usage(300, 9_000);
  return {
    name: `reasoning ${kb(reasoningChars)} → text ${kb(textChars)} → ${calls} tools`,
    sse: w.done(),
    expected: { text: text.join(''), reasoning: reasoning.join(''), toolCalls, finishReason: 'tool_calls' },
  };
}

export function kb(chars: number): string {
  return `${Math.round(chars / 1024)} KB`;
}
