/**
 * A second tab follows a live run after the history a person builds up: earlier sessions (tool calls, a stopped
 * answer), an export imported back as a copy, a reload, the key entered again and a new session. The tab that runs
 * goes to the background when the second comes to the front; its run must go on being stored, since the second tab
 * reads it from IndexedDB (architecture.md, "Nothing lost"). The second tab comes by the Sessions list and by the
 * session's address. persist-two-tabs.spec.ts covers the rest of the two-tab rules from an empty profile.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from './fixtures';
import { assistantMessages, messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, openConfiguredApp, TEST_KEY } from './support/configured-app';
import { confirmImport, exportVia, importDialog, pickFile } from './support/import-export';
import { bringBack, sendToBackground } from './support/page-visibility';
import { currentSessionId, newSession, openSession, sessionItems } from './support/session-list';
import { readSession } from './support/stored-rows';

const words = (n: number) => Array.from({ length: n }, (_, i) => `tok${i}`).join(' ');
const tokens = (text: string) => text.match(/tok\d+/g) ?? [];
const countIn = async (page: Page) => tokens(await assistantMessages(page).first().innerText()).length;

/** After a reload an unremembered key is gone: the person types it again (the base URL and model are stored). */
async function enterKey(page: Page, mock: MockServer): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toHaveValue(mock.url);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Tab A's history, then a new session whose answer streams 1,000 words at 100 ms and is then held open by the mock
 * server until Stop: the run is still going whenever the second tab looks, however slow the machine. Returns the
 * live session's id and the index of its request.
 */
async function historyThenLiveRun(tabA: Page, mock: MockServer): Promise<{ sessionId: string; request: number }> {
  await openConfiguredApp(tabA, mock);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_time', name: 'current_time', arguments: {} },
        { id: 'call_eval', name: 'js_eval', arguments: { expression: '6 * 7' } },
      ],
    },
    { kind: 'text', content: 'It is now, and 6 * 7 is 42.' },
  ]);
  await sendMessage(tabA, 'What time is it, and what is 6 * 7?');
  await expect(assistantMessages(tabA).last()).toContainText('6 * 7 is 42.');
  await waitForIdle(tabA);
  const stopped = mock.requests.length;
  mock.script([{ kind: 'hang', afterChunks: 6, step: { kind: 'text', content: words(40) } }]);
  await sendMessage(tabA, 'Write something long');
  await expect(assistantMessages(tabA).last()).toContainText('tok3');
  await tabA.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(stopped);
  await expect(assistantMessages(tabA).last()).toHaveAttribute('data-status', 'cancelled');
  await waitForIdle(tabA);

  const { text } = await exportVia(tabA, 'This session');
  await pickFile(tabA, 'again.json', text);
  await expect(importDialog(tabA).getByRole('radio', { name: 'Import as a copy' })).toBeChecked();
  await confirmImport(tabA, /Imported 1 session/);
  await expect(sessionItems(tabA)).toHaveCount(2);

  await tabA.reload();
  await expect(sessionItems(tabA)).toHaveCount(2);
  await enterKey(tabA, mock);
  await newSession(tabA);
  const request = mock.requests.length;
  mock.script([
    { kind: 'hang', afterChunks: 100_000, step: { kind: 'text', content: words(1000), chunkDelayMs: 100 } },
  ]);
  await sendMessage(tabA, 'Stream a long answer');
  await expect(assistantMessages(tabA).first()).toContainText('tok3');
  return { sessionId: await currentSessionId(tabA), request };
}

/** B shows the run read-only and its answer grows while A's stream is open; then A stops and nothing shown is lost. */
async function followsThenStops(
  tabA: Page,
  tabB: Page,
  mock: MockServer,
  sessionId: string,
  request: number,
): Promise<void> {
  const banner = tabB.getByRole('status').filter({ hasText: 'running in another tab' });
  await expect(banner).toBeVisible();
  await expect(messageBox(tabB)).toBeDisabled();

  const watched = assistantMessages(tabB).first();
  await expect(watched).toContainText('tok3');
  const firstSeen = await countIn(tabB);
  await expect.poll(() => countIn(tabB)).toBeGreaterThan(firstSeen);
  // Still A's run, still streaming: B grew from storage, not because the run had ended.
  expect(mock.requests[request]?.closedAt).toBeUndefined();
  await expect(banner).toBeVisible();

  await bringBack(tabA);
  await tabA.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(request);
  await expect(assistantMessages(tabA).first()).toHaveAttribute('data-status', 'cancelled');
  await expect(banner).toHaveCount(0);
  await expect(watched).toHaveAttribute('data-status', 'cancelled');
  // What A showed when it stopped is what is stored and what B shows.
  const shown = tokens(await assistantMessages(tabA).first().innerText()).join(' ');
  const stored = await readSession(tabB, sessionId);
  expect(stored.session?.status).toBe('cancelled');
  expect(tokens(String(stored.messages.find((m) => m.role === 'assistant')?.content)).join(' ')).toBe(shown);
  await expect.poll(async () => tokens(await watched.innerText()).join(' ')).toBe(shown);
  await expect(messageBox(tabB)).toBeEnabled();
}

test('after earlier sessions, an import and a reload, a tab opened from the Sessions list follows the live run', async ({
  context,
  mock,
}) => {
  const tabA = await context.newPage();
  const { sessionId, request } = await historyThenLiveRun(tabA, mock);

  const tabB = await context.newPage();
  await sendToBackground(tabA);
  await openApp(tabB);
  await enterKey(tabB, mock);
  await openSession(tabB, sessionId);
  await followsThenStops(tabA, tabB, mock, sessionId, request);
});

test("after the same history, a tab opened at the session's address follows the live run", async ({
  context,
  mock,
}) => {
  const tabA = await context.newPage();
  const { sessionId, request } = await historyThenLiveRun(tabA, mock);

  const tabB = await context.newPage();
  await sendToBackground(tabA);
  await tabB.goto(`/#/s/${sessionId}`);
  await expect(tabB.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"]`)).toHaveAttribute(
    'data-current',
    'true',
  );
  await enterKey(tabB, mock);
  await followsThenStops(tabA, tabB, mock, sessionId, request);
});
