/**
 * Deleting a session removes its messages, tool calls, runs and events from IndexedDB (and nothing of another
 * session); Undo within the window brings every row back as it was.
 */
import { test, expect } from './fixtures';
import { assistantMessages, sendMessage, expandToolCard } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { sessionItems, newSession, currentSessionId } from './support/session-list';
import { putRows, readSession, type SessionRows } from './support/stored-rows';

const counts = (r: SessionRows) => ({
  session: r.session ? 1 : 0,
  messages: r.messages.length,
  toolCalls: r.toolCalls.length,
  runs: r.runs.length,
  events: r.events.length,
});

test('delete a session, then undo: its rows leave IndexedDB and all come back', async ({ page, mock }) => {
  await openConfiguredApp(page, mock);
  const now = Date.now();
  await putRows(page, 'tools', [
    {
      id: 'tool-lookup',
      name: 'lookup',
      description: 'Looks a word up (e2e)',
      parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      kind: 'code',
      code: 'return { q: args.q, meaning: "a test word" };',
      http: null,
      builtinId: null,
      allowedOrigins: [],
      timeoutMs: null,
      needsApproval: false,
      enabled: true,
      createdAt: now,
      updatedAt: now,
    },
  ]);

  // A session that must survive untouched.
  mock.script([{ kind: 'text', content: 'I stay.' }]);
  await sendMessage(page, 'Keep this session');
  await expect(assistantMessages(page).first()).toContainText('I stay.');
  const keepId = await currentSessionId(page);
  await expect.poll(async () => (await readSession(page, keepId)).session?.status).toBe('finished');

  // The session to delete: a tool call and a final answer.
  await newSession(page);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_lookup', name: 'lookup', arguments: { q: 'zephyr' } }] },
    { kind: 'text', content: 'A zephyr is a test word.' },
  ]);
  await sendMessage(page, 'Define zephyr');
  await expect(assistantMessages(page).last()).toContainText('A zephyr is a test word.');
  const goneId = await currentSessionId(page);
  expect(goneId).not.toBe(keepId);
  await expect.poll(async () => (await readSession(page, goneId)).session?.status).toBe('finished');

  const before = await readSession(page, goneId);
  const keepBefore = await readSession(page, keepId);
  expect(counts(before)).toMatchObject({ session: 1, messages: 4, toolCalls: 1, runs: 1 });
  expect(before.events.length).toBeGreaterThan(0);
  expect(before.toolCalls[0]).toMatchObject({ id: 'call_lookup', status: 'ok' });
  await expect(sessionItems(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete Define zephyr' }).click();
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${goneId}"]`)).toHaveCount(0);
  await expect(sessionItems(page)).toHaveCount(1);
  const toast = page.getByRole('status').filter({ hasText: 'Deleted “Define zephyr”' });
  await expect(toast).toBeVisible();

  const deleted = await readSession(page, goneId);
  expect(counts(deleted)).toEqual({ session: 0, messages: 0, toolCalls: 0, runs: 0, events: 0 });
  expect(await readSession(page, keepId)).toEqual(keepBefore);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(toast).toHaveCount(0);
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${goneId}"]`)).toHaveCount(1);
  await expect(sessionItems(page)).toHaveCount(2);
  // Undo opens the session again, with its messages and the tool call's result.
  await expect(assistantMessages(page).last()).toContainText('A zephyr is a test word.');
  await expandToolCard(page.locator('.tool-card[data-call-id="call_lookup"]'));
  await expect(
    page.locator('.tool-card[data-call-id="call_lookup"]').getByLabel('Result', { exact: true }),
  ).toContainText('a test word');

  const restored = await readSession(page, goneId);
  expect(counts(restored)).toEqual(counts(before));
  expect(restored).toEqual(before);
  expect(await readSession(page, keepId)).toEqual(keepBefore);
});
