/**
 * A weather tool stored as an earlier visit saved it, and a mock model that calls it for Rome and then answers, each
 * turn with usage the provider reported: what a session with token counts (and, given prices, a cost) is made of.
 */
import type { Page } from '@playwright/test';
import type { MockServer } from '../server/mock-server';
import { cityParams, seedHttpTools } from './http-tool-seed';

export const ROME_QUESTION = 'Weather in Rome?';
export const ROME_ANSWER = 'Rome is sunny.';
export const ROME_TURNS = ['1,234 tokens (1,200 in, 34 out)', '1,521 tokens (1,500 in, 21 out)'] as const;
export const ROME_TOTAL = 'Session: 2,755 tokens (2,700 in, 55 out)';

export async function scriptRomeWithUsage(page: Page, mock: MockServer): Promise<void> {
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_rome', name: 'get_weather', arguments: { city: 'Rome' } }],
      usage: { prompt_tokens: 1200, completion_tokens: 34, total_tokens: 1234 },
    },
    { kind: 'text', content: ROME_ANSWER, usage: { prompt_tokens: 1500, completion_tokens: 21, total_tokens: 1521 } },
  ]);
}
