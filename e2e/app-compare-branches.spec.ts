/** Compare of two branches of one session, at their own address; the tab bar marks no view on such screens. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { currentSessionId } from './support/session-list';

const chat = (page: Page) => page.locator('section.chat');

test('two branches of one session side by side: tool calls, answers and runs of each path', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_t1', name: 'current_time', arguments: {} }],
      usage: { prompt_tokens: 50, completion_tokens: 5 },
    },
    { kind: 'text', content: 'Answer with a tool.', usage: { prompt_tokens: 70, completion_tokens: 8 } },
    { kind: 'text', content: 'Answer without tools.', usage: { prompt_tokens: 20, completion_tokens: 4 } },
  ]);
  await sendMessage(page, 'What time is it?');
  await waitForIdle(page);
  const session = await currentSessionId(page);
  const before = await chat(page).getAttribute('data-run-id');
  // Regenerating the reply that called the tool branches right after the question: the new path has no tool call.
  await page.getByRole('button', { name: 'Regenerate' }).first().click();
  await expect
    .poll(async () => {
      const id = await chat(page).getAttribute('data-run-id');
      return id !== null && id !== before ? await chat(page).getAttribute('data-run-state') : 'not started';
    })
    .toBe('ended');
  await expect(assistantMessages(page).last()).toContainText('Answer without tools.');

  await page.getByRole('button', { name: 'Compare' }).click();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
  const first = page.getByRole('combobox', { name: 'First session' });
  const second = page.getByRole('combobox', { name: 'Second session' });
  // The picker offers the session whole and each of its branches.
  const branchOption = (n: number) => first.locator('option', { hasText: `· branch ${n}:` });
  await expect(branchOption(1)).toHaveCount(1);
  await expect(branchOption(2)).toContainText('Answer without tools. (shown)');
  const rootValue = await branchOption(1).getAttribute('value');
  const branchValue = await branchOption(2).getAttribute('value');
  expect(rootValue).toBe(`${session}@root`);
  expect(branchValue).toMatch(new RegExp(`^${session}@.+`));
  await first.selectOption(rootValue ?? '');
  await second.selectOption(branchValue ?? '');
  await expect(page).toHaveURL(new RegExp(`#/compare/${session}@root/${branchValue ?? ''}$`));

  const table = page.getByRole('table', { name: 'Comparison' });
  const cell = (measure: string, side: 'a' | 'b') =>
    table.locator(`tr[data-measure="${measure}"] td[data-side="${side}"]`);
  await expect(table.locator('th[data-side="a"]')).toContainText('· branch 1');
  await expect(table.locator('th[data-side="b"]')).toContainText('· branch 2');
  await expect(cell('Tool calls', 'a')).toHaveText('1');
  await expect(cell('Tool calls', 'b')).toHaveText('0');
  await expect(cell('Tool calls by name', 'a')).toContainText('current_time ×1: 1 ok');
  await expect(cell('User messages', 'a')).toHaveText('1');
  await expect(cell('User messages', 'b')).toHaveText('1');
  await expect(cell('Runs', 'a')).toHaveText('1');
  await expect(cell('Runs', 'b')).toHaveText('1');
  await expect(cell('Tokens', 'a')).toContainText('120 in / 13 out');
  await expect(cell('Tokens', 'b')).toContainText('20 in / 4 out');
  await expect(cell('Final answer', 'a')).toHaveText('Answer with a tool.');
  await expect(cell('Final answer', 'b')).toHaveText('Answer without tools.');
  const chartA = page.getByRole('region', { name: /^Timeline of .* · branch 1/ });
  const chartB = page.getByRole('region', { name: /^Timeline of .* · branch 2/ });
  await expect(chartA.locator('[data-kind="call"][data-call-id="call_t1"]')).toHaveCount(1);
  await expect(chartB.locator('[data-kind="call"]')).toHaveCount(0);
  expect(await chartA.getAttribute('data-view-end')).toBe(await chartB.getAttribute('data-view-end'));

  // The address alone brings the same two branches back.
  await page.reload();
  await expect(cell('Final answer', 'b')).toHaveText('Answer without tools.');
  await expect(cell('Final answer', 'a')).toHaveText('Answer with a tool.');
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);

  // A branch the session does not have says so and compares nothing.
  await page.goto(`/#/compare/${session}@root/${session}@no-such-branch`);
  await expect(page.getByRole('alert')).toContainText('has no branch "no-such-branch"');
  await expect(table).toHaveCount(0);

  // Leaving the screen by a tab marks that tab again.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
});

test('the "not found" screen marks no tab', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/#/s/no-such-session/timeline');
  await expect(page.getByText('Session not found')).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
  await page.goto('/#/nowhere/at/all');
  await expect(page.getByText('Nothing at this address')).toBeVisible();
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(0);
});
