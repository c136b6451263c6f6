import { readFileSync } from 'node:fs';
import type { AnthropicEvent } from './anthropic-stream';

/**
 * Test-only: the events of a recorded Anthropic stream, parsed, in order. Reads both shapes kept in __fixtures__:
 * SSE bodies (`event:`/`data:` records) and the AI SDK's `.chunks.txt` (one data object per line).
 */
export function readAnthropicFixture(path: string): AnthropicEvent[] {
  const text = readFileSync(path, 'utf8');
  if (!/^data:/m.test(text)) {
    return text
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as AnthropicEvent);
  }
  const events: AnthropicEvent[] = [];
  for (const block of text.split(/\n\n+/)) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') events.push(JSON.parse(data) as AnthropicEvent);
  }
  return events;
}
