import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerResponse } from 'node:http';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { AgentEventBody } from '../domain/run-events';
import type { WireExchange } from '../domain/wire-exchange';
import { streamAttempt } from '../agent/stream-attempt';
import { startSSE, startTestServer, type TestServer } from '../llm/testing/http-server';
import { runModelClient } from './run/lazy-model-client';

/*
 * The model client exactly as the endpoint door builds it for a run (the lazy loader around the SDK client), against a
 * real HTTP server: options the loop passes must reach the SSE reader through every wrapper.
 */

const ROLE = 'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}\n\n';
const ANSWER = 'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n';
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], stream: true as const };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const client = () => runModelClient({ apiKey: 'sk-test-123456', baseURL: server.baseURL });

/** Writes `: keep-alive` every `everyMs` for `forMs`, stopping early when the client goes away. */
async function keepAlives(res: ServerResponse, everyMs: number, forMs: number): Promise<void> {
  for (let waited = 0; waited < forMs && !res.destroyed; waited += everyMs) {
    res.write(': keep-alive\n\n');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

describe('the run model client (production wiring)', () => {
  it('reports SSE keep-alive comments through onActivity', async () => {
    let activity = 0;
    // The server writes one thing at a time and waits until the client has seen it, so no two share a read.
    let seen: () => void = () => {};
    // Bounded, so a client that never reports activity fails on the count below instead of hanging.
    const clientSaw = () =>
      new Promise<void>((resolve) => {
        seen = resolve;
        setTimeout(resolve, 5_000);
      });
    server.handle(async (_req, res) => {
      startSSE(res);
      let next = clientSaw();
      res.write(ROLE);
      await next;
      for (let i = 0; i < 3; i++) {
        next = clientSaw();
        res.write(': keep-alive\n\n');
        await next;
      }
      res.end(ANSWER);
    });
    const onActivity = () => {
      activity++;
      seen();
    };
    const chunks: ChatCompletionChunk[] = [];
    for await (const c of client().stream(request, { signal: new AbortController().signal, onActivity })) {
      chunks.push(c);
      seen();
    }
    expect(chunks.map((c) => c.choices[0]?.delta.content)).toEqual(['', 'Hi']);
    expect(activity).toBe(3);
  });

  it('keeps a request alive through keep-alives longer than the idle timeout: one request, the answer arrives', async () => {
    const idleTimeoutMs = 1_500;
    server.handle(async (_req, res) => {
      startSSE(res);
      res.write(ROLE);
      // Twice the idle timeout of comments only, then the answer.
      await keepAlives(res, 150, 2 * idleTimeoutMs);
      res.end(ANSWER);
    });
    const events: AgentEventBody[] = [];
    const outcome = await streamAttempt({
      model: client(),
      request,
      signal: new AbortController().signal,
      config: { firstByteTimeoutMs: DEFAULT_CONFIG.firstByteTimeoutMs, idleTimeoutMs },
      emit: (e) => events.push(e),
      turn: 1,
      attempt: 1,
      messageId: 'm1',
    });
    expect(outcome).toMatchObject({ kind: 'done', turn: { text: 'Hi' } });
    expect(server.requests).toHaveLength(1);
    expect(events.filter((e) => e.type === 'text_delta')).toHaveLength(1);
  });

  it("hands the attempt's exchange, as the server received it, through the lazy loader to the run's sink", async () => {
    server.handle((_req, res) => {
      startSSE(res);
      res.end(ROLE + ANSWER);
    });
    const exchanges: WireExchange[] = [];
    const outcome = await streamAttempt({
      model: client(),
      request,
      signal: new AbortController().signal,
      config: DEFAULT_CONFIG,
      emit: () => undefined,
      turn: 1,
      attempt: 2,
      messageId: 'm2',
      exchanges: { runId: 'r1', sessionId: 's1', newId: () => 'x1', onExchange: (e) => exchanges.push(e) },
    });
    expect(outcome.kind).toBe('done');
    await expect.poll(() => exchanges.length).toBe(1);
    expect(exchanges).toMatchObject([
      {
        id: 'x1',
        sessionId: 's1',
        owner: { kind: 'model', runId: 'r1', messageId: 'm2', attempt: 2 },
        request: { body: { encoding: 'utf8', data: server.requests[0]?.body } },
        response: { status: 200 },
      },
    ]);
    expect(exchanges[0]?.response?.reads.map((r) => r.text).join('')).toBe(ROLE + ANSWER);
  });
});
