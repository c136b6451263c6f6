/**
 * Share links (architecture.md, "Share links"): a session sealed in the page and opened in a browser with no data
 * (a fresh context), read-only, then imported. A request log on both sides shows no plaintext and no key leaves
 * either page; a small session sends nothing at all, a larger one goes to Apache WebDAV as ciphertext.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { assistantMessages, expandToolCard, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { expectNoAxeViolations, type Scheme, type Width } from './support/axe-scan';
import { confirmImport, importDialog, pickFile } from './support/import-export';
import { noisePngBase64 } from './support/noise-png';
import { richShareSession } from '../src/io/testing/share-sessions';
import { sessionItems } from './support/session-list';
import { closeSyncPanel, connectWebDav, syncStatus } from './support/sync-panel';
import { apacheAvailable, startApacheDav } from '../src/sync/testing/apache-webdav';
import { filesUnder } from '../src/sync/testing/files-under';

if (!apacheAvailable())
  throw new Error(
    'The share link spec needs Debian apache2 with mod_dav (/usr/sbin/apache2): sudo apt-get install -y apache2',
  );

const AXE_COMBOS: { scheme: Scheme; width: Width }[] = [
  { scheme: 'light', width: 1280 },
  { scheme: 'dark', width: 390 },
];

type Sent = { url: string; body: Buffer | null; authorization: string | undefined };

/** Every request the context's pages (and service worker) make, with its body. */
function requestLog(context: BrowserContext): Sent[] {
  const log: Sent[] = [];
  context.on('request', (r) =>
    log.push({ url: r.url(), body: r.postDataBuffer(), authorization: r.headers()['authorization'] }),
  );
  return log;
}

function leaks(log: Sent[], secrets: string[]): string[] {
  return log.flatMap((r) =>
    secrets.filter((s) => r.url.includes(s) || (r.body !== null && r.body.includes(s))).map((s) => `${s} in ${r.url}`),
  );
}

function origin(): string {
  const base = test.info().project.use.baseURL;
  if (!base) throw new Error('no baseURL');
  return new URL(base).origin;
}

async function createLink(page: Page, includeToolResults: boolean): Promise<ReturnType<Page['getByRole']>> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Share link…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('checkbox', { name: 'Include tool results' });
  if (includeToolResults) await box.check();
  else await box.uncheck();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  return dialog;
}

async function freshBrowser(browser: Browser): Promise<{ page: Page; log: Sent[]; context: BrowserContext }> {
  const context = await browser.newContext();
  const log = requestLog(context);
  return { page: await context.newPage(), log, context };
}

