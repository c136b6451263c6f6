/**
 * MCP servers in the app, end to end: added in the Tools view, their tools offered to the model (the project's mock
 * server scripts it), called through the same loop as every other tool, stopped, approved and asked for input.
 * Against both generations: the own 2026-07-28 server and server-everything (2025-11-25), real servers on 127.0.0.1.
 */
import type { Page } from '@playwright/test';
import { assistantMessages, sendMessage, waitForIdle, expandToolCard } from './support/chat-run';
import { openConfiguredApp, TEST_KEY } from './support/configured-app';
import { historyProblems, wireHistory } from './support/history-check';
import { expect, test, type McpPair, type MockServer } from './support/mcp-pair';
import { addMcpServer } from './support/mcp-tools-tab';
import { toolsPanel } from './support/tools-tab';

async function openWithServers(page: Page, mock: MockServer, { modern, legacy }: McpPair): Promise<void> {
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: modern.url, name: 'modern' }, '2026-07-28');
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  await page.getByRole('tab', { name: 'Chat' }).click();
}

function toolResults(
  req: { body: { messages?: Array<{ role?: string; tool_call_id?: string; content?: unknown }> } } | undefined,
): Map<string, string> {
  return new Map(
    (req?.body.messages ?? []).filter((m) => m.role === 'tool').map((m) => [m.tool_call_id ?? '', String(m.content)]),
  );
}

test('the model calls a tool of each generation and the answer continues; the API key never reaches an MCP server', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(90_000);
  await openWithServers(page, mock, mcpPair);
  const { modern, legacy } = mcpPair;
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_m', name: 'modern__echo', arguments: { text: 'from the model' } },
        { id: 'call_l', name: 'legacy__echo', arguments: { message: 'legacy hello' } },
        { id: 'call_s', name: 'modern__slow', arguments: { ms: 100 } },
      ],
    },
    { kind: 'text', content: 'Both servers answered.' },
  ]);
  await sendMessage(page, 'use the MCP tools');
  await expect(assistantMessages(page).last()).toContainText('Both servers answered.', { timeout: 30_000 });
  await waitForIdle(page);

  const offered = (mock.requests[0]?.body.tools ?? []).map((t) => t.function?.name);
  expect(offered).toEqual(
    expect.arrayContaining(['modern__echo', 'modern__slow', 'legacy__echo', 'legacy__trigger-long-running-operation']),
  );
  const results = toolResults(await mock.waitForRequest(1));
  expect(results.get('call_m')).toContain('echo: from the model');
  expect(results.get('call_l')).toContain('legacy hello');
  await expect(page.locator('.tool-card[data-call-id="call_m"]')).toContainText('MCP modern (2026-07-28)');
  await expect(page.locator('.tool-card[data-call-id="call_l"]')).toContainText('MCP legacy (2025-11-25)');
  // The server's log message during the call is kept as the call's log.
  const slowCard = page.locator('.tool-card[data-call-id="call_s"]');
  await expandToolCard(slowCard);
  await slowCard.getByText(/^Logs \(/).click();
  await expect(slowCard.getByLabel('Logs')).toContainText('[info] [slow] slow tool started');

  // A 2025-11-25 session the server dropped (404 with the session id) is opened again once, unseen by the run.
  const sessionsBefore = legacy.sessions();
  await legacy.expireSessions();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_again', name: 'legacy__echo', arguments: { message: 'after expiry' } }] },
    { kind: 'text', content: 'Still answering.' },
  ]);
  await sendMessage(page, 'again');
  await expect(assistantMessages(page).last()).toContainText('Still answering.', { timeout: 30_000 });
  await waitForIdle(page);
  expect(toolResults(mock.requests.at(-1)).get('call_again')).toContain('after expiry');
  expect(legacy.sessions().some((id) => !sessionsBefore.includes(id))).toBe(true);

  // The key went to the model endpoint only: each MCP server's record of everything it received lacks it.
  expect(mock.requests.some((r) => JSON.stringify(r.headers).includes(TEST_KEY))).toBe(true);
  expect(modern.recorder.requests.length).toBeGreaterThan(0);
  expect(legacy.recorder.requests.length).toBeGreaterThan(0);
  expect(modern.recorder.sawText(TEST_KEY)).toBe(false);
  expect(legacy.recorder.sawText(TEST_KEY)).toBe(false);
});

