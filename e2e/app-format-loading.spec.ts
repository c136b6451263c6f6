/**
 * docs/wire-formats.md, "One decoder per format": a format's code (its body builder, HTTP side and stream decoder)
 * loads with the first request a session makes in it, never with the page and never for a session in another format.
 * Read off the scripts the browser really fetched: each format's decoder holds words no other code does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openConfiguredApp } from './support/configured-app';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureNative } from './support/native-endpoint';
import { newSession } from './support/session-list';

const DIST = process.env.E2E_DIST || 'dist';
/** Words only Anthropic's stream decoder and Gemini's reducer hold (each format's chunk). */
const MARKS = { anthropic: 'content_block_delta', gemini: 'candidatesTokenCount' } as const;

/** The formats whose code the page has fetched so far, read off every script request it made (no buffer to fill). */
function formatsFetched(scripts: ReadonlySet<string>): string[] {
  const text = [...scripts].map((p) => readFileSync(join(DIST, p), 'utf8')).join('\n');
  return Object.entries(MARKS)
    .filter(([, mark]) => text.includes(mark))
    .map(([format]) => format);
}

test("Anthropic's and Gemini's code load only with a session's first request in that format", async ({
  page,
  mock,
}) => {
  // Every script the page asks for, from its first request (the Resource Timing buffer holds 250 entries only).
  const scripts = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
  });
  await openConfiguredApp(page, mock);
  // The page and a Chat Completions run fetch neither.
  mock.script([{ kind: 'text', content: 'Plain chat.' }]);
  await sendMessage(page, 'hello');
  await expect(assistantMessages(page).last()).toContainText('Plain chat.');
  await waitForIdle(page);
  expect(formatsFetched(scripts)).toEqual([]);

  // A new session on an Anthropic endpoint: Anthropic's code, and still not Gemini's.
  await newSession(page);
  await configureNative(page, mock, 'anthropic');
  mock.script([{ kind: 'text', content: 'From Claude.' }]);
  await sendMessage(page, 'hello Claude');
  await expect(assistantMessages(page).last()).toContainText('From Claude.');
  await waitForIdle(page);
  expect(formatsFetched(scripts)).toEqual(['anthropic']);

  await newSession(page);
  await configureNative(page, mock, 'gemini');
  mock.script([{ kind: 'text', content: 'From Gemini.' }]);
  await sendMessage(page, 'hello Gemini');
  await expect(assistantMessages(page).last()).toContainText('From Gemini.');
  await waitForIdle(page);
  expect(formatsFetched(scripts)).toEqual(['anthropic', 'gemini']);
});
