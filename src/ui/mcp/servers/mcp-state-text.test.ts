import { describe, expect, it } from 'vitest';
import { mcpStateText } from './mcp-state-text';

const on = { enabled: true };

describe('mcpStateText', () => {
  it('says what a connected server speaks and offers', () => {
    const server = {
      name: 'demo',
      version: '1.2.3',
      protocolRevision: '2026-07-28',
      era: 'modern' as const,
      counts: { tools: 4, resources: 1, prompts: 0 },
    };
    expect(mcpStateText({ status: 'connected', server }, on)).toBe(
      'Connected to demo 1.2.3, protocol 2026-07-28: 4 tools, 1 resources, 0 prompts.',
    );
  });
  it('passes the CORS diagnosis on', () => {
    const failure = {
      kind: 'cors' as const,
      gap: { kind: 'allow-origin' as const },
      message: 'example.com does not allow requests from this page.',
    };
    expect(mcpStateText({ status: 'failed', failure }, on)).toBe(
      'Failed: example.com does not allow requests from this page.',
    );
  });
  it('says a disabled server is off whatever its state', () => {
    expect(mcpStateText({ status: 'connecting' }, { enabled: false })).toMatch(/^Disabled/);
  });
});
