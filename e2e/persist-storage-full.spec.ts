/**
 * Storage full: once IndexedDB refuses writes with QuotaExceededError, the person is told (storage, export), the
 * run carries on in memory and its reply stays on screen, and what was stored before is untouched.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { exportVia } from './support/import-export';
import { currentSessionId } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';

type ExportedRow = { role: string; content: string; order: number; toolCalls?: unknown; toolCallId?: unknown };
type Exported = {
  sessions: Array<{
    session: { status: string; messageCount: number };
    messages: ExportedRow[];
    runs: Array<{ id: string }>;
    events: Array<{ runId: string }>;
  }>;
};

const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictTypes: false });
addFormats(ajv, ['date-time']);
const validFile = ajv.compile(JSON.parse(readFileSync('src/io/session-file/session-schema.json', 'utf8')) as object);

/** The downloaded file matches the version-1 schema, its history is valid and every event has its run. */
function checkedFile(text: string): Exported {
  const data: unknown = JSON.parse(text);
  expect(validFile(data) ? [] : validFile.errors).toEqual([]);
  const file = data as Exported;
  expect(file.sessions).toHaveLength(1);
  const entry = file.sessions[0]!;
  expect(historyProblems([...entry.messages].sort((a, b) => a.order - b.order))).toEqual([]);
  const runIds = new Set(entry.runs.map((r) => r.id));
  expect(entry.events.filter((e) => !runIds.has(e.runId))).toEqual([]);
  return file;
}
const contents = (file: Exported) => file.sessions[0]!.messages.map((m) => m.content);

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync(await download.path(), 'utf8');
}

declare global {
  interface Window {
    __e2eStorageFull?: boolean;
  }
}

test('storage full mid-session: a clear alert, the reply is not lost, earlier data intact', async ({ page, mock }) => {
  // Chromium cannot be made to run out of quota on demand, so writes fail the way a full disk makes them fail.
  await page.addInitScript(() => {
    window.__e2eStorageFull = false;
    const proto = IDBObjectStore.prototype;
    for (const name of ['put', 'add'] as const) {
      const original = proto[name];
      proto[name] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (window.__e2eStorageFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  await openConfiguredApp(page, mock);

  mock.script([{ kind: 'text', content: 'First answer, safely stored.' }]);
  await sendMessage(page, 'First question');
  await expect(assistantMessages(page).first()).toContainText('First answer, safely stored.');
  const sessionId = await currentSessionId(page);
  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  const before = await readSession(page, sessionId);
  expect(before.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.evaluate(() => {
    window.__e2eStorageFull = true;
  });
  const second = 'Second answer, streamed while the disk is full, word by word until the very end.';
  mock.script([{ kind: 'text', content: second, chunkDelayMs: 30 }]);
  await sendMessage(page, 'Second question');

  const alert = page.getByRole('alert').filter({ hasText: /storage/i });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/full|space/i);
  await expect(alert).toContainText(/export/i);

  // The run in memory is not lost: the whole reply arrives and stays on screen after the run ends.
  await expect(page.getByRole('button', { name: 'Stop' })).toBeDisabled();
  await expect(page.getByText('Second question', { exact: true })).toBeVisible();
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).nth(1)).toContainText(second);
  await expect(assistantMessages(page).nth(0)).toContainText('First answer, safely stored.');
  await expect(alert).toBeVisible();
  await mock.waitForClose(1);

  // Nothing half-written: the earlier rows are exactly as they were.
  const after = await readSession(page, sessionId);
  expect(after.messages).toEqual(before.messages);
  expect(after.toolCalls).toEqual(before.toolCalls);
  expect(after.runs).toEqual(before.runs);
  expect(after.events).toEqual(before.events);
  expect(after.session).toEqual(before.session);

  // The run in memory can be exported: the alert's button and the Export menu both write the reply storage refused.
  const whole = ['First question', 'First answer, safely stored.', 'Second question', second];
  const fromAlert = await downloaded(page, () => alert.getByRole('button', { name: 'Export this session' }).click());
  expect(contents(checkedFile(fromAlert))).toEqual(whole);
  await expect(alert.getByRole('status')).toContainText('could not save');
  const fromMenu = await exportVia(page, 'This session');
  const file = checkedFile(fromMenu.text);
  expect(contents(file)).toEqual(whole);
  expect(file.sessions[0]!.session).toMatchObject({ status: 'finished', messageCount: 4 });
  expect(file.sessions[0]!.runs).toHaveLength(2);
  expect(await readSession(page, sessionId)).toEqual(after);

  // Going on while the reply exists only in memory would send the model a history without it: refused, said why.
  await sendMessage(page, 'Third question');
  await expect(page.getByRole('alert').filter({ hasText: 'still not saved' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Third question');
  await expect(assistantMessages(page).nth(1)).toContainText(second);
  expect(mock.requests).toHaveLength(2);

  // Space is back: the next Send first stores the unsaved reply, then the run starts from the whole history.
  await page.evaluate(() => {
    window.__e2eStorageFull = false;
  });
  mock.script([{ kind: 'text', content: 'Third answer, with everything saved.' }]);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(assistantMessages(page).nth(2)).toContainText('Third answer, with everything saved.');
  await expect(page.getByRole('alert').filter({ hasText: /storage/i })).toHaveCount(0);

  const sent = wireHistory(await mock.waitForRequest(2)).filter((m) => m.role !== 'system');
  expect(sent.map((m) => m.content)).toEqual([
    'First question',
    'First answer, safely stored.',
    'Second question',
    second,
    'Third question',
  ]);
  expect(historyProblems(sent)).toEqual([]);

  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  const saved = await readSession(page, sessionId);
  expect(saved.messages.map((m) => m.content)).toEqual([
    'First question',
    'First answer, safely stored.',
    'Second question',
    second,
    'Third question',
    'Third answer, with everything saved.',
  ]);
  expect(saved.runs).toHaveLength(3);
  expect(saved.session?.messageCount).toBe(6);
});
