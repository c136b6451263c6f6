import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';

/** Settings: the mock server's URL would default to Chat Completions, so pick Responses by name. */
async function chooseResponses(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'API' })).toHaveValue('chat');
  await dialog.getByRole('combobox', { name: 'API' }).selectOption({ label: 'Responses' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a reasoning model thinks, calls two tools in parallel, gets its encrypted reasoning and the outputs back, and answers', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { model: 'mock-reasoner' });
  await chooseResponses(page);
  mock.scriptResponses([
    {
      kind: 'responses',
      reasoning: 'Two time zones, so two calls at once.',
      encryptedReasoning: 'ENCRYPTED-REASONING-1',
      calls: [
        { id: 'call_a', name: 'current_time', arguments: {} },
        { id: 'call_b', name: 'current_time', arguments: {} },
      ],
    },
    { kind: 'responses', text: 'Both clocks agree with each other.', chunkDelayMs: 20 },
  ]);
  await sendMessage(page, 'What time is it, twice?');
  await waitForIdle(page);

  // Both calls of the turn are done: one summary row, which opens to them.
  const turnRow = page.getByRole('button', { name: /^2 tools, all ok, \d+(\.\d+)? m?s$/ });
  await turnRow.click();
  await expect(toolCard(page, 'call_a')).toBeVisible();
  await expect(toolCard(page, 'call_b')).toBeVisible();
  await expect(assistantMessages(page).last()).toContainText('Both clocks agree with each other.');
  // The reasoning summary is shown like reasoning; the encrypted blob never is.
  await expect(page.locator('details.reasoning').first()).toContainText('Reasoning');
  await expect(page.getByText('ENCRYPTED-REASONING-1')).toHaveCount(0);

  expect(mock.requests.map((r) => r.path)).toEqual(['/v1/responses', '/v1/responses']);
  const first = mock.requests[0]?.body as unknown as Record<string, unknown>;
  expect(first).toMatchObject({ store: false, include: ['reasoning.encrypted_content'], stream: true });
  const second = mock.requests[1]?.body as unknown as {
    input: Record<string, unknown>[];
    previous_response_id?: string;
  };
  expect(second.previous_response_id).toBeUndefined();
  const kinds = second.input.map((i) => (typeof i.type === 'string' ? i.type : `message:${String(i.role)}`));
  expect(kinds).toEqual([
    'message:user',
    'reasoning',
    'function_call',
    'function_call',
    'function_call_output',
    'function_call_output',
  ]);
  expect(second.input[1]).toMatchObject({ type: 'reasoning', encrypted_content: 'ENCRYPTED-REASONING-1' });
  expect(second.input.filter((i) => i.type === 'function_call_output').map((i) => i.call_id)).toEqual([
    'call_a',
    'call_b',
  ]);
});

test('Stop in the middle of reasoning closes the connection and keeps what was shown', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { model: 'mock-reasoner' });
  await chooseResponses(page);
  mock.scriptResponses([
    { kind: 'responses', reasoning: 'one two three four five six seven eight', text: 'never sent', hangAfter: 8 },
  ]);
  await sendMessage(page, 'think');
  const live = assistantMessages(page).last();
  await expect(live).toHaveAttribute('data-status', 'streaming');
  await expect(live.getByText('thinking…')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await mock.waitForDisconnect(0);
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByText('never sent')).toHaveCount(0);
});

test('a web search the provider runs appears on the timeline as run by the provider', async ({ page, mock }) => {
  await openConfiguredApp(page, mock, { model: 'mock-reasoner' });
  await chooseResponses(page);
  mock.scriptResponses([
    {
      kind: 'responses',
      webSearch: { query: 'toolscope news', sources: ['https://example.com/news'] },
      text: 'Here is the news.',
      citations: [{ url: 'https://example.com/news', title: 'News' }],
      chunkDelayMs: 5,
    },
  ]);
  await sendMessage(page, 'search the web');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('Here is the news.');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const bar = page.locator('[data-kind="call"][data-run-by="provider"]');
  await expect(bar).toHaveCount(1);
  await expect(bar).toHaveAttribute('data-outcome', 'ok');
  await expect(bar).toHaveAttribute('aria-label', /web_search/);
});

test('an error event in the middle of the stream ends the run with the provider message and keeps the partial answer', async ({
  page,
  mock,
}) => {
  await openConfiguredApp(page, mock, { model: 'mock-reasoner' });
  await chooseResponses(page);
  mock.scriptResponses([
    {
      kind: 'responses',
      text: 'Partial words before the failure arrive first',
      errorAfter: 8,
      error: { code: 'invalid_prompt', message: 'Mock stream failure.' },
    },
  ]);
  await sendMessage(page, 'fail please');
  await waitForIdle(page);
  await expect(page.getByRole('alert')).toContainText('Mock stream failure.');
  await expect(assistantMessages(page).last()).toContainText('Partial');
});
