/**
 * Bad input from Anthropic, said to the person in words (docs/wire-formats.md, "Stop reasons"): thinking the provider
 * sent encrypted shown under "Reasoning"; invalid tool JSON from fine-grained streaming said as bad arguments; a block
 * and a stop reason Toolscope does not know named, never a crash; `pause_turn` continued; `refusal` and
 * `model_context_window_exceeded` ended with what to do; 529 overloaded retried with its countdown; a 400 about
 * thinking said with what to change. Gemini's stops are in chat-gemini-faults.spec.ts. Streams are the mock server's
 * `raw` steps, hand-written or recorded (src/llm/wire/anthropic/__fixtures__/).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { assistantMessages, expandToolCard, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, TEST_KEY } from './support/configured-app';
import { configureNative } from './support/native-endpoint';

type Obj = Record<string, unknown>;
const FIXTURES = new URL('../src/llm/wire/anthropic/__fixtures__/', import.meta.url);
const UNKNOWN_NOTE = 'Parts Toolscope does not know';

/** A recorded stream as the SSE body Anthropic sends: `.sse` as it is, one data object a line otherwise. */
function recorded(name: string): string {
  const text = readFileSync(new URL(name, FIXTURES), 'utf8');
  if (name.endsWith('.sse')) return text;
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.map((l) => `event: ${(JSON.parse(l) as Obj).type as string}\ndata: ${l}\n\n`).join('');
}

/**
 * A reply as Anthropic streams it: each block started whole (text and a tool's JSON arrive as deltas), then the
 * stop reason. `json` is a tool_use block's streamed input, sent as it is (fine-grained streaming may cut it).
 */
function reply(blocks: (Obj & { json?: string })[], stopReason: string): string {
  const events: Obj[] = [
    { type: 'message_start', message: { id: 'msg_raw', type: 'message', role: 'assistant', content: [], usage: {} } },
  ];
  blocks.forEach(({ json, ...block }, index) => {
    const text = block.type === 'text' ? String(block.text) : null;
    events.push({
      type: 'content_block_start',
      index,
      content_block: text === null ? block : { type: 'text', text: '' },
    });
    if (text !== null) events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
    if (json !== undefined)
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: json } });
    events.push({ type: 'content_block_stop', index });
  });
  events.push({ type: 'message_delta', delta: { stop_reason: stopReason }, usage: { output_tokens: 9 } });
  events.push({ type: 'message_stop' });
  return events.map((e) => `event: ${e.type as string}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

async function start(page: Page, mock: MockServer): Promise<void> {
  mock.configure({ apiKey: TEST_KEY });
  await openApp(page);
  await configureNative(page, mock, 'anthropic');
}

const messagesOf = (mock: MockServer, i: number) =>
  ((mock.requests[i]?.body as { messages?: { role: string; content: Obj[] }[] }).messages ?? []).slice();

test('encrypted thinking is shown under Reasoning, and cut tool JSON is said as bad arguments, after a reload too', async ({
  page,
  mock,
}) => {
  await start(page, mock);
  const redacted = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/encrypted==' };
  mock.script([
    {
      kind: 'raw',
      body: reply(
        [redacted, { type: 'tool_use', id: 'toolu_cut', name: 'js_eval', input: {}, json: '{"expression": "6 *' }],
        'tool_use',
      ),
    },
    { kind: 'text', content: 'The arguments were cut; 6 times 7 is 42.' },
  ]);
  await sendMessage(page, 'What is 6 times 7? Use a tool.');
  await waitForIdle(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const shown = async () => {
    const first = assistantMessages(page).first();
    await expect(first.locator('details.reasoning summary')).toHaveText(
      'Reasoning (1 reasoning block encrypted by the provider)',
    );
    const card = first.locator('.tool-card').filter({ hasText: 'js_eval' });
    await expandToolCard(card);
    await expect(card.getByLabel('Result', { exact: true })).toContainText(
      'the arguments for "js_eval" are not valid JSON',
    );
    await expect(assistantMessages(page).last()).toContainText('6 times 7 is 42.');
  };
  await shown();
  // The encrypted block went back first and unchanged, as the thinking rule wants.
  expect(messagesOf(mock, 1)[1]?.content[0]).toEqual(redacted);
  await page.reload();
  await shown();
});

test('a block and a stop reason Toolscope does not know are named, the answer kept, after a reload too', async ({
  page,
  mock,
}) => {
  await start(page, mock);
  mock.script([{ kind: 'raw', body: recorded('handmade-unknown-event-and-block.sse') }]);
  await sendMessage(page, 'Show me a hologram.');
  await waitForIdle(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Anthropic: it stopped for a reason Toolscope does not know: future_reason.');
  const answer = assistantMessages(page).last();
  await expect(answer).toContainText('Done.');
  const note = answer.getByRole('note', { name: UNKNOWN_NOTE });
  await expect(note).toHaveText(
    'The provider sent parts Toolscope does not know: hologram. They are kept and sent back as they came.',
  );
  await page.reload();
  await expect(assistantMessages(page).last().getByRole('note', { name: UNKNOWN_NOTE })).toContainText('hologram');
});

test('pause_turn: the paused turn goes back as it is and the answer follows, with no alert', async ({ page, mock }) => {
  await start(page, mock);
  const search = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'answer' } };
  mock.script([
    { kind: 'raw', body: reply([search], 'pause_turn') },
    { kind: 'text', content: 'Found it: 42.' },
  ]);
  await sendMessage(page, 'Search for the answer.');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Found it: 42.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(mock.requests).toHaveLength(2);
  expect(messagesOf(mock, 1).at(-1)).toMatchObject({ role: 'assistant', content: [search] });
});

test('a refusal and a full context window end the run saying what happened and what to do', async ({ page, mock }) => {
  await start(page, mock);
  mock.script([{ kind: 'raw', body: recorded('anthropic-refusal.chunks.txt') }]);
  await sendMessage(page, 'Something refused.');
  await waitForIdle(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("The provider's content filter blocked the answer");
  await expect(alert).toContainText('Claude declined to go on (stop reason refusal). Rephrase the message');
  await expect(assistantMessages(page).last()).toContainText('The model refused: This request triggered restrictions');

  mock.script([
    { kind: 'raw', body: reply([{ type: 'text', text: 'A long answer' }], 'model_context_window_exceeded') },
  ]);
  await sendMessage(page, 'Go on.');
  await waitForIdle(page);
  await expect(alert).toContainText('The conversation is too long for this model');
  await expect(alert).toContainText(
    'context window (model_context_window_exceeded). Compact the session or start a new one.',
  );
  await expect(assistantMessages(page).last()).toContainText('A long answer');
});

test('529 overloaded is retried after its countdown, and a 400 about thinking says what to change', async ({
  page,
  mock,
}) => {
  await start(page, mock);
  mock.script([
    { kind: 'http_error', status: 529, message: 'Overloaded', retryAfter: 2 },
    { kind: 'text', content: 'Answered after the retry.' },
  ]);
  await sendMessage(page, 'Hello.');
  await expect(page.getByTestId('retry-countdown')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Overloaded');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Answered after the retry.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(mock.requests).toHaveLength(2);

  const said =
    'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. When `thinking` is ' +
    'enabled, a final `assistant` message must start with a thinking block.';
  mock.script([{ kind: 'http_error', status: 400, message: said }]);
  await sendMessage(page, 'Again.');
  await waitForIdle(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The request was rejected (HTTP 400)');
  await expect(alert).toContainText('The provider refused the thinking sent back with an earlier reply.');
  await expect(alert).toContainText('clear "Thinking budget (tokens)"');
});
