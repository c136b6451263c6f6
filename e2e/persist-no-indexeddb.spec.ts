/**
 * IndexedDB unavailable (a private window that refuses it): the page says so once, plainly, and still works on
 * an in-memory database — a chat runs, Export writes a valid file holding the run, and a file can be imported.
 */
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { exportVia, FIXTURE_TEXT, FIXTURE_TITLE, confirmImport, importDialog, pickFile } from './support/import-export';
import { historyProblems } from './support/history-check';

const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictTypes: false });
addFormats(ajv, ['date-time']);
const validFile = ajv.compile(JSON.parse(readFileSync('src/io/session-file/session-schema.json', 'utf8')) as object);

type Exported = { sessions: Array<{ messages: Array<{ role: string; content: string; order: number }> }> };

declare global {
  interface Window {
    __e2eOpenCalls?: number;
  }
}

test('IndexedDB refused: a clear notice, and chat, export and import still work in memory', async ({ page, mock }) => {
  // What some private modes do: the API exists, but opening a database throws.
  await page.addInitScript(() => {
    window.__e2eOpenCalls = 0;
    IDBFactory.prototype.open = function () {
      window.__e2eOpenCalls = (window.__e2eOpenCalls ?? 0) + 1;
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
  });
  await openConfiguredApp(page, mock);

  const banner = page.getByRole('alert', { name: 'Storage unavailable' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Browser storage is unavailable');
  await expect(banner).toContainText('SecurityError');
  await expect(banner).toContainText(/Export/);

  mock.script([{ kind: 'text', content: 'An answer that lives in memory.', chunkDelayMs: 5 }]);
  await sendMessage(page, 'Where does this go?');
  await expect(assistantMessages(page).first()).toContainText('An answer that lives in memory.');
  await waitForIdle(page);
  // Settings and the run did not fail on storage: the only alert is the banner.
  await expect(page.getByRole('alert')).toHaveCount(1);

  const { text } = await exportVia(page, 'This session');
  const data: unknown = JSON.parse(text);
  expect(validFile(data) ? [] : validFile.errors).toEqual([]);
  const messages = [...(data as Exported).sessions[0]!.messages].sort((a, b) => a.order - b.order);
  expect(messages.map((m) => [m.role, m.content])).toEqual([
    ['user', 'Where does this go?'],
    ['assistant', 'An answer that lives in memory.'],
  ]);
  expect(historyProblems(messages)).toEqual([]);

  // Import writes to the same in-memory database the page reads (not a worker's own copy).
  await pickFile(page, 'export-v1.json', FIXTURE_TEXT);
  await expect(importDialog(page)).toContainText('The file is valid');
  await confirmImport(page, /Imported 1 session/);
  await expect(
    page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: FIXTURE_TITLE, exact: true }),
  ).toBeVisible();

  // The app never reached the real IndexedDB past the one probe.
  expect(await page.evaluate(() => window.__e2eOpenCalls)).toBe(1);
});
