/**
 * MCP beyond the call itself, end to end against both generations' real servers on 127.0.0.1: the timeline names
 * each call's server and revision and shows its JSON-RPC messages round by round; export carries the servers
 * without their header values and an import into a fresh profile asks for them again; a server's name and headers
 * can be edited; and the Tools view says why a server cannot be reached (CORS, unreachable, not MCP).
 */
import { startModernMcpServer } from './mcp-servers/modern-server';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { confirmImport, exportVia, importDialog, pickFile } from './support/import-export';
import { expect, test } from './support/mcp-pair';
import { addMcpServer, mcpServerState } from './support/mcp-tools-tab';
import { openToolsTab, toolsPanel } from './support/tools-tab';

test('the timeline names each MCP call server and revision, and shows its JSON-RPC messages, every round', async ({
  page,
  mock,
  mcpPair: { modern, legacy },
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: modern.url, name: 'modern' }, '2026-07-28');
  // The echo tool's data: icon is shown (without referrer); its plain-http one is dropped.
  const icons = toolsPanel(page).getByRole('region', { name: 'MCP server modern' }).locator('img.mcp-tool-icon');
  await expect(icons).toHaveCount(1);
  await expect(icons).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(icons).toHaveAttribute('referrerpolicy', 'no-referrer');
  // Try it: a form from the input schema, run on the server through the app's own call path.
  const modernRegion = toolsPanel(page).getByRole('region', { name: 'MCP server modern' });
  await modernRegion.getByText('Try echo', { exact: true }).click();
  const tryForm = modernRegion.getByRole('form', { name: 'Try echo' });
  await tryForm.getByRole('button', { name: 'Run echo' }).click();
  await expect(tryForm.getByRole('alert')).toContainText('must have required property');
  await tryForm.getByRole('textbox', { name: 'text (required)' }).fill('from try it');
  await tryForm.getByRole('button', { name: 'Run echo' }).click();
  await expect(tryForm.getByLabel('Result of echo')).toHaveText('echo: from try it');
  await expect(tryForm).toContainText('JSON-RPC messages (1 round)');
  // Inspectable like a run's call: outcome and duration, and the timeline's view of the call's messages.
  await expect(tryForm.getByRole('status')).toHaveText(/^Ran: echo · \d+ ms$/);
  await tryForm.getByText('JSON-RPC messages (1 round)', { exact: true }).click();
  const tryCall = tryForm.getByRole('region', { name: 'MCP call' });
  await expect(tryCall.getByRole('definition')).toHaveText(['modern', '2026-07-28']);
  await expect(tryCall.getByRole('region', { name: 'Round 1' }).getByLabel('Round 1 request')).toContainText(
    'from try it',
  );
  await expect(tryCall.getByLabel('Round 1 response', { exact: true })).toContainText('echo: from try it');
  await expect
    .poll(() => modern.recorder.calls('tools/call').some((m) => JSON.stringify(m).includes('from try it')))
    .toBe(true);
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_ask', name: 'modern__ask-name', arguments: {} }] },
    { kind: 'tool_calls', calls: [{ id: 'call_echo', name: 'legacy__echo', arguments: { message: 'legacy hello' } }] },
    { kind: 'text', content: 'Done with both.' },
  ]);
  await sendMessage(page, 'greet and echo');
  const ask = page.getByRole('form', { name: 'toolscope-modern-test asks for input' });
  await ask.getByRole('textbox', { name: 'Your name' }).fill('Ada');
  await ask.getByRole('button', { name: 'Accept' }).click();
  await expect(ask).toContainText('Greet Ada?');
  await ask.getByRole('checkbox', { name: 'Send the greeting' }).check();
  await ask.getByRole('button', { name: 'Accept' }).click();
  await expect(assistantMessages(page).last()).toContainText('Done with both.', { timeout: 30_000 });
  await waitForIdle(page);
  await page.getByRole('tab', { name: 'Timeline' }).click();

  // The bar carries the server's name.
  const askBar = page.locator('[data-kind="call"][data-call-id="call_ask"]');
  await expect(askBar).toHaveAttribute('aria-label', /^modern__ask-name · modern/);
  await askBar.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  const mcp = details.getByRole('region', { name: 'MCP call' });
  await expect(mcp.locator('xpath=.//dt[normalize-space()="Server"]/following-sibling::dd[1]')).toHaveText('modern');
  await expect(mcp.locator('xpath=.//dt[normalize-space()="Protocol revision"]/following-sibling::dd[1]')).toHaveText(
    '2026-07-28',
  );
  // Two rounds answered "input required", the third gave the result: each with its request and response.
  await expect(mcp.getByRole('region', { name: /^Round \d$/ })).toHaveCount(3);
  await expect(mcp.getByLabel('Round 1 request')).toContainText('"method": "tools/call"');
  await expect(mcp.getByLabel('Round 1 response (input required)')).toContainText('Who should be greeted?');
  await expect(mcp.getByLabel('Round 2 request')).toContainText('Ada');
  await expect(mcp.getByLabel('Round 2 response (input required)')).toContainText('Greet Ada?');
  await expect(mcp.getByLabel('Round 3 response')).toContainText('Hello, Ada!');

  // 2025-11-25: one request, one response, under the legacy server's name and revision.
  await details.getByRole('button', { name: 'Close details' }).click();
  const echoBar = page.locator('[data-kind="call"][data-call-id="call_echo"]');
  await expect(echoBar).toHaveAttribute('aria-label', /^legacy__echo · legacy/);
  await echoBar.click();
  const legacyMcp = page.getByRole('complementary', { name: 'Details' }).getByRole('region', { name: 'MCP call' });
  await expect(
    legacyMcp.locator('xpath=.//dt[normalize-space()="Protocol revision"]/following-sibling::dd[1]'),
  ).toHaveText('2025-11-25');
  await expect(legacyMcp.getByRole('region', { name: /^Round \d$/ })).toHaveCount(1);
  await expect(legacyMcp.getByLabel('Round 1 request')).toContainText('legacy hello');
  await expect(legacyMcp.getByLabel('Round 1 response')).toContainText('legacy hello');
});