test('a small session travels whole in the link; a fresh browser shows it read-only and imports a copy; a damaged link says so', async ({
  page,
  mock,
  browser,
}) => {
  const QUESTION = 'Question BRAVO-7c1e about tides';
  const ANSWER = 'Answer ALPHA-5d2f: twice a day.';
  await openConfiguredApp(page, mock);
  mock.script([{ kind: 'text', content: ANSWER }]);
  await sendMessage(page, QUESTION);
  await waitForIdle(page);

  const sent = requestLog(page.context());
  const dialog = await createLink(page, false);
  const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  await expect(dialog.getByRole('status')).toHaveText(
    'The whole session is inside the link, encrypted; nothing was uploaded.',
  );
  expect(link.startsWith(`${origin()}/#share=1.i.`)).toBe(true);
  expect(link).not.toContain('?');
  expect(link.length).toBeLessThanOrEqual(2000);
  const key = link.slice(link.indexOf('#')).split('.')[2]!;
  await expectNoAxeViolations(page, 'share link dialog', AXE_COMBOS);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Esc-like closing gives the cursor back to where the dialog was opened from.
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();
  // Making the link sent nothing: the page only fetched its own code for the dialog.
  expect(sent.filter((r) => new URL(r.url).origin !== origin() || r.body !== null)).toEqual([]);

  const modelRequests = mock.requests.length;
  const b = await freshBrowser(browser);
  // A link cut or changed on the way (a chat app, a bad copy) says what happened and shows nothing.
  await b.page.goto(link.slice(0, -12));
  await expect(b.page.getByRole('heading', { name: 'Share link could not be opened' })).toBeVisible();
  await expect(b.page.getByRole('alert').filter({ hasText: 'changed or cut short' })).toBeVisible();
  await expect(sessionItems(b.page)).toHaveCount(0);

  await b.page.goto(link);
  await expect(b.page.getByRole('heading', { name: QUESTION })).toBeVisible();
  await expect(b.page.getByRole('note').filter({ hasText: 'Shared session: read-only.' })).toContainText(
    'The sender left tool results out.',
  );
  await expect(assistantMessages(b.page)).toHaveCount(1);
  await expect(assistantMessages(b.page)).toContainText(ANSWER);
  await expect(b.page.getByRole('article', { name: 'Your message' })).toContainText(QUESTION);
  // Read-only: nothing to edit or continue here, and nothing was stored.
  await expect(b.page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(b.page.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  await expect(sessionItems(b.page)).toHaveCount(0);
  expect(b.page.url()).toBe(link);
  await expectNoAxeViolations(b.page, 'shared session', AXE_COMBOS);

  await b.page.getByRole('button', { name: 'Import a copy' }).click();
  await expect(importDialog(b.page)).toContainText('The file is valid: 1 session');
  await confirmImport(b.page, /Imported 1 session/);
  await expect(sessionItems(b.page).filter({ hasText: QUESTION })).toHaveCount(1);
  await b.page.reload();
  await expect(sessionItems(b.page).filter({ hasText: QUESTION })).toHaveCount(1);

  // The opening page asked only for its own files: no model, no storage, no key, no plaintext.
  expect(mock.requests.length).toBe(modelRequests);
  expect(b.log.map((r) => new URL(r.url).origin).filter((o) => o !== origin())).toEqual([]);
  expect(leaks([...b.log, ...sent], [key, QUESTION, ANSWER, 'BRAVO-7c1e', 'ALPHA-5d2f', '#share'])).toEqual([]);
  await b.context.close();
});

test('a question, a js_eval call and its answer travel inside the link with and without the result; the link with it opens whole', async ({
  page,
  mock,
  browser,
}) => {
  await openConfiguredApp(page, mock);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_sum', name: 'js_eval', arguments: { expression: '17 * 23 + 4' } }] },
    { kind: 'text', content: '17 × 23 + 4 = 395.' },
  ]);
  await sendMessage(page, 'What is 17 * 23 + 4?');
  await expect(assistantMessages(page).last()).toContainText('= 395.');
  await waitForIdle(page);

  const sizes: Record<string, number> = {};
  const links: Record<string, string> = {};
  for (const withResults of [true, false]) {
    const dialog = await createLink(page, withResults);
    await expect(dialog.getByRole('status')).toHaveText(
      'The whole session is inside the link, encrypted; nothing was uploaded.',
    );
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    const name = withResults ? 'with the tool result' : 'without it';
    sizes[name] = link.length;
    links[name] = link;
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
  test.info().annotations.push({ type: 'share-link-chars', description: JSON.stringify(sizes) });
  expect(sizes['with the tool result']).toBeLessThanOrEqual(2000);
  // Leaving the result out never makes the link longer than keeping it.
  expect(sizes['without it']).toBeLessThanOrEqual(sizes['with the tool result']!);

  const b = await freshBrowser(browser);
  await b.page.goto(links['with the tool result']!);
  await expect(b.page.getByRole('heading', { name: 'What is 17 * 23 + 4?' })).toBeVisible();
  await expect(assistantMessages(b.page).last()).toContainText('17 × 23 + 4 = 395.');
  const card = b.page.locator('.tool-card');
  await expect(card).toHaveCount(1);
  await expandToolCard(card);
  await expect(card).toHaveAccessibleName('Tool call js_eval');
  await expect(card.getByLabel('Result', { exact: true })).toContainText('395');
  await b.context.close();
});

test('with tool results a larger session goes to WebDAV as ciphertext; a fresh browser reads it with one GET', async ({
  page,
  mock,
  browser,
}) => {
  const TOOL_RESULT = 'TOOLRES-7731';
  // Random text does not compress: far beyond what a link holds.
  const LONG = `Answer KILO-4e0a ${randomBytes(2400).toString('base64')}`;
  const dav = await startApacheDav({ corsOrigin: origin(), publicShares: true });
  try {
    await openConfiguredApp(page, mock);
    mock.script([
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_share', name: 'js_eval', arguments: { expression: '"TOOLRES-" + "7731"' } }],
      },
      { kind: 'text', content: LONG },
    ]);
    await sendMessage(page, 'Question ECHO-91b3, then a long answer');
    await waitForIdle(page);

    // No storage connected: a sentence says what to do, and no link is made.
    let dialog = await createLink(page, true);
    await expect(dialog.getByRole('alert')).toContainText(
      'Connect a storage in "Sync and backup" to share it through your storage, or leave tool results out.',
    );
    await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await connectWebDav(page, dav, 'correct horse battery staple');
    await expect(syncStatus(page)).toContainText('Synced:', { timeout: 20_000 });
    await closeSyncPanel(page);
    const sent = requestLog(page.context());
    dialog = await createLink(page, true);
    await expect(dialog.getByRole('status')).toHaveText(
      'The session is on your storage, encrypted; the link holds where it is and its key.',
    );
    const link = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link.startsWith(`${origin()}/#share=1.s.`)).toBe(true);
    const key = link.slice(link.indexOf('#')).split('.')[2]!;
    await dialog.getByRole('button', { name: 'Close' }).click();

    const stored = filesUnder(dav.root).filter((f) => f.path.startsWith('/shares/'));
    expect(stored).toHaveLength(1);
    const secrets = [key, TOOL_RESULT, 'KILO-4e0a', 'ECHO-91b3', LONG.slice(20, 60), '#share'];
    for (const s of secrets) expect(stored[0]!.text).not.toContain(s);
    expect(leaks(sent, secrets)).toEqual([]);

    const b = await freshBrowser(browser);
    await b.page.goto(link);
    await expect(b.page.getByRole('heading', { name: 'Question ECHO-91b3, then a long answer' })).toBeVisible();
    await expect(b.page.getByRole('note').filter({ hasText: 'Shared session: read-only.' })).not.toContainText(
      'left tool results out',
    );
    await expect(assistantMessages(b.page).last()).toContainText('Answer KILO-4e0a');
    // The link carries no call ids (a reader never sees them): the one tool card is the call.
    const sharedCard = b.page.locator('.tool-card');
    await expect(sharedCard).toHaveCount(1);
    await expandToolCard(sharedCard);
    await expect(sharedCard.getByLabel('Result', { exact: true })).toContainText(TOOL_RESULT);
    // One GET of the sealed bytes, with no credentials; nothing else left the app's origin.
    const away = b.log.filter((r) => new URL(r.url).origin !== origin());
    expect(away.map((r) => r.url)).toEqual([`${dav.url}${stored[0]!.path.slice(1)}`]);
    expect(away[0]!.authorization).toBeUndefined();
    expect(leaks(b.log, secrets)).toEqual([]);

    // Stop sharing, from the session's share dialog: the object leaves the storage, the record says so (after a
    // reload too), and the old link, opened again, says plainly that the share was removed.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Share link…' }).click();
    dialog = page.getByRole('dialog', { name: 'Share link' });
    const shares = dialog.getByRole('list', { name: 'Links on your storage' });
    await expect(shares.getByRole('listitem')).toHaveCount(1);
    await expect(shares).toContainText('with tool results');
    await shares.getByRole('button', { name: 'Stop sharing' }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Stopped sharing: the session was removed from your storage. Its link now says so.',
    );
    expect(filesUnder(dav.root).filter((f) => f.path.startsWith('/shares/'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Share link…' }).click();
    await expect(shares).toContainText('sharing stopped');
    await expect(shares.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const again = await b.context.newPage();
    await again.goto(link);
    await expect(again.getByRole('heading', { name: 'Shared session removed' })).toBeVisible();
    await expect(again.getByRole('alert')).toContainText('The sender stopped sharing this session');
    await expect(assistantMessages(again)).toHaveCount(0);
    await b.context.close();
  } finally {
    await dav.stop();
  }
});

/** What the shared view must show of richShareSession's session; `images`: whether the link carried them. */
async function expectRichSession(page: Page, images: boolean): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Shared sums' })).toBeVisible();
  await expect(page.getByText('The model refused: I can’t help with that.')).toBeVisible();
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveText([/Sales report/, /q3\.pdf/]);
  await expect(page.getByRole('group', { name: 'Run by the provider: web_search' })).toBeVisible();
  // The marks of the edits: the request (its reply's role line) and both calls (answered by hand; arguments and result edited).
  await expect(assistantMessages(page).first().locator('.message-role')).toContainText('edited');
  // The turn's two calls fold into one summary row: open them to read their own lines.
  const chart = page.getByRole('group', { name: 'Tool call render_chart', includeHidden: true });
  const time = page.getByRole('group', { name: 'Tool call get_time', includeHidden: true });
  await expandToolCard(chart);
  await expandToolCard(time);
  await expect(chart.locator('.tool-card-head')).toContainText('edited');
  await expect(time.locator('.tool-card-head')).toContainText('edited');
  await expect(chart.getByLabel('Result', { exact: true })).toContainText('Rendered.');
  const pictures = [
    page.getByRole('img', { name: 'Image from chart.png' }),
    chart.getByRole('img', { name: 'Image from render_chart' }),
  ];
  for (const img of pictures) {
    if (!images) {
      await expect(img).toHaveCount(0);
      continue;
    }
    await expect(img).toBeVisible();
    // Decoded, not a broken image: the bytes arrived whole.
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
}

test('images, a refusal, sources, a provider-run search and edited calls: each shows in the opened link, or the dialog lists it as left out', async ({
  page,
  mock,
  browser,
}) => {
  const file = richShareSession({ user: noisePngBase64(48), tool: noisePngBase64(40) });
  const dav = await startApacheDav({ corsOrigin: origin(), publicShares: true });
  try {
    await openConfiguredApp(page, mock);
    await pickFile(page, 'rich-session.json', JSON.stringify(file));
    await confirmImport(page, /Imported 1 session/);
    await page
      .locator('nav[aria-label="Sessions"] li')
      .getByRole('button', { name: /^Shared sums/ })
      .first()
      .click();
    await expect(page.getByRole('article', { name: 'Your message' }).first()).toContainText(
      'What does this chart say?',
    );

    // No storage connected: the images (each far longer than a link) stay behind, the rest travels in the link,
    // and the dialog says what was left out, with counts and why.
    let dialog = await createLink(page, true);
    await expect(dialog.getByRole('status')).toHaveText(
      'The whole session is inside the link, encrypted; nothing was uploaded.',
    );
    const leftOut = dialog.getByRole('list', { name: 'Left out of this link' });
    await expect(leftOut.getByRole('listitem')).toHaveText([
      /^2 images: with them the link would be [\d,]+ characters, and a link holds up to 2,000\. Connect a storage in "Sync and backup"/,
      /^What was sent for 1 edited request, and what it replaced: .* The mark "edited" stays\.$/,
      /^1 reasoning or compaction item sealed by the provider/,
    ]);
    await expectNoAxeViolations(page, 'share link dialog listing what is left out', AXE_COMBOS);
    const inline = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(inline.length).toBeLessThanOrEqual(2000);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const b = await freshBrowser(browser);
    await b.page.goto(inline);
    await expectRichSession(b.page, false);

    // With a storage the images go too: only what no link carries is listed.
    await connectWebDav(page, dav, 'correct horse battery staple');
    await expect(syncStatus(page)).toContainText('Synced:', { timeout: 20_000 });
    await closeSyncPanel(page);
    dialog = await createLink(page, true);
    await expect(dialog.getByRole('status')).toHaveText(
      'The session is on your storage, encrypted; the link holds where it is and its key.',
    );
    await expect(leftOut.getByRole('listitem')).toHaveText([
      /^What was sent for 1 edited request/,
      /^1 reasoning or compaction item/,
    ]);
    const stored = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const shown = await b.context.newPage();
    await shown.goto(stored);
    await expectRichSession(shown, true);
    await b.context.close();
  } finally {
    await dav.stop();
  }
});
