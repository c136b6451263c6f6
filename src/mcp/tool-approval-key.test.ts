import { describe, expect, it } from 'vitest';
import { createMcpToolHandles } from './tool-handles';
import type { McpToolInfo } from './types';

// Standing approval answers for an MCP tool are kept under its server and tool, and lapse when what the server
// says about the tool (its schema, its annotations) changes.
const key = (tool: McpToolInfo, serverKey = 'srv-1') =>
  createMcpToolHandles({ callTool: () => Promise.reject(new Error('not called')) }, [tool], {
    serverKey,
    prefix: 'gh',
    check: async () => [],
  }).handles[0]?.approvalKey;

const search: McpToolInfo = {
  name: 'search',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations: { destructiveHint: false },
};

describe('MCP approval keys', () => {
  it('name the server and the tool, not the name the model sees', () => {
    expect(key(search)?.tool).toBe('mcp:srv-1/search');
    expect(key(search, 'srv-2')?.tool).toBe('mcp:srv-2/search');
  });

  it('keep their version while the tool is unchanged and change it with the schema or the annotations', () => {
    const v = key(search)?.version;
    expect(v).toMatch(/^[0-9a-f]{8}$/);
    expect(key({ ...search, description: 'new words' })?.version).toBe(v);
    expect(
      key({
        ...search,
        inputSchema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'number' } } },
      })?.version,
    ).not.toBe(v);
    expect(key({ ...search, annotations: { destructiveHint: true } })?.version).not.toBe(v);
    const { annotations: _a, ...bare } = search;
    expect(key(bare)?.version).not.toBe(v);
  });
});
