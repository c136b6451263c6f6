/**
 * Generates a large Anthropic Messages SSE body in memory, framed as the API sends it: an `event:` line naming the
 * type, then the `data:` line with the whole event (`type` repeated), then the blank line. Signed thinking, text and
 * parallel `tool_use` blocks (one after the other, as Anthropic streams them), each built from many small deltas.
 */
import { argumentsJSON, fragments, kb, rng, tokens, type GeneratedStream } from './sse-gen';

export function anthropicThinkingTextTools(
  thinkingChars: number,
  textChars: number,
  calls: number,
  argChars: number,
): GeneratedStream {
  const random = rng(5);
  const parts: string[] = [];
  const emit = (body: { type: string; [key: string]: unknown }) => {
    parts.push(`event: ${body.type}\ndata: ${JSON.stringify(body)}\n\n`);
  };
  const delta = (index: number, d: Record<string, unknown>) => emit({ type: 'content_block_delta', index, delta: d });
  emit({
    type: 'message_start',
    message: {
      model: 'claude-bench-4-5',
      id: 'msg_01BenchBenchBenchBenchBench',
      type: 'message',
      role: 'assistant',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: 300,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 1,
        service_tier: 'standard',
      },
    },
  });
  emit({ type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } });
  emit({ type: 'ping' });
  const thinking = tokens(random, thinkingChars);
  for (const t of thinking) delta(0, { type: 'thinking_delta', thinking: t });
  delta(0, { type: 'signature_delta', signature: 'EqQBCgIYAhIM'.repeat(40) });
  emit({ type: 'content_block_stop', index: 0 });
  emit({ type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } });
  const text = tokens(random, textChars);
  for (const t of text) delta(1, { type: 'text_delta', text: t });
  emit({ type: 'content_block_stop', index: 1 });
  const toolCalls = Array.from({ length: calls }, (_, i) => ({
    id: `toolu_01Bench${i}${'x'.repeat(12)}`,
    name: `write_file_${i}`,
    arguments: argumentsJSON(random, i, argChars),
  }));
  toolCalls.forEach((c, i) => {
    const index = i + 2;
    emit({
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: c.id, name: c.name, input: {} },
    });
    // The API opens every tool_use block's input with an empty piece.
    delta(index, { type: 'input_json_delta', partial_json: '' });
    for (const piece of fragments(random, c.arguments)) delta(index, { type: 'input_json_delta', partial_json: piece });
    emit({ type: 'content_block_stop', index });
  });
  emit({
    type: 'message_delta',
    delta: { stop_reason: 'tool_use', stop_sequence: null },
    usage: { input_tokens: 300, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 9000 },
  });
  emit({ type: 'message_stop' });
  return {
    name: `anthropic: thinking ${kb(thinkingChars)} → text ${kb(textChars)} → ${calls} tools`,
    sse: parts.join(''),
    expected: { text: text.join(''), reasoning: thinking.join(''), toolCalls, finishReason: 'tool_calls' },
  };
}
