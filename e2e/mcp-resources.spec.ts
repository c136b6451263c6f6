/**
 * MCP resources in the app against server-everything (2025-11-25): browsed in the Tools view (resources and
 * templates), attached to the next message as chips, and sent to the model with the message; and a 2026-07-28
 * server's update to an attached resource (subscriptions/listen) refreshing it before it is sent.
 */
import { startEverythingServer, type EverythingMcpServer } from './mcp-servers/everything-server';
import { MODERN_NOTE_URI } from './mcp-servers/modern-resources';
import { startModernMcpServer } from './mcp-servers/modern-server';
import { expect, test } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';
import { toolsPanel } from './support/tools-tab';

let legacy: EverythingMcpServer;
test.beforeEach(async () => {
  legacy = await startEverythingServer();
});
test.afterEach(async () => {
  await legacy.close();
});

test('a resource and a filled template attached to the next message reach the model with it, then the chips go', async ({ page, mock }) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  const resources = toolsPanel(page).getByRole('region', { name: 'Resources of legacy' });
  await resources.getByRole('listitem', { name: 'features.md' }).getByRole('button', { name: 'Attach resource' }).click();
  await expect(resources.getByRole('status')).toHaveText('Attached features.md to the next message.');

  const template = resources.getByRole('listitem', { name: 'Dynamic Text Resource' });
  await expect(template.getByRole('button', { name: 'Attach resource' })).toBeDisabled();
  await template.getByRole('textbox').fill('demo://resource/dynamic/text/7');
  await template.getByRole('button', { name: 'Attach resource' }).click();
  await expect(resources.getByRole('status')).toHaveText('Attached Dynamic Text Resource to the next message.');

  await page.getByRole('tab', { name: 'Chat' }).click();
  const chips = page.getByRole('list', { name: 'Attached resources' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await chips.getByRole('button', { name: 'Remove Dynamic Text Resource' }).click();
  await expect(chips.getByRole('listitem')).toHaveCount(1);

  mock.script([{ kind: 'text', content: 'Read it.' }]);
  await sendMessage(page, 'Summarise the attached file');
  await expect(assistantMessages(page).last()).toContainText('Read it.', { timeout: 30_000 });
  await waitForIdle(page);
  const user = (await mock.waitForRequest(0)).body.messages?.find((m) => m.role === 'user');
  const sent = String(user?.content);
  expect(sent.startsWith('Summarise the attached file\n\n[Resource features.md from legacy: demo://resource/static/document/features.md')).toBe(true);
  expect(sent).toContain('# Everything Server - Features');
  expect(sent).not.toContain('dynamic/text/7');
  await expect(page.getByRole('list', { name: 'Attached resources' })).toBeHidden();
  await expect(messageBox(page)).toHaveValue('');
});

test('an attached resource the server updates is read again: the chip shows it and the model gets the new text', async ({ page, mock }) => {
  const modern = await startModernMcpServer({ note: 'first draft' });
  try {
    await openConfiguredApp(page, mock);
    await addMcpServer(page, { url: modern.url, name: 'notes' }, '2026-07-28');
    const resources = toolsPanel(page).getByRole('region', { name: 'Resources of notes' });
    await resources.getByRole('listitem', { name: 'today' }).getByRole('button', { name: 'Attach resource' }).click();
    await expect(resources.getByRole('status')).toHaveText(/^Attached (today|Today's note) to the next message.$/);
    await page.getByRole('tab', { name: 'Chat' }).click();
    const chip = page.getByRole('list', { name: 'Attached resources' }).getByRole('listitem');
    await expect(chip).toContainText('first draft');
    // The subscription is open once the server has the listen request for this URI.
    await expect.poll(() => modern.recorder.requests.some((r) => r.body.includes('"subscriptions/listen"') && r.body.includes(MODERN_NOTE_URI))).toBe(true);

    modern.updateNote('second draft');
    await expect(chip).toContainText('second draft');
    mock.script([{ kind: 'text', content: 'Noted.' }]);
    await sendMessage(page, 'Read the note');
    await expect(assistantMessages(page).last()).toContainText('Noted.', { timeout: 30_000 });
    await waitForIdle(page);
    const user = (await mock.waitForRequest(0)).body.messages?.find((m) => m.role === 'user');
    expect(String(user?.content)).toContain('second draft');
    // Sent: the chip is gone and so is the subscription (the listen request is cancelled).
    await expect.poll(() => modern.recorder.requests.some((r) => r.body.includes('"notifications/cancelled"'))).toBe(true);
  } finally {
    await modern.close();
  }
});
