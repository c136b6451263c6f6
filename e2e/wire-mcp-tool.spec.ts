/**
 * docs/wire-capture.md, "Tools": an MCP tool call's "Request and response", beside its JSON-RPC messages in the
 * timeline, shows the `tools/call` request exactly as the MCP server received it, the server's secret header hidden
 * as `TOOLSCOPE_SECRET_<NAME>`; "Copy as curl", run by bash with the secret in that variable, sends the same body
 * and secret. The secret is in no store but the secrets table.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startModernMcpServer } from './mcp-servers/modern-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { addMcpServer } from './support/mcp-tools-tab';
import { storedTextOutside } from './support/stored-text';

const run = promisify(execFile);
const SECRET = 'mcp-hdr-secret-31a7f0';
const VARIABLE = 'TOOLSCOPE_SECRET_X_API_KEY';

test("an MCP call's Request and response shows the tools/call request its server received; Copy as curl sends it again", async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  const server = await startModernMcpServer({ requireHeader: { name: 'x-api-key', value: SECRET } });
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openConfiguredApp(page, mock);
    await addMcpServer(page, { url: server.url, name: 'guarded', headers: `X-Api-Key: ${SECRET}` }, '2026-07-28');
    await page.getByRole('tab', { name: 'Chat' }).click();
    mock.script([
      { kind: 'tool_calls', calls: [{ id: 'call_echo', name: 'guarded__echo', arguments: { text: 'over the wire' } }] },
      { kind: 'text', content: 'Echoed.' },
    ]);
    await sendMessage(page, 'echo it');
    await expect(assistantMessages(page).last()).toContainText('Echoed.', { timeout: 30_000 });
    await waitForIdle(page);
    const calls = () => server.recorder.requests.filter((r) => r.method === 'POST' && r.body.includes('"tools/call"'));
    expect(calls()).toHaveLength(1);
    const sent = calls()[0]!;

    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.locator('[data-kind="call"][data-call-id="call_echo"]').click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details.getByRole('region', { name: 'MCP call' })).toContainText('over the wire');
    await details.getByRole('button', { name: 'Request and response' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request and response' });
    const request = dialog.getByRole('region', { name: 'Request' });
    await expect(request.getByRole('textbox', { name: 'Request body' })).toHaveValue(sent.body);
    await expect(request).toContainText(`POST ${server.url}`);
    await expect(request.getByRole('list', { name: 'Request headers' })).toContainText(
      `x-api-key: $${VARIABLE} (hidden)`,
    );
    await expect(dialog.getByRole('region', { name: 'Response' })).toContainText('echo: over the wire');
    await expect(dialog).not.toContainText(SECRET);

    await request.getByRole('button', { name: 'Copy as curl' }).click();
    const command = await dialog.getByRole('textbox', { name: 'Command' }).inputValue();
    expect(command).not.toContain(SECRET);
    await run('bash', ['-c', command], { env: { ...process.env, [VARIABLE]: SECRET } });
    expect(calls()).toHaveLength(2);
    expect(calls()[1]!.body).toBe(sent.body);
    expect(calls()[1]!.headers['x-api-key']).toBe(SECRET);

    expect(await storedTextOutside(page, /secret|key/)).not.toContain(SECRET);
  } finally {
    await server.close();
  }
});
