import { readFileSync } from 'node:fs';
import type { ResponsesEvent } from '../responses-accumulator';

/** Test-only: the data events of a recorded Responses SSE body, parsed, in order. */
export function readResponsesFixture(path: string): ResponsesEvent[] {
  const events: ResponsesEvent[] = [];
  for (const block of readFileSync(path, 'utf8').split(/\n\n+/)) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).replace(/^ /, ''))
      .join('\n');
    if (data !== '') events.push(JSON.parse(data) as ResponsesEvent);
  }
  return events;
}
