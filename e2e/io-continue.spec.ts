import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { configureSettings, openApp } from './support/configured-app';
import { currentSessionId } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';
import {
  FIXTURE_SESSION_ID,
  FIXTURE_TITLE,
  dropFile,
  FIXTURE_TEXT,
  importFixture,
  confirmImport,
} from './support/import-export';

test('an imported session (a remapped copy) opens and the conversation continues against the test server', async ({
  page,
  mock,
}) => {
  await openApp(page);
  await configureSettings(page, mock);
  await importFixture(page);
  // The second import is a copy under new ids: the harder case for a valid history.
  await dropFile(page, 'again.json', FIXTURE_TEXT);
  await confirmImport(page, /Imported 1 session/);
  const copyId = await currentSessionId(page);
  expect(copyId).not.toBe(FIXTURE_SESSION_ID);
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${copyId}"]`)).toContainText(
    `${FIXTURE_TITLE} (copy)`,
  );
  await expect(assistantMessages(page).first()).toBeVisible();

  // Its timeline reads the imported events: the three calls under their new ids, the error among them.
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const bars = page.getByRole('region', { name: 'Timeline' }).locator('[data-kind="call"]');
  await expect(bars).toHaveCount(3);
  const barIds = await bars.evaluateAll((els) => els.map((e) => e.getAttribute('data-call-id')));
  expect(barIds).not.toContain('call_pAr1s');
  const storedCalls = (await readSession(page, copyId)).toolCalls.map((c) => String(c.id));
  expect([...barIds].sort()).toEqual([...storedCalls].sort());
  const summary = page.getByLabel('Timeline summary');
  await expect(summary).toContainText('2 ok');
  await expect(summary).toContainText('1 error');
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(assistantMessages(page).first()).toBeVisible();

  mock.script([{ kind: 'text', content: 'Berlin is 9 °C and clear.' }]);
  await sendMessage(page, 'And Berlin?');
  await expect(assistantMessages(page).last()).toContainText('Berlin is 9 °C and clear.');
  await waitForIdle(page);

  const req = mock.requests[0]!;
  const sent = wireHistory(req);
  expect(historyProblems(sent)).toEqual([]);
  expect(sent.map((m) => m.role)).toEqual([
    'system',
    'user',
    'assistant',
    'tool',
    'tool',
    'assistant',
    'tool',
    'assistant',
    'user',
    'assistant',
    'user',
  ]);
  // The session's own prompt came along with the import (the app adds its other prompt layers around it).
  expect(sent[0]!.content).toContain('You are a concise assistant. Use tools when they help.');
  expect(sent[3]!.content).toContain('"city":"Paris"');
  // Ids were remapped consistently: each tool result answers a call of the assistant message before it.
  const callIds = sent[2]!.toolCalls.map((c) => c.id);
  expect(callIds).toHaveLength(2);
  expect(callIds).not.toContain('call_pAr1s');
  expect([sent[3]!.toolCallId, sent[4]!.toolCallId]).toEqual(callIds);

  const stored = await readSession(page, copyId);
  expect(historyProblems(stored.messages)).toEqual([]);
  expect(stored.messages).toHaveLength(11);
  const original = await readSession(page, FIXTURE_SESSION_ID);
  expect(original.messages).toHaveLength(9);
});
