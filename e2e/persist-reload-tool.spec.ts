/**
 * architecture.md, invariant 1, across a reload while a tool call is open: recovery gives each unanswered call exactly one
 * "interrupted" result, the card says so, and the next request to the model carries a valid history.
 */
import type { Page } from '@playwright/test';
import { test, expect, type MockServer } from './fixtures';
import { assistantMessages, sendMessage } from './support/chat-run';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { currentSessionId, openSession } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { putRows, readSession, type Row } from './support/stored-rows';

function codeTool(name: string, code: string, extra: Partial<Row> = {}): Row {
  const now = Date.now();
  return {
    id: `tool-${name}`,
    name,
    description: `${name} (e2e)`,
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    kind: 'code',
    code,
    http: null,
    builtinId: null,
    allowedOrigins: [],
    timeoutMs: 600_000,
    needsApproval: false,
    enabled: true,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

async function reloadAndReopen(page: Page, mock: MockServer, sessionId: string): Promise<void> {
  await page.reload();
  await expect(
    page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"] .session-meta .status`),
  ).toHaveText('interrupted');
  // The key was kept only in the old page's memory.
  await configureSettings(page, mock);
  await openSession(page, sessionId);
}

async function expectRecoveredCall(page: Page, sessionId: string, callId: string) {
  const card = page.locator(`.tool-card[data-call-id="${callId}"]`);
  await expect(card.locator('.tool-card-head .status')).toHaveText('interrupted');
  await expect(card.getByLabel('Result', { exact: true })).toContainText('Interrupted');

  const stored = await readSession(page, sessionId);
  expect(stored.session?.status).toBe('interrupted');
  expect(historyProblems(stored.messages)).toEqual([]);
  const results = stored.messages.filter((m) => m.role === 'tool' && m.toolCallId === callId);
  expect(results).toHaveLength(1);
  expect(results[0]).toMatchObject({ outcome: 'interrupted', isError: true });
  const rows = stored.toolCalls.filter((r) => r.id === callId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'interrupted', isError: true });
  expect(stored.runs.every((r) => r.finishedAt !== null && r.interrupted === true)).toBe(true);
  return String(results[0]!.content);
}

async function expectContinues(page: Page, mock: MockServer, sessionId: string, callId: string, resultText: string) {
  mock.script([{ kind: 'text', content: 'Understood, the lookup did not finish.' }]);
  await sendMessage(page, 'The lookup was cut off; answer without it');
  await expect(assistantMessages(page).last()).toContainText('Understood, the lookup did not finish.');

  const next = await mock.waitForRequest(1);
  const sent = wireHistory(next).filter((m) => m.role !== 'system');
  expect(historyProblems(sent)).toEqual([]);
  expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
  expect(sent[1]!.toolCalls.map((c) => c.id)).toEqual([callId]);
  expect(sent[2]).toMatchObject({ toolCallId: callId, content: resultText });
  expect(sent[3]!.content).toBe('The lookup was cut off; answer without it');

  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
  expect(historyProblems((await readSession(page, sessionId)).messages)).toEqual([]);
}

test('reload while a code tool is running: the call is interrupted, has one result, and the chat continues', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  // The tool awaits an HTTP answer that takes ten minutes, so it is surely still running when the page reloads.
  await putRows(page, 'tools', [
    codeTool('slow_lookup', `const r = await fetch('${mock.origin}/tools/slow?ms=600000'); return await r.text();`, {
      allowedOrigins: [mock.origin],
    }),
  ]);
  mock.script([{ kind: 'tool_calls', calls: [{ id: 'call_slow', name: 'slow_lookup', arguments: { q: 'tides' } }] }]);
  await sendMessage(page, 'Look up the tides');

  const card = page.locator('.tool-card[data-call-id="call_slow"]');
  await expect(card.locator('.tool-card-head .status')).toHaveText('running');
  await expect
    .poll(() => mock.allRequests.some((r) => r.path === '/tools/slow' && r.closedAt === undefined))
    .toBe(true);
  const sessionId = await currentSessionId(page);
  // The assistant message with the call is stored at the turn's end, before the tool runs.
  await expect
    .poll(async () => (await readSession(page, sessionId)).messages.map((m) => m.role))
    .toEqual(['user', 'assistant']);

  await reloadAndReopen(page, mock, sessionId);
  const resultText = await expectRecoveredCall(page, sessionId, 'call_slow');
  await expectContinues(page, mock, sessionId, 'call_slow', resultText);
});

test('reload while a tool call waits for approval: the call is interrupted, has one result, and the chat continues', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock);
  await putRows(page, 'tools', [
    codeTool('guarded_lookup', `return { q: args.q, found: true };`, { needsApproval: true }),
  ]);
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_guarded', name: 'guarded_lookup', arguments: { q: 'tides' } }] },
  ]);
  await sendMessage(page, 'Look up the tides, carefully');

  const card = page.locator('.tool-card[data-call-id="call_guarded"]');
  await expect(card.locator('.tool-card-head .status')).toHaveText('waiting for approval');
  await expect(card.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(1);
  const sessionId = await currentSessionId(page);
  await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('awaiting_approval');

  await reloadAndReopen(page, mock, sessionId);
  // Nothing is left to approve after the reload.
  const resultText = await expectRecoveredCall(page, sessionId, 'call_guarded');
  await expect(card.getByRole('button', { name: /approve/i })).toHaveCount(0);
  await expectContinues(page, mock, sessionId, 'call_guarded', resultText);
});
