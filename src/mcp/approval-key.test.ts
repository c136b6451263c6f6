import { describe, expect, it } from 'vitest';
import { mcpApprovalKey, scopeStanding } from './approval-key';
import type { McpToolInfo } from './types';

const search: McpToolInfo = { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } };
const granted = mcpApprovalKey('srv-1', search);

describe('mcpApprovalKey', () => {
  it('keys by server and tool, and versions by schema and annotations', () => {
    expect(granted.tool).toBe('mcp:srv-1/search');
    expect(mcpApprovalKey('srv-1', { ...search }).version).toBe(granted.version);
    expect(mcpApprovalKey('srv-1', { ...search, inputSchema: { type: 'object' } }).version).not.toBe(granted.version);
    expect(mcpApprovalKey('srv-1', { ...search, annotations: { readOnlyHint: true } }).version).not.toBe(
      granted.version,
    );
  });
});

describe('scopeStanding', () => {
  const connected = (tools: McpToolInfo[]) => new Map([['srv-1', tools]]);

  it('a scope for the tool as it is now is current', () => {
    expect(scopeStanding(granted, connected([search]))).toBe('current');
  });

  it('a changed schema, changed annotations or a tool gone from a connected server: no longer applies', () => {
    expect(
      scopeStanding(
        granted,
        connected([{ ...search, inputSchema: { type: 'object', properties: { q: { type: 'number' } } } }]),
      ),
    ).toBe('changed');
    expect(scopeStanding(granted, connected([{ ...search, annotations: { destructiveHint: true } }]))).toBe('changed');
    expect(scopeStanding(granted, connected([{ ...search, name: 'find' }]))).toBe('changed');
    expect(scopeStanding(granted, connected([]))).toBe('changed');
    // A scope stored without a version (before versions existed) never applies to an MCP tool.
    expect(scopeStanding({ tool: granted.tool }, connected([search]))).toBe('changed');
  });

  it('says nothing of a tool whose server is not connected, and names a removed server', () => {
    expect(scopeStanding(granted, new Map([['srv-1', null]]))).toBe('not-connected');
    expect(scopeStanding(granted, new Map([['srv-2', [search]]]))).toBe('server-removed');
  });

  it('leaves scopes of other tools alone, and reads tool names holding a slash', () => {
    expect(scopeStanding({ tool: 'get_weather' }, new Map())).toBe('not-mcp');
    expect(scopeStanding({ tool: 'mcp:no-slash' }, new Map())).toBe('not-mcp');
    const slashed = { ...search, name: 'repo/search' };
    expect(scopeStanding(mcpApprovalKey('srv-1', slashed), connected([slashed]))).toBe('current');
  });
});
