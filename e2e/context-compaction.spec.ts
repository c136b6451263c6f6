import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';
import { isSummaryRequest, responder } from './support/compaction-responder';
import { newSessionWithContextLimit } from './support/session-list';
import { requestText } from './support/sent-requests';

/** About 400 tokens of assistant notes per turn, each named so a request can be searched for it. */
const note = (n: number) => `NOTE-${n}: ` + 'observations about the weather pattern '.repeat(40);

test('a long run compacts automatically at 95 % and keeps going, also past a 503 on the summary; later requests carry the summary, not the old turns', async ({
  page,
  mock,
}) => {
  mock.configure({
    defaultStep: responder(
      'SUMMARY-OF-NOTES: weather was checked for cities 1 to 4.',
      (n) =>
        n <= 8
          ? {
              kind: 'tool_calls',
              text: note(n),
              calls: [{ id: `call_${n}`, name: 'get_weather', arguments: { city: `City${n}` } }],
            }
          : { kind: 'text', content: 'Done after eight checks.' },
      { firstSummaryStatus: 503 },
    ),
  });
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  await newSessionWithContextLimit(page, 3000);
  await sendMessage(page, 'Check the weather in eight cities.');

  await expect(assistantMessages(page).last()).toContainText('Done after eight checks.', { timeout: 30_000 });
  await waitForIdle(page);

  const summaries = mock.requests.filter(isSummaryRequest);
  // The first summary request got a 503 and was sent again; the run did not end on it.
  expect(summaries.length).toBeGreaterThanOrEqual(2);
  expect(requestText(summaries[1]!)).toBe(requestText(summaries[0]!));
  // The summariser read the oldest turns.
  expect(requestText(summaries[0]!)).toContain('NOTE-1:');
  const turns = mock.requests.filter((r) => !isSummaryRequest(r));
  expect(turns).toHaveLength(9);
  const last = turns[8]!;
  expect(requestText(last)).toContain('SUMMARY-OF-NOTES');
  expect(requestText(last)).not.toContain('NOTE-1:');
  expect(requestText(last)).not.toContain('Check the weather in eight cities.');
  // The run went on after compacting: requests after the first summary got answers too.
  const firstSummaryAt = mock.requests.indexOf(summaries[0]!);
  expect(mock.requests.slice(firstSummaryAt + 1).filter((r) => !isSummaryRequest(r)).length).toBeGreaterThan(1);

  // The originals stay in the chat, folded under the live summary (an older summary it absorbed included).
  const summary = page.getByRole('article', { name: 'Summary of earlier messages' });
  await expect(summary).toHaveCount(1);
  await expect(summary).toContainText(/\d+ earlier messages summarised/);
  await expect(summary).toContainText('SUMMARY-OF-NOTES');
  await expect(summary).not.toContainText('Tool result');
  await summary.getByText(/Show the \d+ original messages/).click();
  await expect(summary).toContainText(/NOTE-\d+:/);
  await expect(summary).toContainText('Tool result');
  // The newest turns are not folded.
  await expect(assistantMessages(page).filter({ hasText: 'NOTE-8:' })).toHaveCount(1);

  await expect(page.getByRole('status', { name: 'Context usage' })).toContainText(
    /Context: [\d,]+ \/ 3,000 tokens \(\d+ %\)/,
  );

  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-kind="compaction"]').first()).toBeAttached();
  await expect(page.getByRole('button', { name: /Context compacted from \d+ to \d+ tokens/ }).first()).toBeAttached();
});

