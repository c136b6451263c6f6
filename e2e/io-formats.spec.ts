/**
 * Other apps' files in and out (architecture.md, "Import and export of other formats"): ChatGPT's export (.zip as
 * downloaded, and the sharded files picked with their manifest) opened from the first screen, a Claude export dropped
 * on the page, an AG-UI log through Import; then a real run exported as AG-UI events (checked by the SDK's schemas),
 * copied as Markdown, and its events opened again.
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { EventSchema } from '@ag-ui/core/schemas';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp, TEST_KEY } from './support/configured-app';
import { confirmImport, dropFile, exportVia, importDialog, pickFile } from './support/import-export';
import { dbSnapshot } from './support/stored-rows';

const fixture = (name: string) => readFileSync(`src/io/__fixtures__/foreign/${name}`, 'utf8');
const openSession = (page: Page, title: string) =>
  page
    .locator('nav[aria-label="Sessions"] li')
    .getByRole('button', { name: new RegExp(`^${title}`) })
    .first()
    .click();

test('ChatGPT, Claude and AG-UI files import with branches, tool rows and a note of what was left out; broken ones write nothing', async ({
  page,
}) => {
  await openApp(page);
  // The .zip as downloaded, from the first screen's "Open a file".
  const zip = zipSync({
    'conversations.json': strToU8(fixture('chatgpt-conversations.json')),
    'chat.html': strToU8('<html></html>'),
    'user.json': strToU8('{}'),
  });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Open a file' }).click(),
  ]);
  await chooser.setFiles({ name: 'chatgpt-export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  const dialog = importDialog(page);
  await expect(dialog).toContainText('This is a ChatGPT data export.');
  await expect(dialog.getByRole('list', { name: 'What the file holds' })).toContainText(
    '2 other paths (edits and regenerations), kept as branches',
  );
  await expect(dialog.getByRole('list', { name: 'What is left out' })).toContainText(
    'profile, custom-instruction or memory context',
  );
  await confirmImport(page, /Imported 2 sessions/);

  await openSession(page, 'Sunflowers and sums');
  await expect(assistantMessages(page).filter({ hasText: 'The product is 391.' })).toHaveCount(1);
  await expect(page.locator('.tool-card')).toHaveCount(2);
  await expect(page.locator('section.chat')).not.toContainText('botanist');
  // The edited first message and the regenerated reply are branches (the shown path first): go to the first answer.
  const reply = assistantMessages(page).filter({ hasText: 'The product is 391.' });
  await expect(page.getByText('1 / 2', { exact: true })).toHaveCount(2);
  await page.getByRole('button', { name: 'Next branch' }).last().click();
  await expect(assistantMessages(page).filter({ hasText: '17 × 23 = 391.' })).toHaveCount(1);
  await expect(reply).toHaveCount(0);

  // Sharded files: a part missing is refused and nothing is written; all of them with the manifest import.
  const before = await dbSnapshot(page);
  const part = (name: string) => ({ name, mimeType: 'application/json', buffer: Buffer.from(fixture(name)) });
  await page.getByLabel('Import file').setInputFiles([part('conversations-001.json'), part('export_manifest.json')]);
  await expect(dialog.getByRole('alert')).toContainText(
    'manifest lists a part that was not picked: conversations-000.json',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(before);
  await page
    .getByLabel('Import file')
    .setInputFiles([part('conversations-000.json'), part('conversations-001.json'), part('export_manifest.json')]);
  await expect(dialog.getByRole('list', { name: 'What the file holds' })).toContainText('2 parts of a sharded export');
  await confirmImport(page, /Imported 2 sessions/);

  // A damaged .zip: a sentence, nothing written.
  const beforeBad = await dbSnapshot(page);
  await pickFile(page, 'broken.zip', Buffer.from([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9]), 'application/zip');
  await expect(dialog.getByRole('alert')).toContainText('Nothing was imported.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(beforeBad);

  // A Claude export dropped on the page; an AG-UI log (JSON Lines) through Import.
  await dropFile(page, 'conversations.json', fixture('claude-conversations.json'));
  await expect(dialog).toContainText('This is a Claude data export.');
  await confirmImport(page, /Imported 2 sessions/);
  await pickFile(page, 'run.jsonl', fixture('agui-log.jsonl'), 'application/jsonl');
  await expect(dialog.getByRole('list', { name: 'What is left out' })).toContainText('STATE_SNAPSHOT event');
  await confirmImport(page, /Imported 1 session/);

  // After a reload everything is still there.
  await page.reload();
  await openSession(page, 'Watering tomatoes');
  await expect(assistantMessages(page).last()).toContainText('skip Thursday, rain is forecast');
  await expect(page.locator('.tool-card')).toHaveCount(1);
  // Its timeline draws the run read off the messages: the call as a bar, and the run marked as having no times.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.locator('[data-kind="call"][data-outcome="ok"]')).toHaveCount(1);
  await expect(page.locator('[data-kind="call"]').first()).toHaveAccessibleName(/^web_search/);
  await expect(page.getByRole('note').filter({ hasText: 'Imported without times' })).toBeVisible();
  await page.getByRole('tab', { name: 'Chat' }).click();
  await openSession(page, 'What is the weather in Paris');
  await expect(assistantMessages(page).last()).toContainText('Tomorrow looks dry.');
});

test('a run exports as valid AG-UI events and copies as Markdown (the session, and one message with its calls)', async ({
  page,
  context,
  mock,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_eval', name: 'js_eval', arguments: { expression: '6 * 7' } }] },
    { kind: 'text', content: 'It is 42.' },
  ]);
  await sendMessage(page, 'what is 6 times 7?');
  await waitForIdle(page);

  const { name, text } = await exportVia(page, 'This session as AG-UI events');
  expect(name).toMatch(/\.jsonl$/);
  const events = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const e of events) {
    expect(EventSchema.safeParse(e).success, JSON.stringify(e)).toBe(true);
    // No field the protocol does not define (its schemas let unknown fields through, so compare with the shape).
    const option = EventSchema.options.find((o) => o.shape.type.value === e.type)!;
    expect(Object.keys(e).filter((k) => !(k in option.shape))).toEqual([]);
  }
  expect(events[0]).toMatchObject({
    type: 'RUN_STARTED',
    input: { messages: [{ role: 'user', content: 'what is 6 times 7?' }] },
  });
  expect(events.at(-1)).toMatchObject({ type: 'RUN_FINISHED', outcome: { type: 'success' } });
  expect(events.find((e) => e.type === 'TOOL_CALL_START')).toMatchObject({
    toolCallId: 'call_eval',
    toolCallName: 'js_eval',
  });
  expect(events.find((e) => e.type === 'TOOL_CALL_RESULT')).toMatchObject({ toolCallId: 'call_eval', content: '42' });
  expect(text).not.toContain(TEST_KEY);

  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy as Markdown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied the session as Markdown' })).toBeVisible();
  const whole = await clipboard();
  expect(whole).toContain('## User\n\nwhat is 6 times 7?');
  expect(whole).toContain(
    '### Tool call: js_eval\n\nArguments:\n\n```json\n{\n  "expression": "6 * 7"\n}\n```\n\nResult:\n\n```\n42\n```',
  );
  expect(whole).toContain('## Assistant\n\nIt is 42.');

  // From the message's actions: the first reply and its call only.
  const firstReply = assistantMessages(page).first();
  await firstReply.hover();
  await firstReply.getByRole('button', { name: 'Copy as Markdown' }).click();
  await expect(firstReply.locator('[data-action="copy-markdown"]')).toHaveText('Copied');
  const one = await clipboard();
  expect(one).toContain('### Tool call: js_eval');
  expect(one).not.toContain('what is 6 times 7?');
  expect(one).not.toContain('It is 42.');

  // The same events as one JSON array; that file opens again as a session (JSON Lines are imported above).
  const array = await exportVia(page, 'This session as AG-UI events (JSON array)');
  expect(array.name).toMatch(/\.json$/);
  expect(JSON.parse(array.text)).toEqual(events);
  await pickFile(page, array.name, array.text, 'application/json');
  await expect(importDialog(page)).toContainText('This is an AG-UI event log.');
  await confirmImport(page, /Imported 1 session/);
  await expect(assistantMessages(page).last()).toContainText('It is 42.');
});
