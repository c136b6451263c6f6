import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOf } from '../domain/run-events';
import type { WireExchange } from '../domain/wire-exchange';
import { harness } from '../agent/testing/harness';
import { scriptedModel } from '../agent/testing/scripted-model';
import { createOpenAIClient } from './openai-client';
import { sendJSON, startSSE, startTestServer, type TestServer } from './testing/http-server';

const KEY = 'sk-loop-capture-0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The loop with a real Chat Completions client over the local server, every exchange it hands over collected. */
async function run(): Promise<{ exchanges: WireExchange[]; starts: EventOf<'request_started'>[] }> {
  const exchanges: WireExchange[] = [];
  const model = createOpenAIClient({ apiKey: KEY, baseURL: server.baseURL });
  const h = harness(scriptedModel([]), { model, onExchange: (e) => exchanges.push(e) });
  await h.run();
  const starts = h.events.filter((e): e is EventOf<'request_started'> => e.type === 'request_started');
  return { exchanges, starts };
}

const reply = (res: Parameters<typeof startSSE>[0]) => {
  startSSE(res);
  res.end(
    'data: {"choices":[{"index":0,"delta":{"content":"ok"}}]}\n\n' +
      'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
  );
};

describe('the loop hands each attempt its own exchange', () => {
  it('one request: one exchange, owned by the attempt that made it', async () => {
    server.handle((_req, res) => reply(res));
    const { exchanges, starts } = await run();
    expect(starts).toHaveLength(1);
    await expect.poll(() => exchanges.length).toBe(1);
    expect(exchanges[0]).toMatchObject({
      sessionId: 'session-1',
      owner: { kind: 'model', runId: 'run-1', messageId: starts[0]?.messageId, attempt: 1 },
      response: { status: 200 },
    });
    expect(exchanges[0]?.request.body?.data).toBe(server.requests.at(-1)?.body);
  });

  it('a retried request: two exchanges, the failed one first with its error body', async () => {
    let n = 0;
    server.handle((_req, res) => {
      if (++n === 1) sendJSON(res, 503, { error: { message: 'busy right now' } });
      else reply(res);
    });
    const { exchanges, starts } = await run();
    expect(starts.map((s) => s.attempt)).toEqual([1, 2]);
    await expect.poll(() => exchanges.length).toBe(2);
    expect(exchanges.map((e) => [e.owner, e.response?.status])).toEqual([
      [{ kind: 'model', runId: 'run-1', messageId: starts[0]?.messageId, attempt: 1, turn: 1 }, 503],
      [{ kind: 'model', runId: 'run-1', messageId: starts[1]?.messageId, attempt: 2, turn: 1 }, 200],
    ]);
    expect(exchanges[0]?.response?.reads.map((r) => r.text).join('')).toContain('busy right now');
    expect(new Set(exchanges.map((e) => e.id)).size).toBe(2);
    expect(JSON.stringify(exchanges)).not.toContain(KEY);
  });
});
