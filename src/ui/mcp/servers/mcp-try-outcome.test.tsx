import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { McpWireMessage } from '../../../domain/mcp-call-trace';
import { McpTryOutcomeView } from './mcp-try-outcome';

const msg = (dir: McpWireMessage['dir'], t: number, body: unknown): McpWireMessage => ({
  dir,
  t,
  json: JSON.stringify(body),
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

describe('a Try it call of an MCP tool, shown like a run call', () => {
  it('gives the outcome, duration, result, logs and the timeline view of every round', () => {
    const call = (id: number, extra: Record<string, unknown> = {}) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'ask-name', arguments: {}, ...extra },
    });
    const html = renderToStaticMarkup(
      <McpTryOutcomeView
        name="ask-name"
        outcome={{
          kind: 'ran',
          durationMs: 42,
          server: { serverId: 's1', serverName: 'modern', protocolRevision: '2026-07-28' },
          outcome: {
            outcome: 'ok',
            content: 'Hello Ada',
            blocks: [],
            logs: [{ level: 'info', text: 'asked once', t: 3 }],
            mcpMessages: [
              msg('sent', 0, call(1)),
              msg('received', 5, {
                jsonrpc: '2.0',
                id: 1,
                result: { resultType: 'input_required', inputRequests: {} },
              }),
              msg('sent', 9, call(2, { inputResponses: { name: { action: 'accept' } } })),
              msg('received', 12, {
                jsonrpc: '2.0',
                id: 2,
                result: { content: [{ type: 'text', text: 'Hello Ada' }] },
              }),
            ],
          },
        }}
      />,
    );
    const shown = text(html);
    expect(shown).toContain('Ran: ask-name · 42 ms');
    expect(shown).toContain('JSON-RPC messages (2 rounds)');
    expect(shown).toContain('[info] asked once');
    // The timeline's own view: server, revision, one region per round, each message named for what it is.
    expect(html).toContain('aria-label="MCP call"');
    expect(shown).toContain('Server modern');
    expect(shown).toContain('Protocol revision 2026-07-28');
    expect(html).toContain('aria-label="Round 1 response (input required)"');
    expect(html).toContain('aria-label="Round 2 request"');
    expect(html).toContain('aria-label="Round 2 response"');
  });

  it('says a failed call failed, and shows a refusal of the arguments as an alert without a call', () => {
    const failed = text(
      renderToStaticMarkup(
        <McpTryOutcomeView
          name="t"
          outcome={{
            kind: 'ran',
            durationMs: 7,
            server: { serverId: 's', serverName: 'x', protocolRevision: '2025-11-25' },
            outcome: { outcome: 'error', content: 'Error: boom', blocks: [], logs: [] },
          }}
        />,
      ),
    );
    expect(failed).toContain('Failed: t · 7 ms');
    expect(failed).not.toContain('JSON-RPC messages');
    const refused = renderToStaticMarkup(
      <McpTryOutcomeView
        name="t"
        outcome={{ kind: 'invalid', issues: [{ path: '/text', message: 'must be string' }] }}
      />,
    );
    expect(refused).toMatch(/^<div role="alert"/);
    expect(text(refused)).toContain('/text must be string');
  });
});
