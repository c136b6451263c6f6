/**
 * The timeline of a run driven through the chat against the mock server (not seeded events): what a
 * person reads on the chart and in the details panel for a retried request and a call the tool's
 * schema rejected.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';

test('a retried request and a rejected call read clearly on the chart and in the details', async ({ page, mock }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    { kind: 'http_error', status: 503, retryAfterMs: 200 },
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_bad', name: 'get_weather', arguments: { town: 'Oslo' } },
      ],
    },
    { kind: 'text', content: 'Paris is mild; the Oslo call had bad arguments.' },
  ]);
  await sendMessage(page, 'Weather in Paris and Oslo?');
  await expect(assistantMessages(page).last()).toContainText('bad arguments');
  await waitForIdle(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();

  // Quick calls are thin bars; each still says which tool it was, not only its outcome icon.
  const bad = page.locator('[data-kind="call"][data-call-id="call_bad"]');
  await expect(bad).toHaveAttribute('data-outcome', 'error');
  await expect(bad).toContainText('✕ get_weather');
  await expect(page.locator('[data-kind="call"][data-call-id="call_paris"]')).toContainText('✓ get_weather');

  // The rejected call never started, yet its details show the arguments the model sent, beside the errors.
  await bad.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByLabel('Arguments')).toContainText('"town": "Oslo"');
  await expect(details).not.toContainText('Not valid JSON');
  await expect(details.getByRole('listitem').first()).toContainText("must have required property 'city'");

  // The failed attempt's error is prose: it wraps between words, not inside them.
  await page.locator('[data-kind="request"][data-turn="1"][data-attempt="1"]').click();
  const error = details.locator('xpath=.//dt[normalize-space()="Error"]/following-sibling::dd[1]');
  await expect(error).toContainText('503');
  expect(await error.evaluate((el) => getComputedStyle(el).wordBreak)).not.toBe('break-all');
});
