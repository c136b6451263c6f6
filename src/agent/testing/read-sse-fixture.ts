import { readFileSync } from 'node:fs';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

/**
 * Test-only: the data events of a recorded SSE body, parsed, in order, up to `[DONE]`.
 * Comment lines are skipped; an `event: error` payload is passed on as a chunk carrying `error`,
 * which is how the accumulator sees provider errors.
 */
export function readSseFixture(path: string): ChatCompletionChunk[] {
  const body = readFileSync(path, 'utf8');
  const chunks: ChatCompletionChunk[] = [];
  for (const block of body.split(/\n\n+/)) {
    let event = '';
    let data = '';
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += (data === '' ? '' : '\n') + line.slice(5).replace(/^ /, '');
    }
    if (data === '') continue;
    if (data === '[DONE]') break;
    const parsed = JSON.parse(data) as Record<string, unknown>;
    const chunk = event === 'error' && !('error' in parsed) ? { error: parsed } : parsed;
    chunks.push(chunk as unknown as ChatCompletionChunk);
  }
  return chunks;
}
