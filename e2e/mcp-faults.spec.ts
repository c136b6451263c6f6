/**
 * An MCP server that breaks the protocol on a live connection, over real sockets: the modern test server works,
 * then is switched to a fault while the page stays connected (e2e/mcp-servers/faults.ts), beside a healthy
 * 2025-11-25 server. The call fails at once with a sentence naming the server and what was wrong, the Tools view
 * shows the server broken, the model gets the sentence as the tool result and answers, the other server's tool works
 * in the same run and the next, and the stored session is valid after a reload (architecture.md, "MCP in the app").
 */
import type { Page } from '@playwright/test';
import type { McpFault } from './mcp-servers/faults';
import { assistantMessages, expandToolCard, sendMessage, toolCard, waitForIdle } from './support/chat-run';
import { configureSettings, openConfiguredApp } from './support/configured-app';
import { historyProblems, wireHistory } from './support/history-check';
import { expect, test, type McpPair, type MockServer } from './support/mcp-pair';
import { addMcpServer, mcpServerState } from './support/mcp-tools-tab';
import { currentSessionId, openSession } from './support/session-list';
import { readSession } from './support/stored-rows';
import { openToolsTab, toolsPanel } from './support/tools-tab';

const AFTER =
  ' Toolscope closed the connection and connects again on next use; if this keeps happening, the server needs fixing.';
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a person reads for each fault on tools/call (the card's result, the model's tool message, the Tools view). */
const CALL_FAULTS: Array<{ fault: McpFault; sentence: RegExp }> = [
  {
    fault: 'call-not-json',
    sentence: new RegExp(
      `^The MCP server "modern" answered tools/call with a body that is not JSON \\(.*JSON.*\\)\\.${esc(AFTER)}$`,
    ),
  },
  {
    fault: 'call-sse-not-json',
    sentence: new RegExp(
      `^The MCP server "modern" answered tools/call with an event whose data is not a JSON-RPC message \\(its data begins: \\{"jsonrpc":"2\\.0","id":\\d+,"result":<html>\\)\\.${esc(AFTER)}$`,
    ),
  },
  {
    fault: 'call-not-json-rpc',
    sentence: new RegExp(
      `^The MCP server "modern" answered tools/call with JSON that is not a JSON-RPC message\\.${esc(AFTER)}$`,
    ),
  },
  {
    fault: 'call-bad-result',
    sentence: new RegExp(
      `^The MCP server "modern" sent a tools/call result that breaks the MCP schema: content: expected array, received string\\.${esc(AFTER)}$`,
    ),
  },
];

/** The modern server is the one made faulty; server-everything stays healthy beside it. */
async function connectBoth(page: Page, mock: MockServer, { modern: faulty, legacy: healthy }: McpPair): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: faulty.url, name: 'modern' }, '2026-07-28');
  await addMcpServer(page, { url: healthy.url, name: 'legacy' }, '2025-11-25');
  await page.getByRole('tab', { name: 'Chat' }).click();
}

/** The Tools view with this server's detail open: its state line. */
async function serverState(page: Page, name: string) {
  await openToolsTab(page);
  await toolsPanel(page).getByRole('list', { name: 'MCP server list' }).getByRole('button', { name }).click();
  return mcpServerState(page, name);
}

/** The tool messages a chat request sent to the model, by call id. */
function toolResults(mock: MockServer, index: number): Record<string, string> {
  const sent = wireHistory(mock.requests[index]!);
  return Object.fromEntries(sent.filter((m) => m.role === 'tool').map((m) => [m.toolCallId ?? '', m.content]));
}

async function resultText(page: Page, callId: string): Promise<string> {
  const card = toolCard(page, callId);
  await expandToolCard(card);
  return (await card.getByLabel('Result', { exact: true }).textContent()) ?? '';
}

