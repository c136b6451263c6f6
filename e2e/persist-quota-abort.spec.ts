/**
 * Storage full as Chromium really reports it (support/quota-abort.ts): every write request succeeds and the
 * transaction is then aborted at commit with a QuotaExceededError, in the page while a reply streams and in the
 * import worker while a file is written; and a record that another tab stored first (a real ConstraintError) in the
 * middle of an import. Each time the person is told, what was stored before is untouched, nothing is half-written,
 * and once the fault is gone the same action stores everything.
 */
import { test, expect } from './fixtures';
import type { Page, Worker } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession, sessionItems } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { dbSnapshot, readSession } from './support/stored-rows';
import {
  confirmImport,
  FIXTURE_SESSION_ID,
  FIXTURE_TEXT,
  FIXTURE_TITLE,
  importDialog,
  pickFile,
} from './support/import-export';
import { installQuotaAbort, quotaAborts, setQuotaFull } from './support/quota-abort';

const FULL_RUN = 'Browser storage is full, so this run could not be saved.';
const IMPORT_FULL =
  'The browser has no room left to store this file (storage full). Free space by deleting sessions you no longer need (export them first to keep them), then import the file again.';
const IMPORT_CLASH =
  'A record in the file collides with one stored since the file was checked (perhaps by another tab). Import the file again to choose what to do with the stored copy.';

