/*
 * The registry against a real server that breaks the protocol mid-session (e2e/mcp-servers/faults.ts): the state the
 * Tools view shows names the server as the person named it, and the broken connection is dropped so the next use
 * connects again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startModernMcpServer, type ModernMcpServer } from '../../../../e2e/mcp-servers/modern-server';

vi.mock('../../../db/database', () => ({ db: {} }));
vi.mock('../sign-in/auth-handles', () => ({
  mcpSignInFor: async () => ({ status: async () => ({ signedIn: false }) }),
}));
let server: ModernMcpServer;
const record = () => ({
  id: 'srv',
  url: server.url,
  name: 'faulty',
  enabled: true,
  approval: 'auto' as const,
  headerNames: [],
  toolChoices: {},
  createdAt: 1,
  updatedAt: 1,
});
vi.mock('../../../db/mcp-servers-repo', () => ({
  getMcpServer: async () => record(),
  mcpServerHeaders: async () => ({}),
  updateMcpServer: async () => undefined,
}));

const { connectMcp, disconnectMcp, liveMcpServers, useMcpStates } = await import('./registry');

beforeAll(async () => {
  server = await startModernMcpServer();
});
afterAll(async () => {
  await disconnectMcp('srv');
  await server.close();
});

describe('a live connection the server breaks', () => {
  it("is shown broken under the person's name for the server, dropped, and connected anew on next use", async () => {
    const first = await connectMcp(record());
    expect(first).not.toBeNull();
    server.setFault('call-bad-result');
    await expect(
      first!.connection.callTool('echo', { text: 'x' }, { signal: new AbortController().signal, timeoutMs: 60_000 }),
    ).rejects.toThrow(/breaks the MCP schema/);
    expect(useMcpStates.getState().states.srv).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'broken',
        message: expect.stringMatching(
          /^The MCP server "faulty" sent a tools\/call result that breaks the MCP schema: content: expected array, received string\./,
        ),
      },
    });
    expect(liveMcpServers().map(([id]) => id)).not.toContain('srv');

    server.setFault('none');
    const again = await connectMcp(record());
    expect(again).not.toBeNull();
    expect(again).not.toBe(first);
    expect(useMcpStates.getState().states.srv).toMatchObject({ status: 'connected' });
    expect(
      (
        await again!.connection.callTool(
          'echo',
          { text: 'y' },
          { signal: new AbortController().signal, timeoutMs: 60_000 },
        )
      ).content,
    ).toEqual([{ type: 'text', text: 'echo: y' }]);
  });
});
