/**
 * Generates a large Responses API SSE body in memory, shaped like OpenAI's (an `event:` line and the
 * full event envelope on every delta: sequence_number, item_id, output_index, obfuscation), with the
 * turn it should assemble to.
 */
import type { GeneratedStream } from './sse-gen';

function rng(seed: number): () => number {
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
  'café',
  'naïve',
  '→',
  'JSON',
  '"quoted"',
  'back\\slash',
  'new\nline',
  '🙂',
  'agent',
  'tool',
];

function tokens(random: () => number, totalChars: number): string[] {
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

function fragments(random: () => number, s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    const n = 2 + Math.floor(random() * 9);
    out.push(s.slice(i, i + n));
    i += n;
  }
  return out;
}

/** Reasoning summary, then parallel function calls, then a text answer, as one response. */
export function responsesReasoningToolsText(
  reasoningChars: number,
  calls: number,
  argChars: number,
  textChars: number,
): GeneratedStream {
  const random = rng(4);
  const parts: string[] = [];
  let seq = 0;
  const emit = (type: string, body: Record<string, unknown>) => {
    parts.push(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...body })}\n\n`);
  };
  const obf = () => 'x'.repeat(Math.floor(random() * 15));
  const response = {
    id: 'resp_bench',
    object: 'response',
    created_at: 1_760_000_000,
    status: 'in_progress',
    model: 'gpt-bench',
    output: [],
    usage: null,
  };
  emit('response.created', { response });
  emit('response.in_progress', { response });
  const rsId = 'rs_bench';
  emit('response.output_item.added', {
    output_index: 0,
    item: { id: rsId, type: 'reasoning', summary: [], encrypted_content: 'gAAAA'.repeat(200) },
  });
  emit('response.reasoning_summary_part.added', {
    item_id: rsId,
    output_index: 0,
    summary_index: 0,
    part: { type: 'summary_text', text: '' },
  });
  const reasoning = tokens(random, reasoningChars);
  for (const r of reasoning)
    emit('response.reasoning_summary_text.delta', {
      item_id: rsId,
      output_index: 0,
      summary_index: 0,
      delta: r,
      obfuscation: obf(),
    });
  emit('response.reasoning_summary_text.done', {
    item_id: rsId,
    output_index: 0,
    summary_index: 0,
    text: reasoning.join(''),
  });
  emit('response.output_item.done', {
    output_index: 0,
    item: {
      id: rsId,
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: reasoning.join('') }],
      encrypted_content: 'gAAAB'.repeat(260),
    },
  });
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    id: `call_${i}`,
    name: `write_file_${i}`,
    arguments: JSON.stringify({ path: `src/f${i}.ts`, content: tokens(random, argChars).join('') }),
  }));
  toolCalls.forEach((c, i) => {
    const index = i + 1;
    const fcId = `fc_${i}`;
    emit('response.output_item.added', {
      output_index: index,
      item: { id: fcId, type: 'function_call', status: 'in_progress', arguments: '', call_id: c.id, name: c.name },
    });
    for (const piece of fragments(random, c.arguments))
      emit('response.function_call_arguments.delta', {
        item_id: fcId,
        output_index: index,
        delta: piece,
        obfuscation: obf(),
      });
    emit('response.function_call_arguments.done', { item_id: fcId, output_index: index, arguments: c.arguments });
    emit('response.output_item.done', {
      output_index: index,
      item: {
        id: fcId,
        type: 'function_call',
        status: 'completed',
        arguments: c.arguments,
        call_id: c.id,
        name: c.name,
      },
    });
  });
  const msgIndex = calls + 1;
  const msgId = 'msg_bench';
  emit('response.output_item.added', {
    output_index: msgIndex,
    item: { id: msgId, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
  });
  emit('response.content_part.added', {
    item_id: msgId,
    output_index: msgIndex,
    content_index: 0,
    part: { type: 'output_text', annotations: [], logprobs: [], text: '' },
  });
  const text = tokens(random, textChars);
  for (const t of text)
    emit('response.output_text.delta', {
      item_id: msgId,
      output_index: msgIndex,
      content_index: 0,
      delta: t,
      logprobs: [],
      obfuscation: obf(),
    });
  emit('response.output_text.done', {
    item_id: msgId,
    output_index: msgIndex,
    content_index: 0,
    text: text.join(''),
    logprobs: [],
  });
  emit('response.output_item.done', {
    output_index: msgIndex,
    item: { id: msgId, type: 'message', status: 'completed', role: 'assistant', content: [] },
  });
  emit('response.completed', {
    response: {
      ...response,
      status: 'completed',
      usage: {
        input_tokens: 300,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: 9000,
        output_tokens_details: { reasoning_tokens: 2000 },
        total_tokens: 9300,
      },
    },
  });
  return {
    name: `responses: reasoning ${Math.round(reasoningChars / 1024)} KB → ${calls} tools → text ${Math.round(textChars / 1024)} KB`,
    sse: parts.join(''),
    expected: { text: text.join(''), reasoning: reasoning.join(''), toolCalls, finishReason: 'tool_calls' },
  };
}
