import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { sessionItems } from './support/session-list';
import { readStores } from './support/stored-rows';
import { writeFileSync } from 'node:fs';
import { confirmImport, fixtureObject, importDialog } from './support/import-export';
import { copyWithNewIds } from '../src/io/session-file/remap';
import type { ExportFileV1 } from '../src/io/session-file/format-v1';

const SESSIONS = 250;

type Seen = { statuses: string[]; longTasks: { start: number; duration: number }[]; startedAt: number; doneAt: number };
const PAD = 100_000;

/** About 50 MB: copies of the fixture session under fresh ids, each with a long user message. */
function bigExport(): string {
  const base = fixtureObject() as unknown as ExportFileV1;
  const entry = base.sessions[0]!;
  const words = 'tool call latency stream token parse validate render timeline session export import '.split(' ');
  let n = 0;
  const ids = {
    session: () => `s${++n}`,
    message: () => `m${++n}`,
    run: () => `r${++n}`,
    toolCall: () => `c${++n}`,
    tool: () => `t${++n}`,
  };
  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) {
    const copy = copyWithNewIds(entry, ids);
    let pad = '';
    while (pad.length < PAD) pad += `${words[(pad.length + i) % words.length]} `;
    const hostile = copy.messages.find((m) => m.role === 'user' && m.content.includes('<script>'))!;
    hostile.content = `${hostile.content}\n${pad}`;
    for (const e of copy.events)
      if (e.type === 'message_appended' && e.message.id === hostile.id)
        e.message = { ...e.message, content: hostile.content };
    copy.session.title = `Big import ${i + 1}`;
    sessions.push(copy);
  }
  return JSON.stringify({ ...base, sessions });
}

test('a 50 MB export imports through the worker with progress shown, and every session lands', {
  tag: '@bench',
}, async ({ page }) => {
  test.setTimeout(300_000);
  const text = bigExport();
  const mb = text.length / 1024 / 1024;
  expect(mb).toBeGreaterThan(48);

  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openApp(page);
  // Record what the dialog says and every long main-thread task while the import runs.
  await page.evaluate(() => {
    const w = window as unknown as { __io: Seen };
    w.__io = { statuses: [], longTasks: [], startedAt: 0, doneAt: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__io.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: false });
    new MutationObserver(() => {
      const s = document.querySelector('dialog[aria-label="Import sessions"] [role="status"]')?.textContent;
      if (!s || w.__io.statuses[w.__io.statuses.length - 1] === s) return;
      w.__io.statuses.push(s);
      if (!w.__io.startedAt) w.__io.startedAt = performance.now();
      if (s.startsWith('Imported')) w.__io.doneAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // Playwright passes buffers only up to 50 MB; a file on disk has no limit.
  const path = test.info().outputPath('big.json');
  writeFileSync(path, text);
  await page.getByLabel('Import file').setInputFiles(path);
  await expect(importDialog(page)).toBeVisible();
  await expect(importDialog(page)).toContainText(`The file is valid: ${SESSIONS} sessions`, { timeout: 180_000 });
  await confirmImport(page, new RegExp(`Imported ${SESSIONS} sessions`));
  await expect(sessionItems(page).filter({ hasText: 'Big import' })).toHaveCount(SESSIONS, { timeout: 30_000 });

  const seen = await page.evaluate(() => (window as unknown as { __io: Seen }).__io);
  expect(seen.statuses.some((s) => /Reading the file….*MB of .*MB/.test(s))).toBe(true);
  expect(seen.statuses.some((s) => /Validating against the format/.test(s))).toBe(true);
  expect(seen.statuses.some((s) => /Writing to the database… \d+ of \d+ records/.test(s))).toBe(true);
  expect(workers.some((u) => u.includes('import-worker'))).toBe(true);

  const counts = await readStores(page, ['sessions', 'messages']);
  expect(counts.sessions).toHaveLength(SESSIONS);
  expect(counts.messages).toHaveLength(SESSIONS * 9);
  // Reported, not asserted: machines here are shared and noisy. "During" spans reading to the final status;
  // "after" is the rest of the app rendering 250 new sessions.
  const during = seen.longTasks.filter((t) => t.start >= seen.startedAt && t.start + t.duration <= seen.doneAt);
  const after = seen.longTasks.filter((t) => t.start > seen.doneAt);
  const max = (ts: { duration: number }[]) => Math.max(0, ...ts.map((t) => t.duration)).toFixed(0);
  const line =
    `file ${mb.toFixed(1)} MB, import ${((seen.doneAt - seen.startedAt) / 1000).toFixed(1)} s; main-thread long tasks during import: ` +
    `${during.length} (longest ${max(during)} ms); after it: ${after.length} (longest ${max(after)} ms)`;
  test.info().annotations.push({ type: 'measure', description: line });
  console.log(`[io-large] ${line}`);
});
