import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { ModelError } from '../../agent/errors';
import type { ModelClient, StreamOptions } from '../../agent/model-client';
import { DEMO_BASE_URL } from '../../llm/known-providers';
import { lazyModelClient, runModelClient } from './lazy-model-client';

const chunk = (content: string) =>
  ({
    id: 'x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  }) as ChatCompletionChunk;

describe('lazyModelClient', () => {
  it('loads the real client once, on the first request, and streams through it with the same options object', async () => {
    let loads = 0;
    const seen: StreamOptions[] = [];
    const real: ModelClient = {
      stream: (_req, options) => {
        seen.push(options);
        return (async function* () {
          yield chunk('a');
          yield chunk('b');
        })();
      },
    };
    const client = lazyModelClient(async () => {
      loads++;
      return real;
    });
    expect(loads).toBe(0);
    const options: StreamOptions = { signal: new AbortController().signal, onActivity: () => undefined };
    const got: string[] = [];
    for (let i = 0; i < 2; i++) {
      for await (const c of client.stream({ model: 'm', messages: [], stream: true }, options))
        got.push(c.choices[0]?.delta.content ?? '');
    }
    expect(got).toEqual(['a', 'b', 'a', 'b']);
    expect(loads).toBe(1);
    // Whole, not rebuilt: an option added later reaches the real client without this wrapper knowing it.
    expect(seen).toEqual([options, options]);
    expect(seen[0]).toBe(options);
  });

  it('reports a load failure as a retryable network error, and loads again on the next request', async () => {
    let loads = 0;
    const real: ModelClient = {
      stream: () =>
        (async function* () {
          yield chunk('ok');
        })(),
    };
    const client = lazyModelClient(async () => {
      if (++loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return real;
    });
    const stream = client.stream({ model: 'm', messages: [], stream: true }, { signal: new AbortController().signal });
    const first = stream[Symbol.asyncIterator]();
    const err: unknown = await first.next().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect(err).toMatchObject({
      retryable: true,
      info: { kind: 'network', message: expect.stringContaining('Failed to fetch dynamically imported module') },
    });
    const got: string[] = [];
    for await (const c of client.stream(
      { model: 'm', messages: [], stream: true },
      { signal: new AbortController().signal },
    ))
      got.push(c.choices[0]?.delta.content ?? '');
    expect(got).toEqual(['ok']);
    expect(loads).toBe(2);
  });

  it('gives the demo base URL the in-page demo model, in Chat Completions even when the session chose Responses, with no fetch', async () => {
    const realFetch = globalThis.fetch;
    let fetches = 0;
    globalThis.fetch = (() => {
      fetches++;
      return Promise.reject(new Error('no network for the demo'));
    }) as typeof fetch;
    try {
      const client = runModelClient({
        apiKey: '',
        baseURL: ` ${DEMO_BASE_URL}/`,
        wire: { format: 'responses', providerTools: [], providerStorage: false },
      });
      expect(client.wire).toBeUndefined();
      let text = '';
      for await (const c of client.stream(
        { model: 'toolscope-demo', messages: [{ role: 'user', content: 'hi' }], stream: true },
        { signal: new AbortController().signal },
      )) {
        text += (c as ChatCompletionChunk).choices[0]?.delta.content ?? '';
      }
      expect(text).toContain('demo model');
      expect(fetches).toBe(0);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