test('quota abort while a reply streams: said, the reply stays on screen, stored rows untouched, all saved once space is back', async ({
  page,
  mock,
}) => {
  await page.addInitScript(installQuotaAbort);
  await openConfiguredApp(page, mock, { remember: true });
  mock.script([{ kind: 'text', content: 'First answer, safely stored.' }]);
  await sendMessage(page, 'First question');
  await waitForIdle(page);
  const sessionId = await currentSessionId(page);
  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  const before = await readSession(page, sessionId);
  expect(before.messages.map((m) => m.content)).toEqual(['First question', 'First answer, safely stored.']);

  await setQuotaFull(page, true);
  const second = 'Second answer, streamed while the disk is full, word by word until the very end.';
  mock.script([{ kind: 'text', content: second, chunkDelayMs: 20 }]);
  await sendMessage(page, 'Second question');
  const alert = page.getByRole('alert').filter({ hasText: 'Browser storage problem' });
  await expect(alert).toContainText(FULL_RUN);
  await expect(alert).toContainText('export the session to keep it');
  await expect(assistantMessages(page).nth(1)).toContainText(second);
  await waitForIdle(page);
  await expect(page.getByText('Second question', { exact: true })).toBeVisible();
  expect(await quotaAborts(page)).toBeGreaterThan(0);

  // Every write of the run was refused whole: the stored session is exactly what it was.
  expect(await readSession(page, sessionId)).toEqual(before);

  // Space is back: the next Send stores the unsaved reply first, then runs from the whole history.
  await setQuotaFull(page, false);
  mock.script([{ kind: 'text', content: 'Third answer, with everything saved.' }]);
  await sendMessage(page, 'Third question');
  await expect(assistantMessages(page).nth(2)).toContainText('Third answer, with everything saved.');
  await waitForIdle(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Browser storage problem' })).toHaveCount(0);
  const sent = wireHistory(mock.requests[2]!).filter((m) => m.role !== 'system');
  expect(sent.map((m) => m.content)).toEqual([
    'First question',
    'First answer, safely stored.',
    'Second question',
    second,
    'Third question',
  ]);

  const whole = [
    'First question',
    'First answer, safely stored.',
    'Second question',
    second,
    'Third question',
    'Third answer, with everything saved.',
  ];
  await expect.poll(async () => (await readSession(page, sessionId)).messages.map((m) => m.content)).toEqual(whole);
  const saved = await readSession(page, sessionId);
  expect(historyProblems(saved.messages)).toEqual([]);
  expect(saved.session).toMatchObject({ status: 'finished', messageCount: 6 });

  await page.reload();
  await openSession(page, sessionId);
  await expect(assistantMessages(page)).toHaveCount(3);
  await expect(assistantMessages(page).nth(1)).toContainText(second);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the disk fills in the middle of a reply: the words stored so far stay, Stop is kept on screen, the next Send stores it all', async ({
  page,
  mock,
}) => {
  await page.addInitScript(installQuotaAbort);
  await openConfiguredApp(page, mock, { remember: true });
  const words = 'one two three four five six';
  // The role chunk and three words, then the stream stays open until the person stops it.
  mock.script([{ kind: 'hang', afterChunks: 4, step: { kind: 'text', content: words } }]);
  await sendMessage(page, 'Count slowly');
  await expect(assistantMessages(page).last()).toContainText('one two three');
  const sessionId = await currentSessionId(page);
  // The persister stores the growing reply about once a second: wait until the three words are on disk.
  await expect
    .poll(async () => (await readSession(page, sessionId)).messages.find((m) => m.role === 'assistant')?.content)
    .toBe('one two three ');
  await setQuotaFull(page, true);
  const stored = await readSession(page, sessionId);

  await page.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(0);
  await waitForIdle(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Browser storage problem' });
  await expect(alert).toContainText(FULL_RUN);
  const reply = assistantMessages(page).last();
  await expect(reply).toContainText('one two three');
  await expect(reply).toHaveAttribute('data-status', 'cancelled');
  expect(await quotaAborts(page)).toBeGreaterThan(0);
  // What reached the disk before it filled is still there, and nothing newer was half-written beside it.
  expect(await readSession(page, sessionId)).toEqual(stored);

  await setQuotaFull(page, false);
  mock.script([{ kind: 'text', content: 'Four, five, six.' }]);
  await sendMessage(page, 'Go on');
  await expect(assistantMessages(page).last()).toContainText('Four, five, six.');
  await waitForIdle(page);
  await expect(alert).toHaveCount(0);
  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  const saved = await readSession(page, sessionId);
  expect(saved.messages.map((m) => [m.role, m.status ?? null])).toEqual([
    ['user', null],
    ['assistant', 'cancelled'],
    ['user', null],
    ['assistant', 'complete'],
  ]);
  expect(historyProblems(saved.messages)).toEqual([]);

  await page.reload();
  await openSession(page, sessionId);
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).first()).toContainText('one two three');
  await expect(assistantMessages(page).first()).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('storage already full when a conversation starts: said, nothing sent, the text kept, Send works once space is back', async ({
  page,
  mock,
}) => {
  await page.addInitScript(installQuotaAbort);
  await openConfiguredApp(page, mock, { remember: true });
  await setQuotaFull(page, true);
  mock.script([{ kind: 'text', content: 'Hello, now that there is room.' }]);
  await sendMessage(page, 'Hello while full');
  const alert = page.getByRole('alert').filter({ hasText: 'Browser storage problem' });
  await expect(alert).toContainText(
    'The new session could not be stored: browser storage is full. What you type stays in the box; free space by deleting old sessions, then send again.',
  );
  // Nothing was stored, so nothing is offered for export; the text waits in the new session's box.
  await expect(alert).not.toContainText('Export');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello while full');
  expect(await quotaAborts(page)).toBeGreaterThan(0);
  expect(mock.requests).toHaveLength(0);
  expect((await dbSnapshot(page)).sessions).toEqual([]);

  await setQuotaFull(page, false);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(assistantMessages(page).last()).toContainText('Hello, now that there is room.');
  await waitForIdle(page);
  await expect(alert).toHaveCount(0);
  const sessionId = await currentSessionId(page);
  await expect
    .poll(async () => (await readSession(page, sessionId)).messages.map((m) => m.content))
    .toEqual(['Hello while full', 'Hello, now that there is room.']);
});

/** Picks the file and waits for the review, with the import worker that checked it (and will write it). */
async function reviewIn(page: Page, text: string, prepare?: (worker: Worker) => Promise<void>): Promise<void> {
  const worker = page.waitForEvent('worker', (w) => w.url().includes('import-worker'));
  await pickFile(page, 'export-v1.json', text);
  if (prepare) await prepare(await worker);
  await expect(importDialog(page).getByRole('button', { name: 'Import sessions' })).toBeVisible();
}

test('quota abort while an import is written: said, nothing of the file stored, the import succeeds once space is back', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: 'An answer of my own.' }]);
  await sendMessage(page, 'A question of my own');
  await waitForIdle(page);
  const mine = await currentSessionId(page);
  await expect.poll(async () => (await readSession(page, mine)).session?.status).toBe('finished');
  const before = await dbSnapshot(page);
  expect(before.sessions).toHaveLength(1);
  expect(before.messages).toHaveLength(2);

  let worker: Worker | null = null;
  await reviewIn(page, FIXTURE_TEXT, async (w) => {
    worker = w;
    await w.evaluate(installQuotaAbort);
  });
  await setQuotaFull(worker!, true);
  await importDialog(page).getByRole('button', { name: 'Import sessions' }).click();
  const alert = importDialog(page).getByRole('alert');
  await expect(alert).toHaveText(`Nothing was imported. ${IMPORT_FULL}`);
  expect(await quotaAborts(worker!)).toBe(1);
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(before);
  await expect(sessionItems(page)).toHaveCount(1);

  // Space is back (a fresh check runs in a fresh worker): the same file imports whole.
  await reviewIn(page, FIXTURE_TEXT);
  await confirmImport(page, /Imported 1 session/);
  const after = await dbSnapshot(page);
  expect(after.sessions).toHaveLength(2);
  expect(after.messages!.length).toBeGreaterThan(before.messages!.length);
  for (const store of Object.keys(before)) expect(after[store]).toEqual(expect.arrayContaining(before[store]!));

  await page.reload();
  await expect(sessionItems(page)).toHaveCount(2);
  expect(await dbSnapshot(page)).toEqual(after);
  await expect(sessionItems(page).filter({ hasText: FIXTURE_TITLE })).toHaveCount(1);
  await openSession(page, FIXTURE_SESSION_ID);
  await expect(assistantMessages(page).first()).toBeVisible();
});

