import { describe, expect, it } from 'vitest';
import type { McpWireMessage } from '../domain/mcp-call-trace';
import { wireRounds } from '../domain/mcp-call-trace';
import { createWireTap } from './wire-tap';

const call = (id: number, tp: string, extra: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 't', arguments: {}, _meta: { traceparent: tp }, ...extra },
});

describe('the wire tap', () => {
  it('keeps each call its own rounds, responses and cancellation, apart from a concurrent call', () => {
    const tap = createWireTap(() => 0);
    const a: McpWireMessage[] = [];
    const b: McpWireMessage[] = [];
    tap.begin('A', a);
    tap.begin('B', b);
    tap.sent(call(1, 'A'));
    tap.sent(call(2, 'B'));
    tap.received({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', inputRequests: {} } });
    tap.sent(call(3, 'A', { inputResponses: { x: {} } }));
    tap.received({ jsonrpc: '2.0', id: 3, result: { content: [] } });
    tap.sent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    // A server request while two calls run, on no call's own stream, cannot be placed: neither keeps it.
    tap.received({ jsonrpc: '2.0', id: 9, method: 'elicitation/create', params: {} });
    expect(a.map((m) => JSON.parse(m.json).id)).toEqual([1, 1, 3, 3]);
    expect(wireRounds(a)).toHaveLength(2);
    expect(b.map((m) => JSON.parse(m.json).method ?? 'response')).toEqual(['tools/call', 'notifications/cancelled']);
  });

  it('gives a 2025-11-25 server request and the page answer to the only call in flight', () => {
    const tap = createWireTap(() => 0);
    const a: McpWireMessage[] = [];
    tap.begin('A', a);
    tap.sent(call(1, 'A'));
    tap.received({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { message: 'Name?' } });
    tap.sent({ jsonrpc: '2.0', id: 0, result: { action: 'accept', content: { name: 'x' } } });
    tap.received({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    expect(a.map((m) => m.dir)).toEqual(['sent', 'received', 'sent', 'received']);
    expect(wireRounds(a)).toHaveLength(1);
  });

  it('cuts a long message and keeps a bounded number', () => {
    const tap = createWireTap(() => 0);
    const a: McpWireMessage[] = [];
    tap.begin('A', a);
    tap.sent(call(1, 'A', { big: 'x'.repeat(200_000) }));
    expect(a[0]?.json.length).toBeLessThan(70_000);
    expect(a[0]?.json).toMatch(/\[cut: \d+ characters in all\]$/);
    for (let i = 2; i < 200; i++) tap.sent(call(i, 'A'));
    expect(a.length).toBe(64);
  });

  it("gives a server request related to a call's request to that call, though another is in flight", () => {
    const tap = createWireTap(() => 0);
    const a: McpWireMessage[] = [];
    const b: McpWireMessage[] = [];
    tap.begin('A', a);
    tap.begin('B', b);
    tap.sent(call(1, 'A'));
    tap.sent(call(2, 'B'));
    tap.relate('0', '2');
    tap.received({ jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: {} });
    tap.sent({ jsonrpc: '2.0', id: 0, result: { action: 'decline' } });
    expect(a).toHaveLength(1);
    expect(b.map((m) => m.dir)).toEqual(['sent', 'received', 'sent']);
  });
});
