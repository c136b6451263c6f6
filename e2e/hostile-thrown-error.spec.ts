/**
 * A tool that throws an enormous error: the 1 MB message (and a 1 MB stack) are cut at the output limit in the
 * sandbox worker, with the visible marker, before they reach the page, the database or the model.
 */
import { expect, test } from './fixtures';
import { openApp, openConfiguredApp } from './support/configured-app';
import { sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { keptBytes, runTry, createCodeTool, openToolsTab } from './support/tools-tab';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { readStores } from './support/stored-rows';

const LIMIT = 64 * 1024;
const MARKER = /\n…\[output truncated: \d+ bytes omitted\]$/;

test('js_eval throwing a 1 MB string: Try it shows the error cut at 64 KB with the marker', async ({ page }) => {
  await openApp(page);
  await openToolsTab(page);
  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'js_eval' }).click();
  await watchLongTasks(page);
  const { headline, text } = await runTry(page, { expression: 'throw "E".repeat(1000000)' });
  expect(headline).toBe('Failed: the code threw an error');
  expect(text.startsWith(`Error: ${'E'.repeat(1000)}`)).toBe(true);
  expect(text).toMatch(MARKER);
  expect(keptBytes(text)).toBeLessThanOrEqual(LIMIT);
  expect(await longestTask(page, 'thrown 1 MB, Try it')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});

test('a 1 MB message and a 1 MB stack thrown in a run: the card, the stored records and the model get 64 KB', async ({
  page,
  mock,
}) => {
  // A 128k-token window: a 64 KB result fits, so the run carries it to the model instead of stopping for length.
  await openConfiguredApp(page, mock, { model: 'mock-gpt-128k' });
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'explode',
    code: 'const e = new Error("M".repeat(1000000)); e.stack = "S".repeat(1000000); throw e;',
  });
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_boom', name: 'explode', arguments: {} }] },
    { kind: 'text', content: 'That failed.' },
  ]);
  await watchLongTasks(page);
  await sendMessage(page, 'run explode');
  await waitForIdle(page);

  // What the model read next.
  const sent = (mock.requests[1]?.body.messages ?? []).find((m) => m.role === 'tool' && m.tool_call_id === 'call_boom');
  const content = String(sent?.content ?? '');
  expect(content.startsWith(`Error: ${'M'.repeat(1000)}`)).toBe(true);
  expect(content).toMatch(MARKER);
  expect(keptBytes(content)).toBeLessThanOrEqual(LIMIT);

  // What the person sees: the card's result, cut, with its length.
  const card = toolCard(page, 'call_boom');
  await expect(card).toContainText('error');
  // The fold's button names the full length: "Show all (N characters)", or "Show more (N …)" past one page.
  const showAll = card.getByRole('button', { name: /^Show (all|more) \(/ });
  const shown = Number(((await showAll.textContent()) ?? '').replace(/\D/g, ''));
  expect(shown).toBeLessThanOrEqual(LIMIT + 100);

  // What was stored, in every place it is kept.
  const stores = await readStores(page, ['messages', 'toolCalls', 'events']);
  const stored = [
    ...(stores.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content)),
    ...(stores.toolCalls ?? []).map((c) => String(c.result)),
    ...(stores.events ?? []).filter((e) => e.type === 'tool_finished').map((e) => String(e.result)),
  ];
  expect(stored.length).toBeGreaterThanOrEqual(3);
  for (const s of stored) expect(keptBytes(s)).toBeLessThanOrEqual(LIMIT);
  expect(await longestTask(page, 'thrown 1 MB + stack, agent run')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
