/**
 * The smoke journey every engine must pass: settings, a streamed answer, the sandboxed tool, a validation error the
 * model is told about, Stop, the timeline, export, import, reload and a second tab. Each step waits for a state of
 * the page or the mock server, never for a length of time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockServer } from '../server/mock-server';
import { findExpression, LAST_DOWNLOAD_TEXT, RECORD_DOWNLOADS } from './in-page';
import type { PageDriver } from './page-driver';

const WAIT_MS = 30_000;
const KEY = 'sk-engines-0123456789';
/** The two-tab run's answer: 1,000 words at 100 ms, then the mock server holds the stream open until Stop. */
const HELD_WORDS = 1000;
const counted = (n: number) => Array.from({ length: n }, (_, i) => `held${i}`).join(' ');
const countedIn = (text: string) => (text.match(/held\d+/g) ?? []).length;

export type StepLog = (step: string) => void;

export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const find = (page: PageDriver, role: string, name: string, within?: string) =>
  waitFor(`${role} "${name}"`, () => page.evaluate<string | null>(findExpression(role, name, within)));

/** Clicks an element found by CSS once it is on the page (the sessions list fills in after the page shows). */
export async function clickCss(page: PageDriver, css: string): Promise<void> {
  await waitFor(`"${css}" on the page`, () =>
    page.evaluate<boolean>(`document.querySelector(${JSON.stringify(css)}) !== null`),
  );
  await page.click(css);
}

export async function click(page: PageDriver, role: string, name: string, within?: string): Promise<void> {
  await page.click(await find(page, role, name, within));
}

export async function fill(page: PageDriver, name: string, text: string, within?: string): Promise<void> {
  await page.typeInto(await find(page, 'textbox', name, within), text);
}

export const pageText = (page: PageDriver, css: string) =>
  page.evaluate<string>(
    `Array.prototype.map.call(document.querySelectorAll(${JSON.stringify(css)}), function (e) { return e.textContent; }).join('\\n')`,
  );

const runState = (page: PageDriver) =>
  page.evaluate<{ id: string | null; state: string | null }>(
    `(function () { var c = document.querySelector('section.chat'); return { id: c && c.getAttribute('data-run-id'), ` +
      `state: c && c.getAttribute('data-run-state') }; })()`,
  );

/** Types a message, presses Send and waits until a run newer than the one shown before has ended. */
export async function sendAndFinish(page: PageDriver, text: string): Promise<void> {
  const before = (await runState(page)).id;
  await fill(page, 'Message', text);
  await click(page, 'button', 'Send');
  await waitFor('the run to end', async () => {
    const run = await runState(page);
    return run.id !== null && run.id !== before && run.state === 'ended';
  });
}

/** Records where the engine's clicks land and how the message list scrolled, so a click that missed says why. */
const CLICK_LOG =
  `(function () { window.__clicks = []; document.addEventListener('click', function (e) { var t = e.target; ` +
  `window.__clicks.push((t && t.outerHTML ? t.outerHTML.slice(0, 160) : String(t)) + ' at ' + e.clientX + ',' + ` +
  `e.clientY); }, true); var l = document.querySelector('.message-list'); l.addEventListener('scroll', function () { ` +
  `window.__clicks.push('scroll ' + l.scrollTop + '/' + l.scrollHeight + ' in ' + l.clientHeight); }); return true; })()`;
