/**
 * A stream that goes wrong after it has started, played through real sockets by the mock model server: a `data:`
 * line that is not JSON, and a provider error in the middle of the answer (OpenAI's error chunk, Groq's
 * `event: error`, the Responses API's `error` event). Each time the person reads what happened, the words that
 * arrived stay on screen marked as failed, the stored history stays valid (architecture.md, invariant 1), all of it
 * survives a reload, and Retry asks the model again from the same history.
 */
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import type { MockServer, Step } from './fixtures';
import type { ResponsesStep } from './server/responses-steps';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { currentSessionId } from './support/session-list';
import { historyProblems, wireHistory } from './support/history-check';
import { readSession } from './support/stored-rows';
import { exportVia } from './support/import-export';

const PARTIAL = 'The first half of the answer arrived ';

/** A Chat Completions stream: two good chunks, then `line` (not JSON), then words the person must never see. */
function malformedStream(line: string): string {
  const chunk = (delta: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-raw', object: 'chat.completion.chunk', created: 1, model: 'mock-gpt', choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] })}\n\n`;
  return [
    chunk({ role: 'assistant', content: '' }),
    chunk({ content: 'The first half ' }),
    chunk({ content: 'of the answer arrived ' }),
    `data: ${line}\n\n`,
    chunk({ content: 'NEVER-SHOWN' }),
    'data: [DONE]\n\n',
  ].join('');
}

type Fault = {
  name: string;
  api: 'chat' | 'responses';
  step: Step | ResponsesStep;
  /** The alert's sentences, as the person reads them. */
  title: string;
  message: string;
};

const faults: Fault[] = [
  {
    name: 'a data: line that is not JSON',
    api: 'chat',
    step: { kind: 'raw', body: malformedStream('{"choices": [ {oops') },
    title: 'The provider reported an error mid-answer',
    message: 'The provider sent a chunk that is not valid JSON: {"choices": [ {oops',
  },
  {
    name: 'an error chunk in the middle of the answer (OpenAI style)',
    api: 'chat',
    step: {
      kind: 'stream_error',
      style: 'chunk',
      textBefore: PARTIAL,
      message: 'The model crashed while answering.',
      code: 'model_crashed',
    },
    title: 'The provider reported an error mid-answer',
    message: 'The model crashed while answering.',
  },
  {
    name: 'an error event in the middle of the answer (Groq style)',
    api: 'chat',
    step: {
      kind: 'stream_error',
      style: 'event',
      textBefore: PARTIAL,
      message: 'Output failed validation.',
      code: 'invalid_output',
      statusCode: 400,
    },
    title: 'The provider reported an error mid-answer',
    message: 'Output failed validation.',
  },
  {
    name: 'an error event in the middle of a Responses API answer',
    api: 'responses',
    // Events 0-1 open the response, 2-3 the message item; 4-10 are the seven words of PARTIAL.
    step: {
      kind: 'responses',
      text: `${PARTIAL}NEVER-SHOWN words after the failure`,
      errorAfter: 11,
      error: { code: 'invalid_prompt', message: 'The response failed halfway.' },
    },
    title: 'The provider reported an error mid-answer',
    message: 'The response failed halfway.',
  },
];

async function chooseResponses(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

function scriptFor(mock: MockServer, fault: Fault, then: string): void {
  if (fault.api === 'responses') mock.scriptResponses([fault.step as ResponsesStep, { kind: 'responses', text: then }]);
  else mock.script([fault.step as Step, { kind: 'text', content: then }]);
}

/**
 * What the retry sent, as stored-shape messages historyProblems reads: Chat Completions messages as they are, Responses
 * input items mapped (a function_call to an assistant call, its function_call_output to a tool result).
 */
function sentHistory(
  mock: MockServer,
  index: number,
  api: Fault['api'],
): Array<{ role: string; content: string; toolCalls: Array<{ id: string }>; toolCallId?: string }> {
  const req = mock.requests[index]!;
  if (api === 'chat') return wireHistory(req).filter((m) => m.role !== 'system');
  type Item = { type?: string; role?: string; content?: unknown; call_id?: string };
  const input = (req.body as unknown as { input: Item[] }).input;
  const text = (c: unknown) =>
    typeof c === 'string'
      ? c
      : Array.isArray(c)
        ? (c as Array<{ text?: string }>).map((p) => p.text ?? '').join('')
        : '';
  return input.flatMap((i) => {
    if (i.type === 'function_call') return [{ role: 'assistant', content: '', toolCalls: [{ id: String(i.call_id) }] }];
    if (i.type === 'function_call_output')
      return [{ role: 'tool', content: '', toolCalls: [], toolCallId: String(i.call_id) }];
    if (i.role === 'user' || i.role === 'assistant') return [{ role: i.role, content: text(i.content), toolCalls: [] }];
    return [];
  });
}

for (const fault of faults) {
  test(`${fault.name}: said, the partial answer kept and marked, the history valid after a reload, Retry answers`, async ({
    page,
    mock,
  }) => {
    await openConfiguredApp(page, mock, { remember: true });
    if (fault.api === 'responses') await chooseResponses(page);
    // A tool call first, so the history the fault lands in has a call and its result to keep paired.
    const toolTurn = { id: 'call_clock', name: 'current_time', arguments: {} };
    if (fault.api === 'responses') mock.scriptResponses([{ kind: 'responses', calls: [toolTurn] }]);
    else mock.script([{ kind: 'tool_calls', calls: [toolTurn] }]);
    scriptFor(mock, fault, 'The whole answer, after Retry.');

    await sendMessage(page, 'What time is it, and tell me about it?');
    await waitForIdle(page);
    const alert = page.getByRole('alert').filter({ hasText: fault.title });
    await expect(alert).toContainText(fault.message);
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Not retried by itself: the error says the answer is broken, not that the network blinked.
    expect(mock.requests).toHaveLength(2);

    const failed = assistantMessages(page).last();
    await expect(failed).toContainText(PARTIAL.trim());
    await expect(failed).toHaveAttribute('data-status', 'error');
    await expect(failed.locator('.message-flag')).toHaveText('Failed');
    await expect(page.getByText('NEVER-SHOWN')).toHaveCount(0);

    // Stored as shown: the call and its result paired, the partial answer with its failed status.
    const sessionId = await currentSessionId(page);
    await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('failed');
    const stored = await readSession(page, sessionId);
    expect(historyProblems(stored.messages)).toEqual([]);
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored.messages.at(-1)).toMatchObject({
      status: 'error',
      content: expect.stringContaining(PARTIAL.trim()) as unknown,
    });
    const file = JSON.parse((await exportVia(page, 'This session')).text) as {
      sessions: Array<{ messages: Array<{ role: string; order: number }> }>;
    };
    expect(historyProblems([...file.sessions[0]!.messages].sort((a, b) => a.order - b.order))).toEqual([]);

    await page.reload();
    const afterReload = page.getByRole('alert').filter({ hasText: fault.title });
    await expect(afterReload).toContainText(fault.message);
    await expect(assistantMessages(page).last()).toContainText(PARTIAL.trim());
    await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'error');

    await afterReload.getByRole('button', { name: 'Retry' }).click();
    await expect(assistantMessages(page).last()).toContainText('The whole answer, after Retry.');
    await waitForIdle(page);
    await expect(page.getByRole('alert').filter({ hasText: fault.title })).toHaveCount(0);
    // The retry asked from the same conversation: the question, the call and its result.
    const resent = sentHistory(mock, 2, fault.api);
    expect(resent[0]).toMatchObject({ role: 'user', content: 'What time is it, and tell me about it?' });
    expect(resent.filter((m) => m.role === 'tool').map((m) => m.toolCallId)).toEqual(['call_clock']);
    expect(historyProblems(resent)).toEqual([]);
    await expect.poll(async () => (await readSession(page, sessionId)).session?.status).toBe('finished');
    expect(historyProblems((await readSession(page, sessionId)).messages)).toEqual([]);
  });
}