test('export holds MCP servers without header values; an import into a fresh profile asks for them; editing sets them', async ({
  page,
  mock,
  browser,
}) => {
  test.setTimeout(120_000);
  const secret = 'Bearer mcp-secret-41c9e7';
  const guarded = await startModernMcpServer({ requireHeader: { name: 'authorization', value: secret } });
  try {
    await openConfiguredApp(page, mock);
    await addMcpServer(page, { url: guarded.url, name: 'guarded', headers: `Authorization: ${secret}` }, '2026-07-28');
    await page.getByRole('tab', { name: 'Chat' }).click();
    mock.script([{ kind: 'text', content: 'Hello.' }]);
    await sendMessage(page, 'hi');
    await waitForIdle(page);
    const { text } = await exportVia(page, 'All sessions');
    expect(text).not.toContain('mcp-secret-41c9e7');
    const file = JSON.parse(text) as { mcpServers?: Array<{ url: string; name: string; headerNames: string[] }> };
    expect(file.mcpServers).toEqual([
      expect.objectContaining({ url: guarded.url, name: 'guarded', headerNames: ['Authorization'] }),
    ]);

    // A fresh profile: its own context, its own IndexedDB.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    try {
      await openConfiguredApp(other, mock);
      const requestsBefore = guarded.recorder.requests.length;
      await pickFile(other, 'export.json', text);
      await expect(importDialog(other).getByRole('region', { name: 'MCP servers in the file' })).toContainText(
        'guarded',
      );
      await expect(importDialog(other).getByRole('region', { name: 'MCP servers in the file' })).toContainText(
        'needs its headers: Authorization',
      );
      await confirmImport(other, /Imported 1 session/);
      await openToolsTab(other);
      const panel = toolsPanel(other);
      await panel.getByRole('list', { name: 'MCP server list' }).getByRole('button', { name: 'guarded' }).click();
      const region = panel.getByRole('region', { name: 'MCP server guarded' });
      await expect(region).toContainText('Needs its headers: Authorization.');
      await expect(mcpServerState(other, 'guarded').first()).toContainText('Disabled');
      // Arrived switched off: nothing was sent to the server from the file's say-so.
      expect(guarded.recorder.requests.length).toBe(requestsBefore);

      // Enter the value, rename, then turn it on: it connects with the header.
      await region.getByRole('button', { name: 'Edit server' }).click();
      const form = region.getByRole('form', { name: 'Edit MCP server' });
      await form.getByLabel('Value of Authorization').fill(secret);
      await form.getByRole('textbox', { name: 'Server name' }).fill('guarded again');
      await form.getByRole('button', { name: 'Save server' }).click();
      const renamed = panel.getByRole('region', { name: 'MCP server guarded again' });
      await expect(renamed).not.toContainText('Needs its headers');
      await renamed.getByRole('button', { name: 'Enable' }).click();
      await expect(mcpServerState(other, 'guarded again').first()).toContainText('Connected to', { timeout: 30_000 });
    } finally {
      await fresh.close();
    }
  } finally {
    await guarded.close();
  }
});

test('the Tools view says which CORS header a server lacks, and tells an unreachable or wrong URL apart', async ({
  page,
  mock,
  mcpPair: { modern },
}) => {
  test.setTimeout(90_000);
  const closed = await startModernMcpServer({ cors: 'none' });
  const gone = await startModernMcpServer();
  const goneUrl = gone.url;
  await gone.close();
  try {
    await openConfiguredApp(page, mock);
    await openToolsTab(page);
    const panel = toolsPanel(page);
    const add = async (url: string, name: string) => {
      await panel.getByRole('button', { name: 'Add MCP server' }).click();
      await panel.getByRole('textbox', { name: 'MCP server URL' }).fill(url);
      await panel.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
      await panel.getByRole('button', { name: 'Connect' }).click();
      const state = mcpServerState(page, name).first();
      await expect(state).toContainText('Failed:', { timeout: 30_000 });
      return state;
    };
    await expect(await add(closed.url, 'no-cors')).toContainText('no Access-Control-Allow-Origin header');
    closed.setCors('no-mcp-headers');
    await panel.getByRole('region', { name: 'MCP server no-cors' }).getByRole('button', { name: 'Reconnect' }).click();
    await expect(mcpServerState(page, 'no-cors').first()).toContainText(
      /does not allow the headers? .*mcp-protocol-version.*Access-Control-Allow-Headers/,
      { timeout: 30_000 },
    );
    await expect(await add(goneUrl, 'gone')).toContainText('Could not reach 127.0.0.1');
    await expect(await add(`${modern.origin}/nothing-here`, 'wrong-path')).toContainText('Nothing answers MCP at');
    await expect(mcpServerState(page, 'wrong-path').first()).toContainText('HTTP 404');
  } finally {
    await closed.close();
  }
});
