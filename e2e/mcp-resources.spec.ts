/**
 * MCP resources in the app against server-everything (2025-11-25): browsed in the Tools view (resources and
 * templates), attached to the next message as chips, and sent to the model with the message (a tool's image too, as
 * an image part); and a 2026-07-28
 * server's update to an attached resource (subscriptions/listen) refreshing it before it is sent.
 */
import { startEverythingServer, type EverythingMcpServer } from './mcp-servers/everything-server';
import { MODERN_NOTE_URI } from './mcp-servers/modern-resources';
import { startModernMcpServer } from './mcp-servers/modern-server';
import { expect, test } from './fixtures';
import { assistantMessages, expandToolCard, messageBox, sendMessage, toolCard, waitForIdle } from './support/chat-run';
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

test('a resource and a filled template attached to the next message reach the model with it, then the chips go', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  const resources = toolsPanel(page).getByRole('region', { name: 'Resources of legacy' });
  await resources
    .getByRole('listitem', { name: 'features.md' })
    .getByRole('button', { name: 'Attach resource' })
    .click();
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
  expect(
    sent.startsWith(
      'Summarise the attached file\n\n[Resource features.md from legacy: demo://resource/static/document/features.md',
    ),
  ).toBe(true);
  expect(sent).toContain('# Everything Server - Features');
  expect(sent).not.toContain('dynamic/text/7');
  await expect(page.getByRole('list', { name: 'Attached resources' })).toBeHidden();
  await expect(messageBox(page)).toHaveValue('');

  // A tool's image reaches the model as an image: its text in the tool message, the image in a user message after it.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_img', name: 'legacy__get-tiny-image', arguments: {} }] },
    { kind: 'text', content: 'A logo.' },
  ]);
  await sendMessage(page, 'Show me the image');
  await expect(assistantMessages(page).last()).toContainText('A logo.', { timeout: 30_000 });
  await waitForIdle(page);
  const after = (await mock.waitForRequest(2)).body.messages ?? [];
  const toolAt = after.findIndex((m) => m.role === 'tool' && m.tool_call_id === 'call_img');
  expect(String(after[toolAt]?.content)).toContain('attached as image 1');
  expect(after[toolAt + 1]?.role).toBe('user');
  expect(JSON.stringify(after[toolAt + 1]?.content)).toMatch(
    /"type":"image_url","image_url":\{"url":"data:image\/png;base64,iVBORw0KGgo/,
  );
  const card = toolCard(page, 'call_img');
  await expandToolCard(card);
  const img = card.getByRole('img', { name: 'Image from Get Tiny Image Tool (image 1)', exact: true });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test('an attached resource the server updates is read again: the chip shows it and the model gets the new text', async ({
  page,
  mock,
}) => {
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
    await expect
      .poll(() =>
        modern.recorder.requests.some(
          (r) => r.body.includes('"subscriptions/listen"') && r.body.includes(MODERN_NOTE_URI),
        ),
      )
      .toBe(true);

    modern.updateNote('second draft');
    await expect(chip).toContainText('second draft');
    mock.script([{ kind: 'text', content: 'Noted.' }]);
    await sendMessage(page, 'Read the note');
    await expect(assistantMessages(page).last()).toContainText('Noted.', { timeout: 30_000 });
    await waitForIdle(page);
    const user = (await mock.waitForRequest(0)).body.messages?.find((m) => m.role === 'user');
    expect(String(user?.content)).toContain('second draft');
    // Sent: the chip is gone and so is the subscription (the listen request is cancelled).
    await expect
      .poll(() => modern.recorder.requests.some((r) => r.body.includes('"notifications/cancelled"')))
      .toBe(true);
  } finally {
    await modern.close();
  }
});