test('a record another tab stored first fails the import with a ConstraintError: said, nothing half-written, importing again offers a copy', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await reviewIn(page, FIXTURE_TEXT);
  // Between the check and the write, another tab imports the same file: its records now hold the file's ids.
  const other = await page.context().newPage();
  await openApp(other);
  await pickFile(other, 'export-v1.json', FIXTURE_TEXT);
  await confirmImport(other, /Imported 1 session/);
  const before = await dbSnapshot(page);
  expect(before.sessions).toHaveLength(1);

  await importDialog(page).getByRole('button', { name: 'Import sessions' }).click();
  const alert = importDialog(page).getByRole('alert');
  await expect(alert).toHaveText(`Nothing was imported. ${IMPORT_CLASH}`);
  await importDialog(page).getByRole('button', { name: 'Close' }).click();
  expect(await dbSnapshot(page)).toEqual(before);

  // Checked again, the file meets the stored session and is imported as a copy beside it.
  await reviewIn(page, FIXTURE_TEXT);
  await expect(importDialog(page).getByRole('radio', { name: 'Import as a copy' })).toBeChecked();
  await confirmImport(page, /Imported 1 session/);
  const after = await dbSnapshot(page);
  expect(after.sessions).toHaveLength(2);
  for (const store of Object.keys(before)) expect(after[store]).toEqual(expect.arrayContaining(before[store]!));
  await page.reload();
  expect(await dbSnapshot(page)).toEqual(after);
  await expect(sessionItems(page)).toHaveCount(2);
  await other.close();
});
