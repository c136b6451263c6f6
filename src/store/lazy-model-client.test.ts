import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ModelClient } from '../agent/model-client';
import { lazyModelClient } from './lazy-model-client';

const chunk = (content: string) => ({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] }) as ChatCompletionChunk;

describe('lazyModelClient', () => {
  it('loads the real client once, on the first request, and streams through it with the same signal', async () => {
    let loads = 0;
    const signals: AbortSignal[] = [];
    const real: ModelClient = {
      stream: (_req, signal) => {
        signals.push(signal);
        return (async function* () { yield chunk('a'); yield chunk('b'); })();
      },
    };
    const client = lazyModelClient(async () => { loads++; return real; });
    expect(loads).toBe(0);
    const signal = new AbortController().signal;
    const got: string[] = [];
    for (let i = 0; i < 2; i++) {
      for await (const c of client.stream({ model: 'm', messages: [], stream: true }, signal)) got.push(c.choices[0]?.delta.content ?? '');
    }
    expect(got).toEqual(['a', 'b', 'a', 'b']);
    expect(loads).toBe(1);
    expect(signals).toEqual([signal, signal]);
  });

  it('passes a load failure to the caller of the stream', async () => {
    const client = lazyModelClient(() => Promise.reject(new Error('offline')));
    const it = client.stream({ model: 'm', messages: [], stream: true }, new AbortController().signal)[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow('offline');
  });
});
