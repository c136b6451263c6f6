/**
 * A file may hold tool output no run could have produced: results, errors and log entries over the 64 KB tool
 * output limit. The import cuts them with the sandbox's marker and says how many it cut; the chat and the
 * model then see the cut values.
 */
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { configureSettings, openApp } from './support/configured-app';
import { FIXTURE_SESSION_ID, fixtureObject, importDialog, pickFile } from './support/import-export';
import { readSession } from './support/stored-rows';
import { wireHistory } from './support/history-check';

type Rec = Record<string, unknown>;
const LIMIT = 64 * 1024;
const MARKER = /\n…\[output truncated: \d+ bytes omitted\]$/;

test('over-limit tool results, errors and log entries are cut on import, and the dialog says how many', async ({
  page,
  mock,
}) => {
  await openApp(page);
  await configureSettings(page, mock);
  const big = `{"rows":"${'x'.repeat(100_000)}"}`;
  const bigError = `HTTP 500: ${'e'.repeat(80_000)}`;
  const bigLog = 'log line '.repeat(10_000);
  const file = fixtureObject() as { sessions: { toolCalls: Rec[]; messages: Rec[]; events: Rec[] }[] };
  const entry = file.sessions[0]!;
  const contentFor: Record<string, string> = { call_pAr1s: big, call_t0kY0: bigError };
  for (const c of entry.toolCalls) {
    const id = String(c.id);
    if (contentFor[id]) c.result = contentFor[id];
    if (id === 'call_t0kY0') (c.logs as Rec[])[0]!.text = bigLog;
  }
  for (const m of entry.messages)
    if (m.role === 'tool' && contentFor[String(m.toolCallId)]) m.content = contentFor[String(m.toolCallId)];
  for (const e of entry.events) {
    const message = e.message as Rec | undefined;
    if (e.type === 'tool_finished' && contentFor[String(e.callId)]) e.result = contentFor[String(e.callId)];
    if (e.type === 'tool_finished' && e.callId === 'call_t0kY0') (e.logs as Rec[])[0]!.text = bigLog;
    if (e.type === 'message_appended' && message?.role === 'tool' && contentFor[String(message.toolCallId)])
      message.content = contentFor[String(message.toolCallId)];
  }

  await pickFile(page, 'big.json', JSON.stringify(file));
  const dialog = importDialog(page);
  // Two results in four records each, and one log entry in two.
  await expect(dialog).toContainText(
    '10 tool results, errors or log entries in the file are over the 64 KB tool output limit and will be cut',
  );
  await dialog.getByRole('button', { name: 'Import sessions' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toContainText('Imported 1 session', { timeout: 60_000 });
  await expect(done).toContainText(
    '10 tool results, errors or log entries were cut to the 64 KB tool output limit, marked “[output truncated: …]”.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  const stored = await readSession(page, FIXTURE_SESSION_ID);
  const paris = stored.toolCalls.find((c) => c.id === 'call_pAr1s')!;
  expect(String(paris.result)).toMatch(MARKER);
  expect(String(paris.result).length).toBeLessThan(LIMIT + 100);
  const failed = stored.toolCalls.find((c) => c.id === 'call_t0kY0')!;
  expect(String(failed.result)).toMatch(MARKER);
  expect(String((failed.logs as Rec[])[0]!.text)).toMatch(MARKER);

  // The chat shows the marker at the end of the result.
  const card = toolCard(page, 'call_pAr1s');
  await expandToolCard(card);
  await card.getByRole('button', { name: /^Show (all|more) \(/ }).click();
  // A result longer than a page opens a page at a time: page to its end, each click waiting for its page.
  const status = card.locator('.long-text-more .hint');
  while ((await card.getByRole('button', { name: 'Show more', exact: true }).count()) > 0) {
    const before = (await status.textContent()) ?? '';
    await card.getByRole('button', { name: 'Show more', exact: true }).click();
    await expect
      .poll(async () => ((await status.count()) === 0 ? 'all shown' : await status.textContent()))
      .not.toBe(before);
  }
  await expect(card.getByLabel('Result', { exact: true })).toContainText(
    /…\[output truncated: \d+ bytes omitted\]\s*$/,
  );

  // Continuing the session, the model gets the cut result, not the file's.
  mock.script([{ kind: 'text', content: 'Noted.' }]);
  await sendMessage(page, 'Thanks');
  await expect(assistantMessages(page).last()).toContainText('Noted.');
  await waitForIdle(page);
  const sent = wireHistory(mock.requests[0]!).filter((m) => m.role === 'tool');
  expect(sent[0]!.content).toBe(String(paris.result));
  expect(sent[1]!.content).toBe(String(failed.result));
});
