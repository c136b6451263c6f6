import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelClient, StreamOptions } from '../agent/model-client';
import { lazyModelClient } from './lazy-model-client';

const chunk = (content: string) => ({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] }) as ChatCompletionChunk;

describe('lazyModelClient', () => {
  it('loads the real client once, on the first request, and streams through it with the same options object', async () => {
    let loads = 0;
    const seen: StreamOptions[] = [];
    const real: ModelClient = {
      stream: (_req, options) => {
        seen.push(options);
        return (async function* () { yield chunk('a'); yield chunk('b'); })();
      },
    };
    const client = lazyModelClient(async () => { loads++; return real; });
    expect(loads).toBe(0);
    const options: StreamOptions = { signal: new AbortController().signal, onActivity: () => undefined };
    const got: string[] = [];
    for (let i = 0; i < 2; i++) {
      for await (const c of client.stream({ model: 'm', messages: [], stream: true }, options)) got.push(c.choices[0]?.delta.content ?? '');
    }
    expect(got).toEqual(['a', 'b', 'a', 'b']);
    expect(loads).toBe(1);
    // Whole, not rebuilt: an option added later reaches the real client without this wrapper knowing it.
    expect(seen).toEqual([options, options]);
    expect(seen[0]).toBe(options);
  });

  it('passes a load failure to the caller of the stream', async () => {
    const client = lazyModelClient(() => Promise.reject(new Error('offline')));
    const it = client.stream({ model: 'm', messages: [], stream: true }, { signal: new AbortController().signal })[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow('offline');
  });
});