const clickSeen = (css: string) =>
  `(function () { var b = document.querySelector(${JSON.stringify(css)}); var l = document.querySelector('.message-list'); ` +
  `var r = b && b.getBoundingClientRect(); return 'clicks: ' + JSON.stringify(window.__clicks) + '; toggle: ' + ` +
  `(b ? b.getAttribute('aria-expanded') + ' at ' + Math.round(r.top) + '..' + Math.round(r.bottom) : 'gone') + ` +
  `'; list: ' + (l ? l.scrollTop + '/' + l.scrollHeight + ' in ' + l.clientHeight : 'none'); })()`;

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export async function smokeJourney(
  page: PageDriver,
  appUrl: string,
  mock: MockServer,
  tmpDir: string,
  log: StepLog,
): Promise<void> {
  await page.goto(appUrl);
  await find(page, 'tab', 'Chat');

  log('settings');
  await click(page, 'button', 'Settings');
  const dialog = await find(page, 'dialog', 'Settings');
  await fill(page, 'API key', KEY, dialog);
  await fill(page, 'Base URL', mock.url, dialog);
  await fill(page, 'Model', 'mock-gpt', dialog);
  await click(page, 'button', 'Save', dialog);
  try {
    await waitFor(
      'Settings to close',
      async () => (await page.evaluate<string | null>(findExpression('dialog', 'Settings'))) === null,
    );
  } catch (err) {
    // What the form shows (a field's complaint, where the cursor went) is what tells a person, and us, why it stayed open.
    const seen = await page.evaluate<string>(
      `(function () { var d = document.querySelector('dialog[open]'); var a = document.activeElement; ` +
        `return 'focus: ' + (a ? (a.getAttribute('aria-label') || a.id || a.tagName) + ' = ' + JSON.stringify(a.value) ` +
        `: 'none') + '; fields: ' + Array.prototype.map.call(d ? d.querySelectorAll('input') : [], ` +
        `function (i) { return (i.getAttribute('aria-label') || i.name || i.id) + '=' + JSON.stringify(i.type ` +
        `=== 'password' ? String(i.value.length) : i.value); }).join(', ') + '; text: ' + (d ? d.innerText.slice(0, ` +
        `600) : 'no open dialog'); })()`,
    );
    throw new Error(`${err instanceof Error ? err.message : String(err)}; ${seen}`, { cause: err });
  }

  log('streamed answer');
  mock.script([{ kind: 'text', content: 'Streaming works in every engine we test.' }]);
  await sendAndFinish(page, 'Say hello');
  await waitFor('the streamed answer', async () =>
    (await pageText(page, 'article[aria-label="Assistant message"]')).includes(
      'Streaming works in every engine we test.',
    ),
  );
  assert(mock.requests[0]?.headers.authorization === `Bearer ${KEY}`, 'the request carried the key');

  log('sandboxed tool and a validation error');
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_eval', name: 'js_eval', arguments: { expression: '6 * 7' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_bad', name: 'js_eval', arguments: { code: '1' } }] },
    { kind: 'text', content: 'The sandbox said 42.' },
  ]);
  await sendAndFinish(page, 'Compute 6 * 7');
  // A finished call is a calm row; a real click opens it to its result.
  const evalRow = '.tool-card[data-call-id="call_eval"] .tool-card-toggle';
  await page.evaluate(CLICK_LOG);
  await clickCss(page, `${evalRow}[aria-expanded="false"]`);
  await waitFor('the row to open', () =>
    page.evaluate<boolean>(`document.querySelector(${JSON.stringify(`${evalRow}[aria-expanded="true"]`)}) !== null`),
  ).catch(async (err: unknown) => {
    throw new Error(`${String(err)}; ${await page.evaluate<string>(clickSeen(evalRow))}`, { cause: err });
  });
  await waitFor(
    'the sandbox result on its card',
    async () => (await pageText(page, '.tool-card[data-call-id="call_eval"] pre[aria-label="Result"]')).trim() === '42',
  );
  const afterTool = mock.requests[2]?.body.messages ?? [];
  const evalResult = afterTool.find((m) => m.role === 'tool' && m.tool_call_id === 'call_eval');
  assert(
    evalResult && String(evalResult.content) === '42',
    `the model got the sandbox result (got ${JSON.stringify(evalResult)})`,
  );
  const afterBad = mock.requests[3]?.body.messages ?? [];
  const badResult = afterBad.find((m) => m.role === 'tool' && m.tool_call_id === 'call_bad');
  assert(
    badResult && /expression/.test(String(badResult.content)),
    `the model was told which argument was wrong (got ${JSON.stringify(badResult)})`,
  );
  await waitFor('the final answer', async () =>
    (await pageText(page, 'article[aria-label="Assistant message"]')).includes('The sandbox said 42.'),
  );

  log('stop');
  const stopIndex = mock.requests.length;
  const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
  mock.script([{ kind: 'text', content: long, chunkDelayMs: 50 }]);
  const beforeStop = (await runState(page)).id;
  await fill(page, 'Message', 'Write a long answer');
  await click(page, 'button', 'Send');
  await waitFor('text streaming in', async () =>
    (await pageText(page, 'article[aria-label="Assistant message"]')).includes('word3 '),
  );
  await click(page, 'button', 'Stop');
  await mock.waitForDisconnect(stopIndex, WAIT_MS);
  await waitFor('the stopped run to end', async () => {
    const run = await runState(page);
    return run.id !== beforeStop && run.state === 'ended';
  });
  assert(
    !(await pageText(page, 'article[aria-label="Assistant message"]')).includes('word399'),
    'the stopped answer did not run to its end',
  );

  log('timeline');
  await click(page, 'tab', 'Timeline');
  await waitFor(
    'two tool-call bars',
    async () =>
      (await page.evaluate<number>(`document.querySelectorAll('[data-kind="call"][data-call-id]').length`)) >= 2,
  );
  await click(page, 'tab', 'Chat');

  log('export');
  await page.evaluate(RECORD_DOWNLOADS);
  await click(page, 'button', 'Export');
  await click(page, 'menuitem', 'This session');
  const exported = await waitFor('the export file', () => page.evaluate<string | null>(LAST_DOWNLOAD_TEXT));
  const file = JSON.parse(exported) as {
    format?: string;
    sessions?: Array<{ session?: { id?: string }; messages?: unknown[] }>;
  };
  assert(file.format === 'toolscope-session' && file.sessions?.length === 1, 'the export holds one session');
  assert(!exported.includes(KEY), 'the export does not hold the key');
  const sessionId = file.sessions[0]?.session?.id;
  assert(typeof sessionId === 'string', 'the exported session has an id');

  log('import');
  // The same session under a new id, so it imports as a second session beside the first.
  const copyPath = join(tmpDir, 'engines-import.json');
  writeFileSync(copyPath, exported.split(sessionId).join('ses_engines_imported_copy'));
  await page.upload(await find(page, 'file', 'Import file'), copyPath);
  const importDialog = await find(page, 'dialog', 'Import sessions');
  await click(page, 'button', 'Import sessions', importDialog);
  await waitFor('the import to finish', async () =>
    /Imported 1 session/.test(await pageText(page, `${importDialog} [role=status]`)),
  );
  await click(page, 'button', 'Close', importDialog);
  await waitFor(
    'two sessions listed',
    async () => (await page.evaluate<number>(`document.querySelectorAll('li[data-session-id]').length`)) === 2,
  );

  log('reload');
  await page.reload();
  await waitFor(
    'the sessions after a reload',
    async () => (await page.evaluate<number>(`document.querySelectorAll('li[data-session-id]').length`)) === 2,
  );
  await clickCss(page, `li[data-session-id="${sessionId}"] button`);
  await waitFor('the stored answer after a reload', async () =>
    (await pageText(page, 'article[aria-label="Assistant message"]')).includes('The sandbox said 42.'),
  );

  log('two tabs');
  await click(page, 'button', 'Settings');
  const again = await find(page, 'dialog', 'Settings');
  await fill(page, 'API key', KEY, again);
  await click(page, 'button', 'Save', again);
  await waitFor(
    'Settings to close',
    async () => (await page.evaluate<string | null>(findExpression('dialog', 'Settings'))) === null,
  );
  // A new session after the history above (the import, the reload), as a person starts one.
  await click(page, 'button', 'New session');
  await waitFor('the new empty session', async () =>
    (await pageText(page, 'section.chat')).includes('No messages yet'),
  );
  const lockIndex = mock.requests.length;
  mock.script([
    {
      kind: 'hang',
      afterChunks: HELD_WORDS + 10,
      step: { kind: 'text', content: counted(HELD_WORDS), chunkDelayMs: 100 },
    },
  ]);
  await fill(page, 'Message', 'Another long answer');
  await click(page, 'button', 'Send');
  await waitFor(
    'the answer streaming in the first tab',
    async () => countedIn(await pageText(page, 'article[aria-label="Assistant message"]')) >= 3,
  );
  const liveId = await waitFor('the running session in the list', () =>
    page.evaluate<string | null>(
      `(function () { var li = document.querySelector('li[data-current="true"][data-session-id]'); return li && li.getAttribute('data-session-id'); })()`,
    ),
  );
  const second = await page.openTab(appUrl);
  await find(second, 'tab', 'Chat');
  await click(second, 'button', 'Settings');
  const secondSettings = await find(second, 'dialog', 'Settings');
  await fill(second, 'API key', KEY, secondSettings);
  await click(second, 'button', 'Save', secondSettings);
  await waitFor(
    'Settings to close in the second tab',
    async () => (await second.evaluate<string | null>(findExpression('dialog', 'Settings'))) === null,
  );
  await clickCss(second, `li[data-session-id="${liveId}"] button.session-open`);
  await waitFor('the second tab to show the run read-only', async () =>
    (await pageText(second, '[role=status]')).includes('running in another tab'),
  );
  assert(
    await second.evaluate<boolean>(`document.querySelector('[aria-label="Message"]').disabled === true`),
    'the second tab cannot send while the first runs',
  );
  // The second tab follows the run: the text it shows grows while the first tab, now in the background, streams (the
  // mock holds the stream open after its last word, so the run is still going whenever the second tab looks).
  const watchedText = () => pageText(second, 'article[aria-label="Assistant message"]');
  const firstSeen = await waitFor('the answer in the second tab', async () => countedIn(await watchedText()) || null);
  const grown = await waitFor(`the second tab's answer to grow past ${firstSeen} words`, async () => {
    const n = countedIn(await watchedText());
    return n > firstSeen ? n : null;
  });
  assert(
    mock.requests[lockIndex]?.closedAt === undefined,
    `the first tab's stream was still open when the second tab showed ${grown} words`,
  );
  // The case a person meets: the running tab was in the background all along (a hidden page flushes its run).
  const firstTabState = await page.evaluate<string>('document.visibilityState');
  assert(
    firstTabState === 'hidden',
    `the first tab was in the background while the second followed it (it was ${firstTabState})`,
  );
  await page.bringToFront();
  await click(page, 'button', 'Stop');
  await mock.waitForDisconnect(lockIndex, WAIT_MS);
  await waitFor('the second tab to be free to send', () =>
    second.evaluate<boolean>(`document.querySelector('[aria-label="Message"]').disabled === false`),
  );
  // Nothing shown is lost: the second tab, reading storage, ends with the words the first tab showed when it stopped.
  const shown = countedIn(await pageText(page, 'article[aria-label="Assistant message"]'));
  await waitFor(
    `the second tab to show the ${shown} words the first tab stopped at`,
    async () => countedIn(await watchedText()) === shown,
  );
}
