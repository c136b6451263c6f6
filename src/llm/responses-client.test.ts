import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accumulateResponses, type ResponsesEvent } from '../agent/responses-accumulator';
import { ModelError } from '../agent/errors';
import type { ModelRequest } from '../agent/model-client';
import { createResponsesClient } from './responses-client';
import { startTestServer, type TestServer } from './testing/http-server';

const KEY = 'sk-test-0123456789abcdef';
const FIXTURES = join(import.meta.dirname, '../agent/__fixtures__/openai-responses-sse');
const request: ModelRequest = { model: 'gpt-5-mini', messages: [{ role: 'user', content: 'hi' }], stream: true };
const wire = { format: 'responses', providerTools: [], providerStorage: false } as const;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const client = () => createResponsesClient({ apiKey: KEY, baseURL: server.baseURL, wire });

function serve(body: string) {
  server.handle((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    // Small pieces: events split across reads.
    for (let i = 0; i < body.length; i += 997) res.write(body.slice(i, i + 997));
    res.end();
  });
}

async function collect(): Promise<{ events: ResponsesEvent[]; error: unknown }> {
  const events: ResponsesEvent[] = [];
  try {
    for await (const e of client().stream(request, { signal: new AbortController().signal })) events.push(e);
    return { events, error: null };
  } catch (error) {
    return { events, error };
  }
}

describe('createResponsesClient against a real HTTP server', () => {
  it('posts a stateless body to /responses and reads a recorded stream through to the assembled turn', async () => {
    serve(readFileSync(join(FIXTURES, 'openai-gpt-5.1-codex-max-encrypted-reasoning-then-function-call.sse'), 'utf8'));
    const { events, error } = await collect();
    expect(error).toBe(null);
    const seen = server.requests.at(-1);
    expect(seen?.url).toBe('/v1/responses');
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = JSON.parse(seen?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({
      model: 'gpt-5-mini',
      stream: true,
      store: false,
      include: ['reasoning.encrypted_content'],
      input: [{ role: 'user', content: 'hi' }],
    });
    expect(body).not.toHaveProperty('messages');
    const turn = await accumulateResponses(events);
    expect(turn.toolCalls).toEqual([
      { id: 'call_AB6AaRZ1FYZB2RwS6A5vbdqn', name: 'calculator', arguments: '{"a":12,"b":7,"op":"add"}' },
    ]);
    expect(turn.items?.[0]).toMatchObject({ kind: 'reasoning' });
  });

  it('rejects with the provider error of an `error` event after the events before it', async () => {
    serve(readFileSync(join(FIXTURES, 'openai-gpt-5-nano-error-then-response-failed.sse'), 'utf8'));
    const { events, error } = await collect();
    expect(events.map((e) => e.type)).toEqual(['response.created', 'response.in_progress']);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).info).toMatchObject({ kind: 'provider_stream_error', code: 'insufficient_quota' });
  });

  it('treats a body cut before any terminal event as a lost connection, worth a retry', async () => {
    const whole = readFileSync(join(FIXTURES, 'openai-gpt-4o-plain-text-usage.sse'), 'utf8');
    serve(whole.slice(0, whole.indexOf('event: response.completed')));
    const { error } = await collect();
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).info.kind).toBe('network');
    expect((error as ModelError).retryable).toBe(true);
  });
  it('shows its own body before sending, and sends a body edited at a pause as it is', async () => {
    const conversation = {
      messages: [{ id: 'u1', createdAt: 1, role: 'user' as const, content: 'as typed' }],
      tools: [],
    };
    const shown = await client().bodyFor?.(request, { conversation });
    expect(shown?.body).toMatchObject({ model: 'gpt-5-mini', input: [{ role: 'user', content: 'as typed' }] });
    expect(shown?.body).not.toHaveProperty('messages');
    serve(readFileSync(join(FIXTURES, 'openai-gpt-4o-plain-text-usage.sse'), 'utf8'));
    const edited = JSON.parse(JSON.stringify(shown?.body).replace('as typed', 'as edited')) as unknown;
    const signal = new AbortController().signal;
    for await (const _event of client().stream(request, { signal, conversation, body: edited }));
    expect(JSON.parse(server.requests.at(-1)?.body ?? '{}')).toEqual(edited);
  });
});
