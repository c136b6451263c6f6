import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness } from '../agent/testing/harness';
import { scriptedModel, textReply, toolCallsReply } from '../agent/testing/scripted-model';
import { flattenTool, unflattenTool, type HttpToolSpec, type ToolDefinition } from '../domain/tool-definition';
import type { CapturedExchange, WireExchange } from '../domain/wire-exchange';
import { sendJSON, startTestServer, type TestServer } from '../llm/testing/http-server';
import { newDefinition } from './definition';
import { createToolExecutor } from './executor';
import { runHttpTool } from './http-runner';
import type { SecretSource } from './secret-source';

const SECRET = 'tool-secret-0123456789';
const KEY = 'plain-key-abcdef';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const secrets: SecretSource = {
  headerSecret: async (toolId, name) => (toolId === 'lookup' && name === 'X-Tool-Token' ? SECRET : undefined),
};

function spec(patch: Partial<HttpToolSpec> = {}): HttpToolSpec {
  return {
    method: 'POST',
    urlTemplate: `${server.baseURL}/lookup/{city}`,
    headers: [
      { name: 'X-Tool-Token', value: '', secret: true },
      { name: 'Authorization', value: `Bearer ${KEY}`, secret: false },
      { name: 'X-Plain', value: 'shown', secret: false },
    ],
    bodyTemplate: '{"city": {{city}}}',
    responseType: 'json',
    ...patch,
  };
}

const noMarker = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('x-toolscope'));

describe('an HTTP tool call captured (docs/wire-capture.md, "Tools")', () => {
  it('records the request as the server got it, its secrets hidden, and the response', async () => {
    server.handle((_req, res) => sendJSON(res, 200, { temp: 21 }));
    const captured: CapturedExchange[] = [];
    const report = await runHttpTool(
      'lookup',
      spec(),
      { city: 'Paris' },
      { secrets, fetch: globalThis.fetch, outputLimitBytes: 10_000, capture: (e) => captured.push(e) },
      new AbortController().signal,
    );
    expect(report).toMatchObject({ outcome: 'ok', content: '{"temp":21}' });
    await expect.poll(() => captured.length).toBe(1);
    const seen = server.requests.at(-1);
    const e = captured[0];
    expect(e?.request.url).toBe(`${server.baseURL}/lookup/Paris`);
    expect(e?.request.body?.data).toBe(seen?.body);
    expect(e?.request.headers).toContainEqual({
      name: 'x-tool-token',
      value: '',
      secret: { variable: 'TOOLSCOPE_SECRET_X_TOOL_TOKEN' },
    });
    // A key header is hidden even when the tool keeps it in plain sight, named by its own variable.
    expect(e?.request.headers).toContainEqual({
      name: 'authorization',
      value: '',
      secret: { variable: 'TOOLSCOPE_SECRET_AUTHORIZATION', prefix: 'Bearer ' },
    });
    expect(e?.request.headers).toContainEqual({ name: 'x-plain', value: 'shown' });
    expect(e?.response?.status).toBe(200);
    expect(e?.response?.reads.map((r) => r.text).join('')).toBe('{"temp":21}');
    expect(JSON.stringify(captured)).not.toContain(SECRET);
    expect(JSON.stringify(captured)).not.toContain(KEY);
    // The wire carries what it would without capture: the secret itself, and no marker.
    expect(seen?.headers['x-tool-token']).toBe(SECRET);
    expect(noMarker(seen?.headers ?? {})).toEqual([]);
  });

  it('a call without a sink is sent as before and records nothing', async () => {
    server.handle((_req, res) => sendJSON(res, 200, { ok: true }));
    const report = await runHttpTool(
      'lookup',
      spec({ method: 'GET', bodyTemplate: null }),
      { city: 'Rome' },
      { secrets, fetch: globalThis.fetch, outputLimitBytes: 10_000 },
      new AbortController().signal,
    );
    expect(report.outcome).toBe('ok');
    expect(server.requests.at(-1)?.headers['x-tool-token']).toBe(SECRET);
    expect(noMarker(server.requests.at(-1)?.headers ?? {})).toEqual([]);
  });

  it('an error status is recorded with its body', async () => {
    server.handle((_req, res) => sendJSON(res, 503, { error: 'down for now' }));
    const captured: CapturedExchange[] = [];
    const report = await runHttpTool(
      'lookup',
      spec(),
      { city: 'Oslo' },
      { secrets, fetch: globalThis.fetch, outputLimitBytes: 10_000, capture: (e) => captured.push(e) },
      new AbortController().signal,
    );
    expect(report.outcome).toBe('error');
    await expect.poll(() => captured.length).toBe(1);
    expect(captured[0]?.response?.status).toBe(503);
    expect(captured[0]?.response?.reads.map((r) => r.text).join('')).toContain('down for now');
  });

  it('the loop hands the exchange over owned by the run and the call', async () => {
    server.handle((_req, res) => sendJSON(res, 200, { temp: 9 }));
    const tool: ToolDefinition = unflattenTool({
      ...flattenTool(newDefinition('lookup', 1)),
      name: 'lookup',
      description: 'd',
      kind: 'http',
      code: null,
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
      http: spec(),
    });
    const exchanges: WireExchange[] = [];
    const h = harness(
      scriptedModel([toolCallsReply([{ id: 'call-7', name: 'lookup', args: '{"city":"Lima"}' }]), textReply(['done'])]),
      { tools: createToolExecutor([tool], { secrets }), onExchange: (e) => exchanges.push(e) },
    );
    const result = await h.run();
    expect(result.stopReason).toBe('complete');
    await expect.poll(() => exchanges.length).toBe(1);
    expect(exchanges[0]).toMatchObject({
      sessionId: 'session-1',
      owner: { kind: 'tool', runId: 'run-1', callId: 'call-7' },
      request: { method: 'POST', url: `${server.baseURL}/lookup/Lima`, body: { data: '{"city": "Lima"}' } },
      response: { status: 200 },
    });
    expect(JSON.stringify(exchanges)).not.toContain(SECRET);
  });
});
