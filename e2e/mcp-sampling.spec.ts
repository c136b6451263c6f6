/**
 * Legacy MCP sampling in the app: server-everything (2025-11-25) asks the client's model for a completion while its
 * tool runs. The request waits in the chat for Approve / Deny; approved, it runs on the session's model (the mock
 * server) and the answer goes back to the server; denied, the model is not asked and the tool reports the refusal.
 */
import { startEverythingServer, type EverythingMcpServer } from './mcp-servers/everything-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';
import { toolsPanel } from './support/tools-tab';

let legacy: EverythingMcpServer;
test.beforeEach(async () => {
  legacy = await startEverythingServer();
});
test.afterEach(async () => {
  await legacy.close();
});

const toolResult = (
  body: { messages?: Array<{ role?: string; tool_call_id?: string; content?: unknown }> },
  id: string,
) => String(body.messages?.find((m) => m.role === 'tool' && m.tool_call_id === id)?.content);

test('a sampling request is approved and runs on the session model, then one is denied and the model is not asked', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  await toolsPanel(page)
    .getByRole('region', { name: 'MCP server legacy' })
    .getByRole('combobox', { name: "Approval for this server's tools" })
    .selectOption('allow');
  await page.getByRole('tab', { name: 'Chat' }).click();

  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        {
          id: 'call_s1',
          name: 'legacy__trigger-sampling-request',
          arguments: { prompt: 'write a haiku', maxTokens: 40 },
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 10 },
    },
    { kind: 'text', content: 'an old silent pond', usage: { prompt_tokens: 7, completion_tokens: 3 } },
    { kind: 'text', content: 'The server got its haiku.', usage: { prompt_tokens: 200, completion_tokens: 20 } },
  ]);
  await sendMessage(page, 'ask the server to sample');
  const card = page.getByRole('region', { name: /asks to use the model/ });
  await expect(card).toContainText('write a haiku');
  await expect(card).toContainText('up to 40 tokens');
  // Nothing went to the model for the server before approval.
  expect(mock.requests).toHaveLength(1);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(assistantMessages(page).last()).toContainText('The server got its haiku.', { timeout: 30_000 });
  await waitForIdle(page);
  const sampling = mock.requests[1]?.body;
  expect(JSON.stringify(sampling?.messages)).toContain('write a haiku');
  expect(sampling?.tools).toBeUndefined();
  expect(sampling?.model).toBe('mock-gpt');
  expect(toolResult((await mock.waitForRequest(2)).body, 'call_s1')).toContain('an old silent pond');
  // The sampling request's tokens (7 in, 3 out) count in the session's usage beside the run's own two requests.
  await expect(page.getByRole('group', { name: 'Session usage' })).toHaveText('Session: 340 tokens (307 in, 33 out)');

  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        {
          id: 'call_s2',
          name: 'legacy__trigger-sampling-request',
          arguments: { prompt: 'another one', maxTokens: 40 },
        },
      ],
    },
    { kind: 'text', content: 'It was refused.' },
  ]);
  await sendMessage(page, 'again');
  await expect(card).toContainText('another one');
  await card.getByRole('button', { name: 'Deny' }).click();
  await expect(card).toBeHidden();
  await expect(assistantMessages(page).last()).toContainText('It was refused.', { timeout: 30_000 });
  await waitForIdle(page);
  // Two requests for this message: the turn and the follow-up; none for the denied sampling.
  expect(mock.requests).toHaveLength(5);
  expect(toolResult(mock.requests[4]?.body ?? {}, 'call_s2')).toMatch(/denied the sampling request/);
});
