import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toolSetHash, toolSetText, type OfferedTool } from './offered-tools';

const clock: OfferedTool = {
  name: 'current_time',
  description: 'The time now ✓',
  parameters: { type: 'object', properties: {} },
  source: { kind: 'builtin' },
};
const search: OfferedTool = {
  name: 'search',
  description: 'Searches',
  parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  source: { kind: 'mcp', serverId: 's1', serverName: 'docs' },
};

describe('toolSetHash', () => {
  it("is the SHA-256 of the set's canonical JSON (UTF-8), as any other SHA-256 computes it", () => {
    for (const set of [[], [clock], [clock, search]]) {
      expect(toolSetHash(set)).toBe(createHash('sha256').update(toolSetText(set), 'utf8').digest('hex'));
    }
  });

  it('gives equal sets equal hashes whatever the key order, and another order of tools another hash', () => {
    const reordered: OfferedTool = {
      source: { kind: 'builtin' },
      parameters: { properties: {}, type: 'object' },
      description: 'The time now ✓',
      name: 'current_time',
    };
    expect(toolSetHash([reordered, search])).toBe(toolSetHash([clock, search]));
    expect(toolSetHash([search, clock])).not.toBe(toolSetHash([clock, search]));
  });
});
