import { describe, expect, it } from 'vitest';
import { toToolLog } from './mcp-run-tools';
import type { McpConnection } from '../../../mcp/connection';
import { mcpApprovalKey } from '../../../mcp/approval-key';

describe('an MCP log message as a call log line', () => {
  it('maps the level, names the logger and keeps data as text', () => {
    expect(toToolLog({ level: 'warning', logger: 'db', data: { slow: true } }, 12)).toEqual({
      level: 'warn',
      text: '[db] {"slow":true}',
      t: 12,
    });
    expect(toToolLog({ level: 'debug', data: 'plain' }, 0)).toEqual({ level: 'log', text: 'plain', t: 0 });
  });
  it('cuts a long message', () => {
    expect(toToolLog({ level: 'info', data: 'x'.repeat(5000) }, 0).text.length).toBeLessThan(2100);
  });
});

describe('an MCP tool result in a run', () => {
  it("is cut at the session's output limit, with the cut said in the result", async () => {
    const { mcpToolsFor } = await import('./mcp-run-tools');
    const record = {
      id: 'srv',
      url: 'http://127.0.0.1:9/mcp',
      name: 'big',
      enabled: true,
      approval: 'auto' as const,
      headerNames: [],
      toolChoices: {},
      createdAt: 1,
      updatedAt: 1,
    };
    const connection = {
      callTool: async () => ({ content: [{ type: 'text' as const, text: 'y'.repeat(3000) }], isError: false }),
    } as unknown as McpConnection;
    const live = {
      connection,
      server: {
        name: 'big',
        version: '1',
        protocolRevision: '2026-07-28',
        era: 'modern' as const,
        counts: { tools: 1, resources: 0, prompts: 0 },
      },
      tools: [{ name: 'dump', inputSchema: { type: 'object' } }],
    };
    const ctx = { signal: new AbortController().signal, timeoutMs: 5000, callId: 'c1' };
    const [cut] = await mcpToolsFor([record], [], { outputLimitBytes: 1024, connect: async () => live });
    const result = await cut!.run({}, ctx);
    expect(result.outcome).toBe('ok');
    expect(result.content).toBe(`${'y'.repeat(1024)}\n…[output truncated: 1976 bytes omitted]`);
    // Without a session limit the default (64 KB) applies and the 3,000 characters pass whole.
    const [whole] = await mcpToolsFor([record], [], { connect: async () => live });
    expect((await whole!.run({}, ctx)).content).toBe('y'.repeat(3000));
    // Approval answers are kept by server and tool, versioned by its schema, not by the model-facing name.
    expect(whole!.approvalKey).toEqual(mcpApprovalKey('srv', { name: 'dump', inputSchema: { type: 'object' } }));
    expect(whole!.approvalKey?.tool).toBe('mcp:srv/dump');
  });
});