// How soon each server hears of the Stop is printed (it is about a second on a quiet machine); the assertion is that
// it hears while the tool still has most of its minute to run, which a busy machine cannot break and a cancel sent
// only when the tool ends (or never) does.
const CANCEL_WELL_BEFORE_THE_END_MS = 30_000;

test('Stop during a long MCP call: each server sees the cancellation at once, and the history stays valid', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(120_000);
  await openWithServers(page, mock, mcpPair);
  const { modern, legacy } = mcpPair;

  // 2026-07-28: the cancel is the closed request; the server's tool notices its signal abort.
  // A stopped run asks the model nothing more, so each script holds only the call.
  mock.script([{ kind: 'tool_calls', calls: [{ id: 'call_slow', name: 'modern__slow', arguments: { ms: 60_000 } }] }]);
  await sendMessage(page, 'run the slow tool');
  await modern.waitForEvent((e) => e.kind === 'started');
  await expect(
    page.locator('.tool-card[data-call-id="call_slow"]').getByRole('status', { name: 'Progress' }),
  ).toContainText('step');
  const stoppedAt = Date.now();
  await page.getByRole('button', { name: 'Stop' }).click();
  const cancelled = await modern.waitForEvent((e) => e.kind === 'cancelled');
  test.info().annotations.push({
    type: 'figure',
    description: `2026-07-28 server saw the cancel ${cancelled.at - stoppedAt} ms after Stop`,
  });
  expect(cancelled.at - stoppedAt).toBeLessThan(CANCEL_WELL_BEFORE_THE_END_MS);
  await waitForIdle(page);

  // 2025-11-25: the cancel is a notifications/cancelled message naming the request.
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        { id: 'call_long', name: 'legacy__trigger-long-running-operation', arguments: { duration: 60, steps: 60 } },
      ],
    },
  ]);
  await sendMessage(page, 'run the long legacy tool');
  await expect
    .poll(() =>
      legacy.recorder.calls('tools/call').some((m) => JSON.stringify(m).includes('trigger-long-running-operation')),
    )
    .toBe(true);
  const legacyStop = Date.now();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => legacy.recorder.calls('notifications/cancelled').length).toBe(1);
  const cancelRequest = legacy.recorder.messages().find((m) => m.message.method === 'notifications/cancelled');
  const legacyDelay = (cancelRequest?.request.receivedAt ?? Infinity) - legacyStop;
  test.info().annotations.push({
    type: 'figure',
    description: `2025-11-25 server saw notifications/cancelled ${legacyDelay} ms after Stop`,
  });
  expect(legacyDelay).toBeLessThan(CANCEL_WELL_BEFORE_THE_END_MS);
  await waitForIdle(page);

  mock.script([{ kind: 'text', content: 'After both stops.' }]);
  await sendMessage(page, 'still there?');
  await expect(assistantMessages(page).last()).toContainText('After both stops.');
  const last = mock.requests.at(-1);
  expect(last).toBeDefined();
  if (last !== undefined) expect(historyProblems(wireHistory(last))).toEqual([]);
  expect(toolResults(last).get('call_slow')).toBeDefined();
  expect(toolResults(last).get('call_long')).toBeDefined();
});

