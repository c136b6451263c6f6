import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';
import { isSummaryRequest } from './support/compaction-responder';
import { newSessionWithContextLimit } from './support/session-list';
import { requestText } from './support/sent-requests';
import type { ChatRequest, StaticStep } from './server/mock-server';

const note = (n: number) => `NOTE-${n}: ` + 'observations about the weather pattern '.repeat(40);

/** Summary requests get `summaries` in order (then a good summary); the rest call get_weather eight times, then answer. */
function run(summaries: StaticStep[]) {
  let n = 0;
  const queue = summaries.slice();
  return (req: ChatRequest): StaticStep => {
    if (isSummaryRequest(req)) return queue.shift() ?? { kind: 'text', content: 'SUMMARY-OF-NOTES: weather checked.' };
    n++;
    return n <= 8
      ? {
          kind: 'tool_calls',
          text: note(n),
          calls: [{ id: `call_${n}`, name: 'get_weather', arguments: { city: `City${n}` } }],
        }
      : { kind: 'text', content: 'Done after eight checks.' };
  };
}

test('a 429 on the summary during automatic compaction is retried and the run completes, the summary on the timeline', async ({
  page,
  mock,
}) => {
  mock.configure({ defaultStep: run([{ kind: 'http_error', status: 429, retryAfterMs: 50 }]) });
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  await newSessionWithContextLimit(page, 3000);
  await sendMessage(page, 'Check the weather in eight cities.');
  await expect(assistantMessages(page).last()).toContainText('Done after eight checks.', { timeout: 30_000 });
  await waitForIdle(page);

  const summaries = mock.requests.filter(isSummaryRequest);
  expect(summaries[0]?.status).toBe(429);
  expect(summaries[1]?.status).toBe(200);
  // The retry asked for the same summary again.
  expect(requestText(summaries[1]!)).toBe(requestText(summaries[0]!));
  await expect(page.getByRole('article', { name: 'Summary of earlier messages' })).toContainText('SUMMARY-OF-NOTES');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(
    page.getByRole('button', { name: /^summary attempt 1 failed \(rate_limited 429\)/ }).first(),
  ).toBeAttached();
  await expect(
    page.getByRole('button', { name: /^summary, Turn \d+ compaction summary request attempt 2/ }).first(),
  ).toBeAttached();
});

test('a stalled summary is ended by Stop: the run is cancelled and nothing leaves the history', async ({
  page,
  mock,
}) => {
  mock.configure({ defaultStep: run([{ kind: 'hang' }]) });
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  await newSessionWithContextLimit(page, 3000);
  await sendMessage(page, 'Check the weather in eight cities.');
  await expect.poll(() => mock.requests.filter(isSummaryRequest).length, { timeout: 30_000 }).toBe(1);
  const turnsBefore = mock.requests.filter((r) => !isSummaryRequest(r)).length;

  await page.getByRole('button', { name: 'Stop' }).click();
  await waitForIdle(page);
  // The stalled request's connection was closed by the page.
  await expect.poll(() => mock.requests.find(isSummaryRequest)?.closedBy).toBe('client');
  expect(mock.requests.filter((r) => !isSummaryRequest(r))).toHaveLength(turnsBefore);
  await expect(page.getByRole('article', { name: 'Summary of earlier messages' })).toHaveCount(0);

  await page.reload();
  await expect(assistantMessages(page).filter({ hasText: 'NOTE-1:' })).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Summary of earlier messages' })).toHaveCount(0);
});
