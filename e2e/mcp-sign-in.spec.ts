/**
 * Signing in to an MCP server from the page, end to end in Chromium: the app's own authorization-server stand-in
 * (metadata, dynamic registration, PKCE, refresh, `iss`) in front of the v2-SDK server in OAuth mode, all on
 * 127.0.0.1. The tab goes to the authorization page and comes back through the callback page beside index.html.
 */
import type { Page } from '@playwright/test';
import { startAuthServer, type TestAuthServer } from './mcp-servers/auth-server';
import { startModernMcpServer, type ModernMcpServer } from './mcp-servers/modern-server';
import { expect, test } from './fixtures';
import { assistantMessages, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { mcpServerState } from './support/mcp-tools-tab';
import { openToolsTab, toolsPanel } from './support/tools-tab';

let as: TestAuthServer;
let mcp: ModernMcpServer;

/** `scopes`: the scope the server's 401 names, and the one tools/call needs (a token without it gets a 403 step-up). */
async function start(
  options: Parameters<typeof startAuthServer>[0],
  scopes?: { signIn: string; call: string },
): Promise<void> {
  as = await startAuthServer(options);
  const server = as;
  mcp = await startModernMcpServer({
    cors: 'full',
    oauth: {
      authorizationServers: [server.issuer],
      accepts: (a) => server.accepts(a),
      ...(scopes !== undefined
        ? {
            challengeScope: scopes.signIn,
            scopeFor: (method: string | null) => (method === 'tools/call' ? scopes.call : null),
            hasScope: (a: string | undefined, scope: string) => server.hasScope(a, scope),
          }
        : {}),
    },
  });
}

test.afterEach(async () => {
  await Promise.all([mcp?.close(), as?.close()]);
});

/** Every sign-in value in the app's secrets table (IndexedDB), by key. */
function storedSignIn(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('secrets').objectStore('secrets').getAll();
          all.onsuccess = () => {
            const rows = all.result as Array<{ key: string; value: string }>;
            resolve(Object.fromEntries(rows.filter((r) => r.key.startsWith('mcp-auth:')).map((r) => [r.key, r.value])));
            req.result.close();
          };
        };
      }),
  );
}