test('a tool without annotations asks for approval; elicitation is accepted (2026-07-28) and declined (2025-11-25)', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(120_000);
  await openWithServers(page, mock, mcpPair);
  const { modern } = mcpPair;
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_untagged', name: 'modern__untagged', arguments: {} }] },
    { kind: 'tool_calls', calls: [{ id: 'call_ask', name: 'modern__ask-name', arguments: {} }] },
    { kind: 'tool_calls', calls: [{ id: 'call_elicit', name: 'legacy__trigger-elicitation-request', arguments: {} }] },
    { kind: 'text', content: 'All done.' },
  ]);
  await sendMessage(page, 'approve, then fill forms');

  const approval = page.getByRole('group', { name: 'Approve modern__untagged?' });
  await expect(approval).toBeVisible({ timeout: 30_000 });
  expect(modern.recorder.calls('tools/call')).toEqual([]);
  await approval.getByRole('button', { name: 'Always allow this tool' }).click();

  // Two rounds of input on the modern server: a name, then a confirmation.
  const ask = page.getByRole('form', { name: 'toolscope-modern-test asks for input' });
  await expect(ask).toContainText('Who should be greeted?', { timeout: 30_000 });
  await ask.getByRole('textbox', { name: 'Your name' }).fill('Ada');
  await ask.getByRole('button', { name: 'Accept' }).click();
  await expect(ask).toContainText('Greet Ada?');
  await ask.getByRole('checkbox', { name: 'Send the greeting' }).check();
  await ask.getByRole('button', { name: 'Accept' }).click();

  // server-everything's tool is not read-only: approved first, then its form is declined.
  const approveLegacy = page.getByRole('group', { name: 'Approve legacy__trigger-elicitation-request?' });
  await expect(approveLegacy).toBeVisible({ timeout: 30_000 });
  await approveLegacy.getByRole('button', { name: 'Approve', exact: true }).click();
  const legacyForm = page.getByRole('form', { name: /asks for input$/ });
  await expect(legacyForm).toBeVisible({ timeout: 30_000 });
  // Defaults from the schema are filled in.
  await expect(legacyForm.getByRole('textbox', { name: 'String with default' })).toHaveValue(
    'It was a dark and stormy night.',
  );
  await legacyForm.getByRole('button', { name: 'Decline' }).click();

  await expect(assistantMessages(page).last()).toContainText('All done.', { timeout: 30_000 });
  await waitForIdle(page);
  const results = toolResults(mock.requests.at(-1));
  expect(results.get('call_untagged')).toContain('untagged ran');
  expect(results.get('call_ask')).toContain('Hello, Ada!');
  expect(results.get('call_elicit')).toContain('declined');

  // The standing answer is checked against the tool the live server lists: it holds; disconnected, no guess is made.
  await page.getByRole('tab', { name: 'Tools' }).click();
  const answer = page
    .getByRole('list', { name: 'Approval answers' })
    .getByRole('listitem')
    .filter({ hasText: 'modern__untagged: always allowed' });
  await expect(answer).toHaveText(/^modern__untagged: always allowed Revoke/);
  await toolsPanel(page)
    .getByRole('list', { name: 'MCP server list' })
    .getByRole('button', { name: 'modern', exact: true })
    .click();
  await toolsPanel(page)
    .getByRole('region', { name: 'MCP server modern' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(answer).toContainText('modern__untagged: always allowed · server not connected');
});

test('a link a server asks to open (URL elicitation) opens only after the person agrees', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(90_000);
  await openWithServers(page, mock, mcpPair);
  const link = `${mock.origin}/verify-account`;
  mock.script([
    {
      kind: 'tool_calls',
      calls: [
        {
          id: 'call_url',
          name: 'legacy__trigger-url-elicitation',
          arguments: { url: link, message: 'Verify your account' },
        },
      ],
    },
    { kind: 'text', content: 'Verified.' },
  ]);
  await sendMessage(page, 'verify me');
  const approval = page.getByRole('group', { name: 'Approve legacy__trigger-url-elicitation?' });
  await expect(approval).toBeVisible({ timeout: 30_000 });
  await approval.getByRole('button', { name: 'Approve', exact: true }).click();

  const prompt = page.getByRole('group', { name: /asks to open a link$/ });
  await expect(prompt).toContainText('Verify your account', { timeout: 30_000 });
  await expect(prompt).toContainText(link);
  // Shown, not opened: the page is still the only one, and nobody fetched the link.
  expect(page.context().pages()).toHaveLength(1);
  expect(mock.allRequests.some((r) => r.path === '/verify-account')).toBe(false);
  const popup = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: 'Open link' }).click();
  expect((await popup).url()).toBe(link);
  await expect(assistantMessages(page).last()).toContainText('Verified.', { timeout: 30_000 });
  expect(toolResults(mock.requests.at(-1)).get('call_url')).toMatch(/accept/i);
});