test('tools/call answered with garbage on a live connection: a sentence, the server shown broken, the run goes on, the other server unaffected', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(300_000);
  await connectBoth(page, mock, mcpPair);
  const faulty = mcpPair.modern;

  // Healthy first: the connection works before it goes bad.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'ok_modern', name: 'modern__echo', arguments: { text: 'before' } }] },
    { kind: 'text', content: 'Both fine.' },
  ]);
  await sendMessage(page, 'warm up');
  await expect(assistantMessages(page).last()).toContainText('Both fine.', { timeout: 30_000 });
  await waitForIdle(page);
  expect(await resultText(page, 'ok_modern')).toBe('echo: before');
  const sessionId = await currentSessionId(page);

  const sentences: Record<string, string> = {};
  for (const [i, { fault, sentence }] of CALL_FAULTS.entries()) {
    const bad = `bad_${i}`;
    const same = `same_${i}`;
    const after = `after_${i}`;
    const next = `next_${i}`;
    // The page stays connected (the Tools view says so) when the server goes bad.
    await expect(await serverState(page, 'modern')).toContainText('Connected to', { timeout: 30_000 });
    await page.getByRole('tab', { name: 'Chat' }).click();
    faulty.setFault(fault);
    const first = mock.requests.length;
    mock.script([
      // One turn calls both servers at once, the next calls the healthy one again, then the model answers.
      {
        kind: 'tool_calls',
        calls: [
          { id: bad, name: 'modern__echo', arguments: { text: fault } },
          { id: same, name: 'legacy__echo', arguments: { message: `same ${i}` } },
        ],
      },
      { kind: 'tool_calls', calls: [{ id: after, name: 'legacy__echo', arguments: { message: `after ${i}` } }] },
      { kind: 'text', content: `Answered despite ${fault}.` },
    ]);
    await sendMessage(page, `call with ${fault}`);
    await expect(assistantMessages(page).last()).toContainText(`Answered despite ${fault}.`, { timeout: 60_000 });
    await waitForIdle(page);

    const card = await resultText(page, bad);
    expect(card).toMatch(new RegExp(`^Error: ${sentence.source.slice(1)}`));
    sentences[fault] = card;
    await expect(toolCard(page, bad).locator('.tool-card-head .status')).toHaveText('error');
    expect(await resultText(page, same)).toBe(`Echo: same ${i}`);
    expect(await resultText(page, after)).toBe(`Echo: after ${i}`);
    // The model read the same sentence as the tool result, and the healthy server's answers.
    const turn2 = toolResults(mock, first + 1);
    expect(turn2[bad]).toBe(card);
    expect(turn2[same]).toBe(`Echo: same ${i}`);
    expect(toolResults(mock, first + 2)[after]).toBe(`Echo: after ${i}`);
    // Only the server that broke is shown broken, with the same sentence (without the card's "Error: ").
    await expect(await serverState(page, 'modern')).toHaveText(`Failed: ${card.slice('Error: '.length)}`);
    await expect(await serverState(page, 'legacy')).toContainText('Connected to');
    await page.getByRole('tab', { name: 'Chat' }).click();

    // The next run, the server healed: it connects again, and both servers' tools work.
    faulty.setFault('none');
    mock.script([
      {
        kind: 'tool_calls',
        calls: [
          { id: `${next}_m`, name: 'modern__echo', arguments: { text: `healed ${i}` } },
          { id: `${next}_l`, name: 'legacy__echo', arguments: { message: `next ${i}` } },
        ],
      },
      { kind: 'text', content: `Healed after ${fault}.` },
    ]);
    await sendMessage(page, `again after ${fault}`);
    await expect(assistantMessages(page).last()).toContainText(`Healed after ${fault}.`, { timeout: 60_000 });
    await waitForIdle(page);
    expect(await resultText(page, `${next}_m`)).toBe(`echo: healed ${i}`);
    expect(await resultText(page, `${next}_l`)).toBe(`Echo: next ${i}`);
  }
  test.info().annotations.push({ type: 'sentences', description: JSON.stringify(sentences) });

  // Stored whole: after a reload the history is valid, every failed call has one result carrying its sentence.
  const stored = await readSession(page, sessionId);
  expect(historyProblems(stored.messages)).toEqual([]);
  await page.reload();
  await configureSettings(page, mock);
  await openSession(page, sessionId);
  // The list shows the latest turns: the last fault's card reads as it did.
  const lastBad = CALL_FAULTS.length - 1;
  expect(await resultText(page, `bad_${lastBad}`)).toBe(sentences[CALL_FAULTS[lastBad]!.fault]);
  for (const [i, { fault }] of CALL_FAULTS.entries()) {
    const results = stored.messages.filter((m) => m.role === 'tool' && m.toolCallId === `bad_${i}`);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ isError: true, content: sentences[fault] });
  }
  // And the session goes on with a valid history sent to the model.
  mock.script([{ kind: 'text', content: 'Still here.' }]);
  const last = mock.requests.length;
  await sendMessage(page, 'after the reload');
  await expect(assistantMessages(page).last()).toContainText('Still here.', { timeout: 30_000 });
  expect(historyProblems(wireHistory(await mock.waitForRequest(last)).filter((m) => m.role !== 'system'))).toEqual([]);
});

test('tools/list answered against the schema after list_changed: the server shown broken in words, its tools withdrawn, the other server unaffected', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(180_000);
  await connectBoth(page, mock, mcpPair);
  const faulty = mcpPair.modern;
  await expect(await serverState(page, 'legacy')).toContainText('Connected to');
  await expect(await serverState(page, 'modern')).toContainText('Connected to');

  // The server says its tools changed, and answers the page's tools/list with a list that is not a list.
  faulty.setFault('list-bad-result');
  faulty.addTool('added-while-broken');
  const listSentence = `Failed: The MCP server "modern" sent a tools/list result that breaks the MCP schema: tools: expected array, received string.${AFTER}`;
  await expect(mcpServerState(page, 'modern')).toHaveText(listSentence, { timeout: 30_000 });
  await expect(await serverState(page, 'legacy')).toContainText('Connected to');

  // A run: the page connects again to offer the server's tools, meets the same list, and offers only the other's.
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'l1', name: 'legacy__echo', arguments: { message: 'still here' } }] },
    { kind: 'text', content: 'Worked without modern.' },
  ]);
  await sendMessage(page, 'use what works');
  await expect(assistantMessages(page).last()).toContainText('Worked without modern.', { timeout: 60_000 });
  await waitForIdle(page);
  expect(await resultText(page, 'l1')).toBe('Echo: still here');
  const offered = ((mock.requests[0]!.body as { tools?: Array<{ function?: { name?: string } }> }).tools ?? []).map(
    (t) => t.function?.name,
  );
  expect(offered).toContain('legacy__echo');
  expect(offered.filter((n) => n?.startsWith('modern__'))).toEqual([]);
  const host = new URL(faulty.url).host;
  await expect(await serverState(page, 'legacy')).toContainText('Connected to');
  await expect(await serverState(page, 'modern')).toHaveText(
    `Failed: ${host} did not answer as an MCP server should: it sent a tools/list result that breaks the MCP schema: tools: expected array, received string.`,
  );

  // Healed, Reconnect brings its tools back, the added one among them.
  faulty.setFault('none');
  await page.getByRole('region', { name: 'MCP server modern' }).getByRole('button', { name: 'Reconnect' }).click();
  await expect(mcpServerState(page, 'modern')).toContainText('Connected to', { timeout: 30_000 });
  await expect(mcpServerState(page, 'modern')).toContainText('12 tools');
  const sessionId = await currentSessionId(page);
  expect(historyProblems((await readSession(page, sessionId)).messages)).toEqual([]);
});
