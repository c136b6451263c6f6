/**
 * Invariants 1 and 2 across a reload in the middle of a streamed reply: the text that was on screen survives, is
 * marked interrupted, the stored history is valid, and the next request carries it so the chat goes on.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage } from './support/chat-run';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';

const words = (n: number) => Array.from({ length: n }, (_, i) => `tok${String(i).padStart(3, '0')}`).join(' ');

test('reload mid-stream: the partial reply is kept, marked interrupted, and the chat continues from it', async ({
  page,
  mock,
}) => {
  // 200 words, one per chunk, held by the server's gate after 20: the stream is still open when we reload.
  mock.script([{ kind: 'hold', gate: 'story', afterChunks: 20, step: { kind: 'text', content: words(200) } }]);
  await openConfiguredApp(page, mock);
  await sendMessage(page, 'Tell me a long story');

  const reply = assistantMessages(page).first();
  await expect(reply).toContainText('tok008');
  const shownBeforeReload = (await reply.innerText()).match(/tok\d{3}/g) ?? [];
  expect(shownBeforeReload.length).toBeGreaterThan(0);
  const sessionId = await currentSessionId(page);

  // architecture.md, invariant 2: what was shown reaches IndexedDB (the persister flushes about once a second) without the turn ending.
  const lastShown = shownBeforeReload[shownBeforeReload.length - 1]!;
  await expect
    .poll(async () => {
      const rows = await readSession(page, sessionId);
      const partial = rows.messages.find((m) => m.role === 'assistant');
      return partial ? { status: partial.status, hasLastShown: String(partial.content).includes(lastShown) } : null;
    })
    .toEqual({ status: 'streaming', hasLastShown: true });
  expect(mock.requests[0]?.closedAt).toBeUndefined();

  await page.reload();
  await mock.waitForDisconnect(0);
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();

  // Recovery on start: the session is marked interrupted in the list and in storage.
  const item = page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"]`);
  await expect(item.locator('.session-meta .status')).toHaveText('interrupted');
  await openSession(page, sessionId);

  const kept = assistantMessages(page).first();
  await expect(kept).toHaveAttribute('data-status', 'interrupted');
  await expect(kept).toContainText('Interrupted (the page was closed or reloaded)');
  for (const w of shownBeforeReload) await expect(kept).toContainText(w);

  const stored = await readSession(page, sessionId);
  expect(stored.session?.status).toBe('interrupted');
  expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  const partial = stored.messages[1]!;
  expect(partial.status).toBe('interrupted');
  const partialText = String(partial.content);
  expect(partialText.startsWith(words(shownBeforeReload.length))).toBe(true);
  expect(historyProblems(stored.messages)).toEqual([]);
  expect(stored.runs).toHaveLength(1);
  expect(stored.runs[0]).toMatchObject({ interrupted: true, stopReason: 'cancelled' });
  expect(stored.events.filter((e) => e.type === 'run_finished' && e.recovered === true)).toHaveLength(1);
  // What the page shows is exactly what storage has: every stored word, nothing more.
  const shownAfter = (await kept.innerText()).match(/tok\d{3}/g) ?? [];
  expect(shownAfter.join(' ')).toBe(partialText.trim());

  // The key lives only in the old tab's memory; enter it again and go on.
  mock.script([{ kind: 'text', content: 'Picking up where I left off.' }]);
  await configureSettings(page, mock);
  await openSession(page, sessionId);
  await sendMessage(page, 'Please go on');
  await expect(assistantMessages(page).nth(1)).toContainText('Picking up where I left off.');

  const next = await mock.waitForRequest(1);
  const sent = wireHistory(next).filter((m) => m.role !== 'system');
  expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(sent[0]!.content).toBe('Tell me a long story');
  expect(sent[1]!.content).toBe(partialText);
  expect(sent[1]!.toolCalls).toEqual([]);
  expect(sent[2]!.content).toBe('Please go on');
  expect(historyProblems(sent)).toEqual([]);

  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  const after = await readSession(page, sessionId);
  expect(after.messages.map((m) => [m.role, m.status ?? null])).toEqual([
    ['user', null],
    ['assistant', 'interrupted'],
    ['user', null],
    ['assistant', 'complete'],
  ]);
  expect(historyProblems(after.messages)).toEqual([]);
});
