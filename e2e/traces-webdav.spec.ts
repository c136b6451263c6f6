/**
 * The trace inbox from a WebDAV folder (Debian's Apache with mod_dav, Basic auth) and from the storage set in Sync and
 * backup (its `traces/` folder beside the vault): a folder walked one PROPFIND at a time, a gzipped file read by its
 * bytes, and the password sent to that server only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { closeSyncPanel, connectWebDav, syncStatus } from './support/sync-panel';
import { openTraces, traceIdOf, traceLines, traceRows, tracesStatus, tracesView } from './support/trace-inbox';
import { apacheAvailable, startApacheDav } from '../src/sync/testing/apache-webdav';

if (!apacheAvailable())
  throw new Error(
    'The WebDAV specs need Debian apache2 with mod_dav (/usr/sbin/apache2): sudo apt-get install -y apache2',
  );

test('a WebDAV folder and the sync storage as trace sources: nested folders, a gzipped file, the password kept to its server', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  const dav = await startApacheDav({ corsOrigin: new URL(base).origin });
  try {
    // A Collector writes to collector/ (a dated folder, and a rotated file gzipped); another writes beside the vault,
    // in traces/, a trace of its own: each source must show its own folder's traces, not the other's.
    mkdirSync(join(dav.root, 'collector', '2026', '11', '29'), { recursive: true });
    writeFileSync(
      join(dav.root, 'collector', '2026', '11', '29', 'data.json'),
      `${traceLines('ai-sdk-generate-text').join('\n')}\n`,
    );
    writeFileSync(
      join(dav.root, 'collector', 'data-2026-11-28T23-59-59.000.json.gz'),
      gzipSync(`${traceLines('openinference-openai').join('\n')}\n`),
    );
    mkdirSync(join(dav.root, 'traces', '2026', '11', '30'), { recursive: true });
    writeFileSync(
      join(dav.root, 'traces', '2026', '11', '30', 'data.json'),
      `${traceLines('ai-sdk-stream-text').join('\n')}\n`,
    );
    const syncTraceFile = `${dav.url}traces/2026/11/30/data.json`;
    const requests: { url: string; method: string; headers: Record<string, string> }[] = [];
    page.context().on('request', (r) => requests.push({ url: r.url(), method: r.method(), headers: r.headers() }));
    const readsOf = (url: string, from = 0) =>
      requests.slice(from).filter((r) => r.method === 'GET' && r.url === url).length;

    await openConfiguredApp(page, mock);
    await connectWebDav(page, dav, 'correct horse battery staple');
    await expect(syncStatus(page)).toContainText('Synced:', { timeout: 20_000 });
    await closeSyncPanel(page);

    await openTraces(page);
    await tracesView(page).getByRole('button', { name: 'Add trace source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trace source' });
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'WebDAV folder' });
    await dialog.getByRole('textbox', { name: 'Address' }).fill(`${dav.url}collector/`);
    await dialog.getByRole('textbox', { name: 'User name' }).fill(dav.username);
    await dialog.getByLabel('Password').fill(dav.password);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(traceRows(page)).toHaveCount(2);
    await expect(tracesStatus(page)).toHaveText(/^2 traces · Checked /);
    expect(readsOf(syncTraceFile)).toBe(0);

    // The second source is shown by its own label, with its own trace, checked by its own reads of traces/.
    await tracesView(page).getByRole('button', { name: 'Add trace source' }).click();
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'The storage in Sync and backup' });
    await expect(dialog.getByText('Reads the folder traces/ of that storage.')).toBeVisible();
    const beforeSecond = requests.length;
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    const sourcePicker = tracesView(page).getByRole('combobox', { name: 'Source' });
    await expect(sourcePicker.locator('option:checked')).toHaveText('The storage in Sync and backup');
    await expect(traceRows(page)).toHaveCount(1);
    await expect(traceRows(page).and(page.locator(`[data-trace-id="${traceIdOf('ai-sdk-stream-text')}"]`))).toHaveCount(
      1,
    );
    await expect(tracesStatus(page)).toHaveText(/^1 trace · Checked /);
    expect(readsOf(syncTraceFile, beforeSecond)).toBeGreaterThan(0);

    // The first source still lists its own two, by its own label.
    await sourcePicker.selectOption({ label: `WebDAV ${dav.url}collector/` });
    await expect(traceRows(page)).toHaveCount(2);
    await expect(
      traceRows(page).and(page.locator(`[data-trace-id="${traceIdOf('ai-sdk-generate-text')}"]`)),
    ).toHaveCount(1);
    await expect(tracesStatus(page)).toHaveText(/^2 traces · Checked /);

    const basic = `Basic ${Buffer.from(`${dav.username}:${dav.password}`).toString('base64')}`;
    const authorised = requests.filter((r) => r.headers.authorization === basic);
    expect(authorised.length).toBeGreaterThan(0);
    for (const r of authorised) expect(new URL(r.url).origin).toBe(new URL(dav.url).origin);
    for (const r of requests)
      if (new URL(r.url).origin !== new URL(dav.url).origin) expect(JSON.stringify(r)).not.toContain(dav.password);
  } finally {
    await dav.stop();
  }
});