test('Compact now summarises older turns on request; the next request carries the summary instead', async ({
  page,
  mock,
}) => {
  mock.configure({
    defaultStep: responder('MANUAL-SUMMARY: the user asked about apples and pears.', (n) => ({
      kind: 'text',
      content: `Answer number ${n}.`,
    })),
  });
  await openConfiguredApp(page, mock);
  for (const q of ['First question about apples?', 'Second question about pears?', 'Third question about plums?']) {
    await sendMessage(page, q);
    await waitForIdle(page);
  }
  await expect(assistantMessages(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Compact now' }).click();
  await expect(page.getByText('Summarised 4 earlier messages')).toBeVisible();
  const summaryRequest = mock.requests.filter(isSummaryRequest);
  expect(summaryRequest).toHaveLength(1);
  expect(requestText(summaryRequest[0]!)).toContain('First question about apples?');
  expect(requestText(summaryRequest[0]!)).not.toContain('Third question about plums?');
  const summary = page.getByRole('article', { name: 'Summary of earlier messages' });
  await expect(summary).toContainText('4 earlier messages summarised');
  await expect(summary).toContainText('MANUAL-SUMMARY');

  await sendMessage(page, 'Fourth question?');
  await expect(assistantMessages(page).last()).toContainText('Answer number 4.');
  const next = mock.requests.at(-1)!;
  expect(isSummaryRequest(next)).toBe(false);
  expect(requestText(next)).toContain('MANUAL-SUMMARY');
  expect(requestText(next)).not.toContain('First question about apples?');
  expect(requestText(next)).toContain('Third question about plums?');

  // Stored, not just shown: after a reload the session still shows it.
  const sessionId = await page
    .locator('nav[aria-label="Sessions"] li[data-current="true"]')
    .getAttribute('data-session-id');
  await page.reload();
  await page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"] button.session-open`).click();
  await expect(page.getByRole('article', { name: 'Summary of earlier messages' })).toContainText('MANUAL-SUMMARY');
});

test('a message too large for the context window stops the run with a clear context-limit error, sending nothing', async ({
  page,
  mock,
}) => {
  mock.configure({ defaultStep: responder('unused', () => ({ kind: 'text', content: 'should not be asked' })) });
  await openConfiguredApp(page, mock);
  await newSessionWithContextLimit(page, 1000);
  await sendMessage(page, 'Please read this: ' + 'lorem ipsum dolor sit amet '.repeat(300));

  const alert = page.getByRole('alert').filter({ hasText: 'The conversation is too long for this model' });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('context window is 1000');
  await waitForIdle(page);
  expect(mock.requests).toHaveLength(0);
  await expect(page.getByRole('status', { name: 'Context usage' })).toContainText('/ 1,000 tokens');
});

test('between 80 % and 95 % the context meter warns, corrected by the reported usage across runs', async ({
  page,
  mock,
}) => {
  // The provider counts this prompt as 8,600 tokens of 10,000 (our heuristic says about 6,500): always between the thresholds.
  mock.configure({
    defaultStep: responder('unused', () => ({
      kind: 'text',
      content: 'Read it.',
      usage: { prompt_tokens: 8_600, completion_tokens: 3 },
    })),
  });
  await openConfiguredApp(page, mock);
  await newSessionWithContextLimit(page, 10_000);
  const meter = page.getByRole('status', { name: 'Context usage' });
  await sendMessage(page, 'Please read this: ' + 'lorem ipsum dolor sit amet '.repeat(900));
  await expect(assistantMessages(page).last()).toContainText('Read it.');
  await waitForIdle(page);
  await expect(meter).toHaveAttribute('data-level', 'warn');
  await expect(meter).toContainText(/\/ 10,000 tokens \(8\d %\)/);
  await expect(meter).toContainText(
    "close to this model's context window; older turns will be summarised automatically at 95 %",
  );

  // The second run's request is already corrected by the first report; the meter must still compare like with like.
  await sendMessage(page, 'And one more short question?');
  await expect(assistantMessages(page)).toHaveCount(2);
  await waitForIdle(page);
  expect(mock.requests.filter(isSummaryRequest)).toHaveLength(0);
  await expect(meter).toHaveAttribute('data-level', 'warn');
  await expect(meter).toContainText(/\/ 10,000 tokens \(8\d %\)/);
  await expect(meter).toContainText('corrected by reported usage');
});