async function addServerNeedingSignIn(page: Page): Promise<void> {
  await openToolsTab(page);
  const panel = toolsPanel(page);
  await panel.getByRole('button', { name: 'Add MCP server' }).click();
  await panel.getByRole('textbox', { name: 'MCP server URL' }).fill(mcp.url);
  await panel.getByRole('textbox', { name: 'Name (optional)' }).fill('secure');
  await panel.getByRole('button', { name: 'Connect' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Needs sign-in', { timeout: 30_000 });
}

function serverRegion(page: Page) {
  return toolsPanel(page).getByRole('region', { name: 'MCP server secure' });
}

test('sign in through the authorization page, call a tool, stay signed in across a reload, refresh, sign out', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  await start({ registration: 'dynamic-only' });
  await openConfiguredApp(page, mock);
  await addServerNeedingSignIn(page);

  await serverRegion(page).getByRole('button', { name: 'Sign in' }).click();
  // The tab went to the authorization server and came back to the Tools view with this server open.
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  await expect(page).toHaveURL(/#\/tools$/);
  expect(page.url()).not.toContain('code=');
  await expect(serverRegion(page)).toContainText(`Signed in at ${as.issuer}`);
  expect(as.grants).toEqual(['authorization_code']);
  const stored = await storedSignIn(page);
  const tokenKey = Object.keys(stored).find((k) => k.startsWith('mcp-auth:tokens:'));
  expect(tokenKey).toBe(`mcp-auth:tokens:${mcp.url}:${as.issuer}`);
  const accessToken = (JSON.parse(stored[tokenKey ?? ''] ?? '{}') as { access_token?: string }).access_token ?? '';
  expect(accessToken).not.toBe('');

  // A run calls the server's tool with the token.
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'secure__echo', arguments: { text: 'signed' } }] },
    { kind: 'text', content: 'Done with the token.' },
  ]);
  await sendMessage(page, 'use the secure tool');
  await expect(assistantMessages(page).last()).toContainText('Done with the token.', { timeout: 30_000 });
  await waitForIdle(page);
  const toolMessage = (await mock.waitForRequest(1)).body.messages?.find((m) => m.role === 'tool');
  expect(String(toolMessage?.content)).toContain('echo: signed');

  // Still signed in after a reload.
  await page.reload();
  await openToolsTab(page);
  await toolsPanel(page).getByRole('list', { name: 'MCP server list' }).getByRole('button', { name: 'secure' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  expect(as.grants).toEqual(['authorization_code']);

  // A token that ran out is refreshed without asking.
  as.expireAccessTokens();
  await serverRegion(page).getByRole('button', { name: 'Reconnect' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  // Refreshed, never signed in again. Requests that met the expired token together share one refresh; one that was
  // already on its way with the old token may make the SDK refresh the new one once more, which is harmless.
  expect(as.grants[0]).toBe('authorization_code');
  expect(as.grants.slice(1)).toContain('refresh_token');
  expect(as.grants.slice(1).filter((g) => g !== 'refresh_token')).toEqual([]);

  // The token went to the MCP server's origin only: the model endpoint never saw it.
  expect(
    mock.requests.some(
      (r) => JSON.stringify(r.headers).includes(accessToken) || JSON.stringify(r.body).includes(accessToken),
    ),
  ).toBe(false);

  await serverRegion(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Needs sign-in', { timeout: 30_000 });
  await expect(serverRegion(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  const after = await storedSignIn(page);
  expect(
    Object.keys(after).filter((k) => k.startsWith('mcp-auth:tokens:') || k.startsWith('mcp-auth:current:')),
  ).toEqual([]);
  expect(JSON.stringify(after)).not.toContain(accessToken);
});

test('an authorization server whose token endpoint sends no CORS headers gets the plain sentence', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await start({ registration: 'dynamic-only', tokenCors: false });
  await openConfiguredApp(page, mock);
  await addServerNeedingSignIn(page);
  await serverRegion(page).getByRole('button', { name: 'Sign in' }).click();
  const alert = serverRegion(page).getByRole('alert');
  await expect(alert).toContainText(
    `The authorization server ${as.issuer} does not allow browsers: its token endpoint must send Access-Control-Allow-Origin`,
    { timeout: 30_000 },
  );
  await expect(serverRegion(page).getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(Object.keys(await storedSignIn(page)).filter((k) => k.startsWith('mcp-auth:tokens:'))).toEqual([]);
});

test('a server that lets no app register itself asks for a client id, and signs in with the pasted one', async ({
  page,
  mock,
}) => {
  test.setTimeout(90_000);
  await start({ registration: 'none' });
  await openConfiguredApp(page, mock);
  await addServerNeedingSignIn(page);
  await serverRegion(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(serverRegion(page).getByRole('alert')).toContainText('lets no new app register itself');
  await expect(serverRegion(page).getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await serverRegion(page).getByRole('textbox', { name: 'Client ID' }).fill('pasted-client');
  await serverRegion(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  await expect(serverRegion(page)).toContainText('Signed in at');
});

test('a server that wants more access for a call asks to sign in again, and the sign-in asks for the wider scope', async ({
  page,
  mock,
}) => {
  test.setTimeout(120_000);
  await start({ registration: 'dynamic-only' }, { signIn: 'notes:read', call: 'notes:write' });
  await openConfiguredApp(page, mock);
  await addServerNeedingSignIn(page);
  await serverRegion(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  // The sign-in asked for the scope the server's 401 named.
  expect(as.authorizations.map((a) => a.scope)).toEqual(['notes:read']);

  // The call needs more than was granted: it fails with the sentence, and the server asks to sign in again.
  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'secure__echo', arguments: { text: 'wider' } }] },
    { kind: 'text', content: 'It needs more access.' },
  ]);
  await sendMessage(page, 'use the secure tool');
  await expect(assistantMessages(page).last()).toContainText('It needs more access.', { timeout: 30_000 });
  await waitForIdle(page);
  const refused = (await mock.waitForRequest(1)).body.messages?.find((m) => m.role === 'tool');
  expect(String(refused?.content)).toContain('asks you to sign in again for more access (notes:write)');
  expect(as.authorizations).toHaveLength(1);

  await openToolsTab(page);
  await toolsPanel(page).getByRole('list', { name: 'MCP server list' }).getByRole('button', { name: 'secure' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('asks you to sign in again for more access (notes:write)');
  await serverRegion(page).getByRole('button', { name: 'Sign in again' }).click();
  await expect(mcpServerState(page, 'secure')).toContainText('Connected to', { timeout: 30_000 });
  // Granted and challenged scopes together, through the authorization page (a refresh cannot widen a grant).
  expect(as.authorizations.map((a) => a.scope?.split(' ').sort())).toEqual([
    ['notes:read'],
    ['notes:read', 'notes:write'],
  ]);
  expect(as.grants).toEqual(['authorization_code', 'authorization_code']);

  await page.getByRole('tab', { name: 'Chat' }).click();
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_2', name: 'secure__echo', arguments: { text: 'wider' } }] },
    { kind: 'text', content: 'Done with more access.' },
  ]);
  await sendMessage(page, 'try again');
  await expect(assistantMessages(page).last()).toContainText('Done with more access.', { timeout: 30_000 });
  await waitForIdle(page);
  const tool = (await mock.waitForRequest(3)).body.messages?.filter((m) => m.role === 'tool').at(-1);
  expect(String(tool?.content)).toContain('echo: wider');
});
