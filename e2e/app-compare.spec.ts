/** Compare: two sessions side by side at their own address, with both timelines on one time scale. */
import { expect, test } from './fixtures';
import { sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { currentSessionId, newSession } from './support/session-list';

test('two sessions side by side: model, tool calls by name and outcome, tokens, answers, one time scale', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_t1', name: 'current_time', arguments: {} }],
      usage: { prompt_tokens: 50, completion_tokens: 5 },
    },
    { kind: 'text', content: 'Answer with a tool.', usage: { prompt_tokens: 70, completion_tokens: 8 } },
  ]);
  await sendMessage(page, 'first');
  await waitForIdle(page);
  const a = await currentSessionId(page);
  await newSession(page);
  mock.script([
    {
      kind: 'text',
      content: 'Answer without tools.',
      firstByteDelayMs: 400,
      usage: { prompt_tokens: 20, completion_tokens: 4 },
    },
  ]);
  await sendMessage(page, 'second');
  await waitForIdle(page);
  const b = await currentSessionId(page);

  await page.getByRole('button', { name: 'Compare' }).click();
  await page.getByRole('combobox', { name: 'First session' }).selectOption(a);
  await page.getByRole('combobox', { name: 'Second session' }).selectOption(b);
  await expect(page).toHaveURL(new RegExp(`#/compare/${a}/${b}$`));

  const table = page.getByRole('table', { name: 'Comparison' });
  const cell = (measure: string, side: 'a' | 'b') =>
    table.locator(`tr[data-measure="${measure}"] td[data-side="${side}"]`);
  await expect(cell('Model', 'a')).toHaveText('mock-gpt');
  await expect(cell('Tool calls', 'a')).toHaveText('1');
  await expect(cell('Tool calls', 'b')).toHaveText('0');
  await expect(cell('Tool calls by name', 'a')).toContainText('current_time ×1: 1 ok');
  await expect(cell('Tokens', 'a')).toContainText('120 in / 13 out');
  await expect(cell('Tokens', 'b')).toContainText('20 in / 4 out');
  await expect(cell('Cost', 'a')).toContainText('not known');
  await expect(cell('Final answer', 'a')).toHaveText('Answer with a tool.');
  await expect(cell('Final answer', 'b')).toHaveText('Answer without tools.');

  // Both charts span the same time: the longer session's.
  const chartA = page.getByRole('region', { name: /^Timeline of first/ });
  const chartB = page.getByRole('region', { name: /^Timeline of second/ });
  await expect(chartA.locator('[data-kind="call"][data-call-id="call_t1"]')).toHaveCount(1);
  const end = async (chart: typeof chartA) => chart.getAttribute('data-view-end');
  expect(await end(chartA)).toBe(await end(chartB));

  // The address alone brings it back.
  await page.reload();
  await expect(cell('Final answer', 'b')).toHaveText('Answer without tools.');
  // Opening a session leaves Compare; Back returns to it.
  await page.locator(`nav[aria-label="Sessions"] li[data-session-id="${a}"] button.session-open`).click();
  await expect(table).toHaveCount(0);
  await page.goBack();
  await expect(cell('Final answer', 'a')).toHaveText('Answer with a tool.');
});
