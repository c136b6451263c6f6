/**
 * Two tabs on one session: the run holds the session's Web Lock, the other tab watches it live from IndexedDB,
 * read-only with a message, and may send only once the run is over.
 */
import { test, expect } from './fixtures';
import { assistantMessages, messageBox, sendMessage } from './support/chat-run';
import { configureSettings, openApp, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';

const words = (n: number) => Array.from({ length: n }, (_, i) => `tok${String(i).padStart(3, '0')}`).join(' ');
const tokens = (text: string) => text.match(/tok\d{3}/g) ?? [];

test('a second tab shows a live run read-only and can send once it is over', async ({ context, mock }) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();

  // Held by the server's gate: it streams 8 words, then 22 more when the test says, and is still open when A stops it.
  mock.script([{ kind: 'hold', gate: 'long', afterChunks: [8, 30], step: { kind: 'text', content: words(300) } }]);
  await openConfiguredApp(tabA, mock);
  await sendMessage(tabA, 'Stream a long answer');
  await expect(assistantMessages(tabA).first()).toContainText('tok003');
  const sessionId = await currentSessionId(tabA);

  await openApp(tabB);
  await configureSettings(tabB, mock);
  await openSession(tabB, sessionId);

  // B says why it cannot send, and cannot.
  const banner = tabB.getByRole('status').filter({ hasText: 'running in another tab' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('read-only');
  await expect(messageBox(tabB)).toBeDisabled();
  await expect(tabB.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(tabB.getByRole('button', { name: 'Stop' })).toBeDisabled();

  // B follows the stream live: the text it shows grows while A's run goes on.
  const watched = assistantMessages(tabB).first();
  await expect(watched).toContainText('tok005');
  const firstSeen = tokens(await watched.innerText()).length;
  mock.release('long');
  await expect.poll(async () => tokens(await watched.innerText()).length).toBeGreaterThan(firstSeen + 5);
  expect(mock.requests).toHaveLength(1);
  await expect(tabA.locator('.chat-banner')).toHaveCount(0);

  // B cannot delete the session under A's live run (A would go on writing rows for a session that is gone).
  const itemInB = tabB.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"]`);
  await itemInB.getByRole('button', { name: /^Delete / }).click();
  await expect(itemInB).toContainText('live in another tab');
  expect((await readSession(tabB, sessionId)).session?.id).toBe(sessionId);

  // A's run ends (stopped by its user); B becomes a normal tab for this session.
  await tabA.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(0);
  await expect(assistantMessages(tabA).first()).toHaveAttribute('data-status', 'cancelled');
  await expect(banner).toHaveCount(0);
  await expect(messageBox(tabB)).toBeEnabled();
  await expect(watched).toHaveAttribute('data-status', 'cancelled');
  const stopped = await readSession(tabB, sessionId);
  expect(stopped.session?.status).toBe('cancelled');
  const partialText = String(stopped.messages.find((m) => m.role === 'assistant')?.content);
  expect(tokens(await watched.innerText()).join(' ')).toBe(partialText.trim());

  mock.script([{ kind: 'text', content: 'Hello from the second tab.' }]);
  await sendMessage(tabB, 'Now I ask from tab B');
  await expect(assistantMessages(tabB).nth(1)).toContainText('Hello from the second tab.');
  // A sees B's turn too, through IndexedDB.
  await expect(assistantMessages(tabA).nth(1)).toContainText('Hello from the second tab.');

  const sent = wireHistory(await mock.waitForRequest(1)).filter((m) => m.role !== 'system');
  expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(sent[1]!.content).toBe(partialText);
  expect(sent[2]!.content).toBe('Now I ask from tab B');
  expect(historyProblems(sent)).toEqual([]);

  await expect.poll(async () => (await readSession(tabB, sessionId)).session?.status).toBe('finished');
  const final = await readSession(tabA, sessionId);
  expect(final.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  expect(final.runs).toHaveLength(2);
});

test('the running tab closes while another watches: the watcher marks the reply interrupted and goes on from it', async ({
  context,
  mock,
}) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  mock.script([{ kind: 'hold', gate: 'long', afterChunks: 20, step: { kind: 'text', content: words(300) } }]);
  await openConfiguredApp(tabA, mock);
  await sendMessage(tabA, 'Stream a long answer');
  await expect(assistantMessages(tabA).first()).toContainText('tok003');
  const sessionId = await currentSessionId(tabA);

  await openApp(tabB);
  await configureSettings(tabB, mock);
  await openSession(tabB, sessionId);
  const banner = tabB.getByRole('status').filter({ hasText: 'running in another tab' });
  await expect(banner).toBeVisible();
  const watched = assistantMessages(tabB).first();
  await expect(watched).toContainText('tok010');

  await tabA.close();
  await mock.waitForDisconnect(0);

  // No reload in B: it notices the run has no tab any more and repairs it.
  await expect(banner).toHaveCount(0);
  await expect(watched).toHaveAttribute('data-status', 'interrupted');
  await expect(watched).toContainText('Interrupted');
  await expect(messageBox(tabB)).toBeEnabled();
  const repaired = await readSession(tabB, sessionId);
  expect(repaired.session?.status).toBe('interrupted');
  expect(repaired.messages.map((m) => [m.role, m.status ?? null])).toEqual([
    ['user', null],
    ['assistant', 'interrupted'],
  ]);
  const partialText = String(repaired.messages[1]!.content);
  expect(tokens(partialText).length).toBeGreaterThan(10);
  expect(tokens(await watched.innerText()).join(' ')).toBe(partialText.trim());

  mock.script([{ kind: 'text', content: 'Carrying on in tab B.' }]);
  await sendMessage(tabB, 'Go on from there');
  await expect(assistantMessages(tabB).nth(1)).toContainText('Carrying on in tab B.');
  const sent = wireHistory(await mock.waitForRequest(1)).filter((m) => m.role !== 'system');
  expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(sent[1]!.content).toBe(partialText);
  expect(historyProblems(sent)).toEqual([]);
  await expect.poll(async () => (await readSession(tabB, sessionId)).session?.status).toBe('finished');
  const final = await readSession(tabB, sessionId);
  expect(final.messages.map((m) => [m.role, m.status ?? null])).toEqual([
    ['user', null],
    ['assistant', 'interrupted'],
    ['user', null],
    ['assistant', 'complete'],
  ]);
});
