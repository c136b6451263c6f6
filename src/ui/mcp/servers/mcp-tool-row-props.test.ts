import { describe, expect, it } from 'vitest';
import type { McpServerRecord, McpToolSnapshot } from '../../../domain/mcp-server';
import { sameMcpToolRow, type McpToolRowProps } from './mcp-tool-row-props';

const tool: McpToolSnapshot = {
  name: 'search',
  title: 'Search',
  description: 'Finds things.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
  annotations: { readOnlyHint: true },
};
const server: McpServerRecord = {
  id: 's1',
  url: 'https://mcp.example/mcp',
  name: 'files',
  enabled: true,
  approval: 'auto',
  headerNames: ['Authorization'],
  toolChoices: { other: { enabled: false } },
  cache: {
    tools: [tool],
    server: {
      name: 'files',
      version: '1',
      protocolRevision: '2026-07-28',
      counts: { tools: 1, resources: 0, prompts: 0 },
    },
    fetchedAt: 1,
  },
  createdAt: 1,
  updatedAt: 1,
};
const props: McpToolRowProps = { server, tool, modelName: 'files__search' };
/** A fresh read of the same stored data, as every liveQuery answer is. */
const copy = <T>(v: T): T => structuredClone(v);

describe('sameMcpToolRow', () => {
  it('is the same row for a fresh copy of unchanged data, and when only other tools or the cache time changed', () => {
    expect(sameMcpToolRow(props, { server: copy(server), tool: copy(tool), modelName: 'files__search' })).toBe(true);
    const elsewhere = {
      ...copy(server),
      toolChoices: { other: { enabled: true } },
      updatedAt: 2,
      cache: { ...server.cache!, fetchedAt: 2 },
    };
    expect(sameMcpToolRow(props, { ...props, server: elsewhere })).toBe(true);
  });

  it('re-renders for every change the row shows or acts on', () => {
    const changed: Array<Partial<McpToolRowProps>> = [
      { modelName: 'files__search_2' },
      { tool: { ...tool, description: 'Finds other things.' } },
      { tool: { ...tool, annotations: { readOnlyHint: false } } },
      { server: { ...server, approval: 'ask' } },
      { server: { ...server, enabled: false } },
      { server: { ...server, url: 'https://other.example/mcp' } },
      { server: { ...server, name: 'renamed' } },
      { server: { ...server, headerNames: [] } },
      { server: { ...server, toolChoices: { ...server.toolChoices, search: { enabled: false } } } },
      { server: { ...server, toolChoices: { ...server.toolChoices, search: { approval: 'allow' } } } },
    ];
    for (const change of changed) expect(sameMcpToolRow(props, { ...props, ...change })).toBe(false);
  });
});
