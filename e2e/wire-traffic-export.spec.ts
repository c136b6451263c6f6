/**
 * docs/wire-capture.md, "Kept, bounded": raw traffic goes in an export only when "Include raw traffic" is checked, and
 * comes back with the session in another browser profile, where "Request and response" shows the same request body the
 * server received; with "Raw traffic kept per session (MB)" set low, the dialog says where a response was cut and that
 * an older step's exchange was not kept.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp, TEST_KEY } from './support/configured-app';
import { confirmImport, exportVia, importDialog, pickFile } from './support/import-export';

type ExportedFile = { sessions: { wireExchanges?: { request: { body: { data: string } | null } }[] }[] };

async function openRequestResponse(page: Page, index: number) {
  const answer = assistantMessages(page).nth(index);
  await answer.hover();
  await answer.getByRole('button', { name: 'Request and response' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request and response' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Export with "Include raw traffic" carries each request as sent; imported elsewhere, the dialog shows the same body', async ({
  page,
  mock,
  browser,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'Kept on the wire.' }]);
  const before = mock.allRequests.length;
  await sendMessage(page, 'What went over the wire?');
  await expect(assistantMessages(page).last()).toContainText('Kept on the wire.');
  await waitForIdle(page);
  const sent = mock.allRequests.slice(before).filter((r) => r.method === 'POST');
  expect(sent).toHaveLength(1);

  // Off by default: the file has no raw traffic.
  const plain = await exportVia(page, 'This session');
  expect((JSON.parse(plain.text) as ExportedFile).sessions[0]).not.toHaveProperty('wireExchanges');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const include = page.getByRole('menuitemcheckbox', { name: 'Include raw traffic' });
  await expect(include).toHaveAttribute('aria-checked', 'false');
  await include.click();
  await expect(include).toHaveAttribute('aria-checked', 'true');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'This session', exact: true }).click(),
  ]);
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(await download.path(), 'utf8');
  const exchanges = (JSON.parse(text) as ExportedFile).sessions[0]!.wireExchanges ?? [];
  expect(exchanges).toHaveLength(1);
  expect(exchanges[0]!.request.body?.data).toBe(sent[0]!.rawBody);
  // The key was hidden when captured: the file names its variable only.
  expect(text).not.toContain(TEST_KEY);
  expect(text).toContain('OPENAI_API_KEY');

  // Another browser profile, its own empty IndexedDB: import, then read the request back in the dialog.
  const context = await browser.newContext();
  const other = await context.newPage();
  await openApp(other);
  await pickFile(other, download.suggestedFilename(), text);
  await expect(importDialog(other)).toContainText('The file is valid: 1 session');
  await confirmImport(other, /Imported 1 session/);
  await expect(assistantMessages(other).last()).toContainText('Kept on the wire.');
  const dialog = await openRequestResponse(other, 0);
  await expect(
    dialog.getByRole('region', { name: 'Request' }).getByRole('textbox', { name: 'Request body' }),
  ).toHaveValue(sent[0]!.rawBody);
  await expect(dialog.getByRole('region', { name: 'Response' })).toContainText('Status 200');
  await context.close();
});

test('"Raw traffic kept per session (MB)" set low: the dialog says where a response was cut and that an older step was not kept', async ({
  page,
  mock,
}) => {
  // A model with a window of a million tokens: two questions of 300 KB fit it.
  await openConfiguredApp(page, mock, { model: 'gpt-4.1-nano' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const limit = settings.getByRole('spinbutton', { name: 'Raw traffic kept per session (MB)' });
  await expect(limit).toHaveValue('5');
  // Below the smallest limit: Save is refused, the field says why and has the cursor.
  await limit.fill('0.1');
  await expect(settings).toContainText('The raw traffic kept per session must be a number from 0.5 to 100.');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(limit).toBeFocused();
  await limit.fill('0.5');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();

  // Two questions of 300 KB each: the second request alone holds both, past 0.5 MB.
  mock.script([
    { kind: 'text', content: 'First answer.' },
    { kind: 'text', content: 'Second answer.' },
  ]);
  await sendMessage(page, `First ${'a'.repeat(300_000)}`);
  await expect(assistantMessages(page).last()).toContainText('First answer.');
  await waitForIdle(page);
  await sendMessage(page, `Second ${'b'.repeat(300_000)}`);
  await expect(assistantMessages(page).last()).toContainText('Second answer.');
  await waitForIdle(page);

  const second = await openRequestResponse(page, 1);
  await expect(second.getByRole('region', { name: 'Response' }).getByRole('note')).toHaveText(
    /^Cut here: [\d,]+ (KB|bytes) of this response were not kept \(Raw traffic kept per session: 0\.5 MB\)\.$/,
  );
  // The request itself is kept whole.
  await expect(second.getByRole('textbox', { name: 'Request body' })).toHaveValue(/b{300000}/);
  await second.getByRole('button', { name: 'Close' }).click();
  await expect(second).toBeHidden();

  const first = await openRequestResponse(page, 0);
  await expect(first.getByRole('textbox', { name: 'Request body' })).toHaveCount(0);
  await expect(first).toContainText('Raw traffic kept per session: 0.5 MB');
});
