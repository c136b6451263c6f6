/**
 * Chat <-> timeline click-through on a real run against the mock server: a tool card's "Show in timeline"
 * selects and focuses that call's bar; the details panel's "Show in chat" brings the card back into view, marked.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { openConfiguredApp } from './support/configured-app';

test('a tool card jumps to its bar in the timeline, and the bar jumps back to the card in the chat', async ({
  page,
  mock,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConfiguredApp(page, mock);
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_oslo', name: 'get_weather', arguments: { city: 'Oslo' } },
      ],
    },
    { kind: 'text', content: 'Paris is mild, Oslo is cold.' },
  ]);
  await sendMessage(page, 'Weather in Paris and Oslo?');
  await expect(assistantMessages(page).last()).toContainText('Oslo is cold.');
  await waitForIdle(page);

  // Chat -> timeline: the Oslo call's bar is selected, focused, and its details are open.
  await page.getByRole('button', { name: /^2 tools, all ok/ }).click();
  await toolCard(page, 'call_oslo').getByRole('button', { name: 'Show in timeline' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const oslo = page.locator('[data-kind="call"][data-call-id="call_oslo"]');
  await expect(oslo).toHaveAttribute('data-selected', 'true');
  await expect(oslo).toBeFocused();
  await expect(page.locator('[data-kind="call"][data-call-id="call_paris"]')).not.toHaveAttribute(
    'data-selected',
    'true',
  );
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByLabel('Arguments')).toContainText('Oslo');
  await expect(details.getByLabel('Result', { exact: true })).toContainText('"city": "Oslo"');

  // Push the tool cards out of view with a long second answer (the chat follows the newest message).
  await page.getByRole('tab', { name: 'Chat' }).click();
  // Closed again, the turn is one row: "Show in chat" below must bring a folded call back into sight.
  await page.getByRole('button', { name: /^2 tools, all ok/ }).click();
  await expect(toolCard(page, 'call_paris')).toBeHidden();
  const lines = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
  mock.script([{ kind: 'text', content: lines }]);
  await sendMessage(page, 'Tell me more.');
  await expect(assistantMessages(page).last()).toContainText('Line 80 of a long answer.');
  await waitForIdle(page);
  await expect(toolCard(page, 'call_paris')).not.toBeInViewport();

  // Timeline -> chat: the Paris call's "Show in chat" switches tabs, scrolls to the card's message and marks it.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await page.locator('[data-kind="call"][data-call-id="call_paris"]').click();
  await expect(details.getByLabel('Arguments')).toContainText('Paris');
  await details.getByRole('button', { name: 'Show in chat' }).click();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(toolCard(page, 'call_paris')).toBeInViewport();
  await expect(page.locator('[data-highlight="true"]').locator(toolCard(page, 'call_paris'))).toHaveCount(1);
  await expect(page.locator('[data-highlight="true"]')).toHaveCount(1);
});
