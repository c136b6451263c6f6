/**
 * A tool schema whose "pattern" backtracks without end (^(a+)+$ against forty "a" and a "!"). Saving such a schema
 * is refused with a message saying why; a tool that already has one (stored before, or imported) gets a check that
 * gives up after its deadline with a clear error, and the checks after it still work, in Try it and in a run.
 */
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { LONGEST_TASK_LIMIT_MS, longestTask, watchLongTasks } from './support/long-tasks';
import { runTry, openToolsTab, toolsPanel } from './support/tools-tab';
import { putRows, readStores } from './support/stored-rows';

const REDOS = '^(a+)+$';
const params = { type: 'object', properties: { w: { type: 'string', pattern: REDOS } }, required: ['w'] };
const EVIL = `${'a'.repeat(40)}!`;

test('saving a schema with a catastrophic pattern is refused, with the pattern and why', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'New tool' }).click();
  await panel.getByRole('textbox', { name: 'Tool name' }).fill('match_word');
  await panel.getByRole('textbox', { name: 'Description' }).fill('Matches a word');
  await panel.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(JSON.stringify(params));
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Fix the errors shown next to the fields.' })).toBeVisible();
  await expect(page.locator('#tool-parameters-errors')).toContainText(
    '/properties/w/pattern: the pattern "^(a+)+$" can take exponential time on some inputs: it repeats a part that itself repeats',
  );
  expect((await readStores(page, ['tools'])).tools?.some((t) => t.name === 'match_word')).toBe(false);
});

test('a stored tool with such a pattern: the check stops at its deadline with a clear error, and later checks work', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  const now = Date.now();
  await putRows(page, 'tools', [
    {
      id: 'tool-match-word',
      name: 'match_word',
      description: 'Matches a word',
      parameters: params,
      kind: 'code',
      code: 'return args.w.length;',
      http: null,
      builtinId: null,
      allowedOrigins: [],
      timeoutMs: null,
      needsApproval: false,
      enabled: true,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await openToolsTab(page);
  await page.getByRole('list', { name: 'Tool list' }).getByRole('button', { name: 'match_word' }).click();
  await watchLongTasks(page);

  const panel = toolsPanel(page);
  await panel.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ w: EVIL }));
  await expect(page.locator('#tool-args-errors')).toContainText(
    'could not be checked: The argument check took too long (over 3 s) and was stopped. A "pattern" in the tool\'s parameters probably backtracks',
    { timeout: 20_000 },
  );
  await expect(panel.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  // The stuck worker was replaced: the next check answers, and the tool runs.
  const { headline, text } = await runTry(page, { w: 'aaa' });
  expect([headline, text]).toEqual(['OK', '3']);

  // The same in a run: the model's call with the hostile argument gets the error, its next call works.
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_evil', name: 'match_word', arguments: { w: EVIL } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_fine', name: 'match_word', arguments: { w: 'aaaa' } }] },
    { kind: 'text', content: 'Done.' },
  ]);
  await sendMessage(page, 'match some words');
  await waitForIdle(page);
  await expect(toolCard(page, 'call_evil').getByLabel('Result', { exact: true })).toContainText(
    'The argument check took too long (over 3 s)',
  );
  await expandToolCard(toolCard(page, 'call_fine'));
  await expect(toolCard(page, 'call_fine').getByLabel('Result', { exact: true })).toHaveText('4');
  expect(await longestTask(page, 'ReDoS pattern')).toBeLessThan(LONGEST_TASK_LIMIT_MS);
});
