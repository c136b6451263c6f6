/**
 * What a code tool printed while the model ran it: the chat's tool card shows the console output (the run's record
 * keeps it), and a thrown error points at the line of the code as the user wrote it.
 */
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { createCodeTool, openToolsTab } from './support/tools-tab';

test("a tool card shows the tool's console output, and an error names the line of the user's code", async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  await openToolsTab(page);
  await createCodeTool(page, {
    name: 'chatty',
    code: 'console.log("step", args.n);\nconsole.warn("careful");\nreturn args.n * 2;',
    parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  });
  await createCodeTool(page, { name: 'broken', code: 'const n = 1;\nthrow new Error("bad " + n);' });
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_log', name: 'chatty', arguments: { n: 21 } }, { id: 'call_err', name: 'broken', arguments: {} }] },
    { kind: 'text', content: 'Done.' },
  ]);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await sendMessage(page, 'go');
  await waitForIdle(page);

  const card = toolCard(page, 'call_log');
  await expandToolCard(card);
  await expect(card.getByLabel('Result', { exact: true })).toHaveText('42');
  await card.getByText('Logs (2)').click();
  await expect(card.getByLabel('Logs')).toHaveText('[log] step 21\n[warn] careful');

  const broken = toolCard(page, 'call_err');
  await expect(broken.getByLabel('Result', { exact: true })).toContainText('Error: bad 1');
  await expect(broken.getByLabel('Result', { exact: true })).toContainText('line 2, column');
  await expect(broken.getByLabel('Result', { exact: true })).not.toContainText('tool.js');
  await expect(broken.getByText(/^Logs/)).toHaveCount(0);
});
