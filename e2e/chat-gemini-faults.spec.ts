/**
 * Gemini's stops other than STOP said to the person in words, with what to do (docs/wire-formats.md, "Stop
 * reasons"): a safety block with its category, a blocked prompt, RECITATION, a malformed function call and a reason
 * Toolscope does not know; and a part of a kind Toolscope does not know named on the reply, never a crash. Streams are
 * the mock server's `raw` steps, hand-written or recorded (src/llm/wire/gemini/__fixtures__/).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openApp, TEST_KEY } from './support/configured-app';
import { configureNative } from './support/native-endpoint';

const FIXTURES = new URL('../src/llm/wire/gemini/__fixtures__/', import.meta.url);

/** A recorded stream (one response a line) as the SSE body Gemini sends. */
function recorded(name: string): string {
  const lines = readFileSync(new URL(name, FIXTURES), 'utf8').split('\n');
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => `data: ${l}\n\n`)
    .join('');
}

/** A reply of one text part that ends with `finishReason`, as Gemini streams it. */
function stoppedWith(text: string, finishReason: string, finishMessage?: string): string {
  const candidate = { content: { parts: [{ text }], role: 'model' }, finishReason, index: 0, finishMessage };
  return `data: ${JSON.stringify({ candidates: [candidate], modelVersion: 'gemini-3-mock', responseId: 'r1' })}\n\n`;
}

async function start(page: Page, mock: MockServer): Promise<void> {
  mock.configure({ apiKey: TEST_KEY });
  await openApp(page);
  await configureNative(page, mock, 'gemini');
}

async function ask(page: Page, text: string): Promise<void> {
  await sendMessage(page, text);
  await waitForIdle(page);
}

test('a safety block names its category and keeps the partial answer; a blocked prompt says so', async ({
  page,
  mock,
}) => {
  await start(page, mock);
  mock.script([{ kind: 'raw', body: recorded('handmade-safety-block.chunks.txt') }]);
  await ask(page, 'How do I do something dangerous?');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText("The provider's content filter blocked the answer");
  await expect(alert).toContainText(
    'Gemini: its safety filter stopped the reply (SAFETY). Flagged: dangerous content (HIGH). Rephrase the message',
  );
  const partial = assistantMessages(page).last();
  await expect(partial).toContainText('Here is how you');
  await expect(partial.locator('.message-flag')).toHaveText('Failed');

  mock.script([{ kind: 'raw', body: recorded('handmade-prompt-blocked.chunks.txt') }]);
  await ask(page, 'Something blocked.');
  await expect(alert).toContainText(
    'Gemini blocked the prompt (PROHIBITED_CONTENT): no reply was written. Flagged: dangerous content (MEDIUM). ' +
      'The provider said: The prompt was blocked.',
  );
});

test('RECITATION, a malformed function call and an unknown finish reason are each said with what to do', async ({
  page,
  mock,
}) => {
  await start(page, mock);
  const alert = page.getByRole('alert');
  mock.script([{ kind: 'raw', body: stoppedWith('Four score and', 'RECITATION') }]);
  await ask(page, 'Recite a speech.');
  await expect(alert).toContainText(
    'recited source material too closely (RECITATION). Ask for it in your own framing.',
  );

  // Arguments that are no JSON object: the mock server reports a malformed call as Gemini does, with no call made.
  mock.script([
    { kind: 'tool_calls', text: 'Calling.', calls: [{ name: 'js_eval', arguments: '{"expression": 6 *' }] },
  ]);
  await ask(page, 'Use a tool.');
  await expect(alert).toContainText('The provider reported an error mid-answer');
  await expect(alert).toContainText('could not be read (MALFORMED_FUNCTION_CALL). Retry, or simplify the tools.');

  mock.script([{ kind: 'raw', body: stoppedWith('Partly', 'SOMETHING_NEW', 'A reason from next year') }]);
  await ask(page, 'And now?');
  await expect(alert).toContainText(
    'Gemini: it stopped for a reason Toolscope does not know: SOMETHING_NEW. The provider said: A reason from next ' +
      'year. Retry.',
  );
  await expect(assistantMessages(page).last()).toContainText('Partly');
});

test('a part of a kind Toolscope does not know is named on the reply, after a reload too', async ({ page, mock }) => {
  await start(page, mock);
  mock.script([{ kind: 'raw', body: recorded('handmade-unknown-part.chunks.txt') }]);
  await ask(page, 'Sum 0 to 9 with code.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  const note = () => assistantMessages(page).last().getByRole('note', { name: 'Parts Toolscope does not know' });
  await expect(assistantMessages(page).last()).toContainText('The sum is 45.');
  await expect(note()).toContainText('The provider sent parts Toolscope does not know: inlineData, hologram.');
  await page.reload();
  await expect(note()).toContainText('inlineData, hologram');
});
