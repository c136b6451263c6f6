import { afterEach, describe, expect, it, vi } from 'vitest';
import { heuristicCounter, type Encoding, type TokenCount } from './token-count';
import { answerCount, cachedLoader, type CountRequest } from './token-protocol';
import {
  createTokenCounter,
  tokenCounterFor,
  workerTransport,
  type CountPort,
  type CountTransport,
} from './token-counter';

/** A transport that records what it was asked and answers when told to. */
function manualTransport() {
  const asked: string[][] = [];
  const waiting: { texts: string[]; resolve: (c: TokenCount[]) => void; reject: (e: Error) => void }[] = [];
  const transport: CountTransport = (_encoding: Encoding, texts: string[]) => {
    asked.push(texts);
    return new Promise((resolve, reject) => waiting.push({ texts, resolve, reject }));
  };
  const answerAll = () => {
    for (const w of waiting.splice(0)) w.resolve(w.texts.map((t) => ({ tokens: t.length * 10, exact: true })));
  };
  return { transport, asked, waiting, answerAll };
}

afterEach(() => vi.useRealTimers());

describe('createTokenCounter', () => {
  it('estimates until a text is counted, then serves the exact count without asking again', async () => {
    const t = manualTransport();
    const counter = createTokenCounter('o200k_base', t.transport);
    expect(counter.count('abcdefgh')).toEqual({ tokens: 2, exact: false });
    const ready = counter.prepare(['abcdefgh', 'xy', 'abcdefgh', '']);
    expect(t.asked).toEqual([['abcdefgh', 'xy']]);
    t.answerAll();
    await ready;
    expect(counter.count('abcdefgh')).toEqual({ tokens: 80, exact: true });
    // The next request (and the meter) carry the same texts plus one new: only the new one is counted.
    const both = Promise.all([counter.prepare(['abcdefgh', 'xy', 'new']), counter.prepare(['xy', 'new'])]);
    expect(t.asked).toEqual([['abcdefgh', 'xy'], ['new']]);
    t.answerAll();
    await both;
    expect(counter.count('new')).toEqual({ tokens: 30, exact: true });
  });

  it('waits no longer than its budget: the request goes on with estimates, the count lands later', async () => {
    vi.useFakeTimers();
    const t = manualTransport();
    const counter = createTokenCounter('o200k_base', t.transport);
    let resolved = false;
    const ready = counter.prepare(['slow text'], 500).then(() => {
      resolved = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(counter.count('slow text').exact).toBe(false);
    t.answerAll();
    await vi.runAllTimersAsync();
    expect(counter.count('slow text')).toEqual({ tokens: 90, exact: true });
  });

  it('keeps estimating when the counter cannot count (its worker failed to load)', async () => {
    const counter = createTokenCounter('o200k_base', () => Promise.reject(new Error('chunk failed')));
    await counter.prepare(['hello world']);
    expect(counter.count('hello world')).toEqual({ tokens: 3, exact: false });
  });
});

describe('workerTransport', () => {
  const channels: MessageChannel[] = [];
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
  });

  it('counts on the far side of a real MessageChannel, as the worker does', async () => {
    const load = cachedLoader();
    const transport = workerTransport(() => {
      const channel = new MessageChannel();
      channels.push(channel);
      channel.port2.onmessage = async (event: MessageEvent<CountRequest>) =>
        channel.port2.postMessage(await answerCount(load, event.data));
      return channel.port1 as unknown as CountPort;
    });
    const counter = createTokenCounter('o200k_base', transport);
    // "<|endoftext|>" in a message is text to the API, not a special token; the tokenizer's default would throw.
    // A budget no busy machine runs past: this test is about what is counted, not how fast.
    await counter.prepare(['hello world', 'say <|endoftext|> now'], 60_000);
    expect(counter.count('hello world')).toEqual({ tokens: 2, exact: true });
    expect(counter.count('say <|endoftext|> now').exact).toBe(true);
    expect(counter.count('say <|endoftext|> now').tokens).toBeGreaterThan(3);
  });
});

describe('tokenCounterFor', () => {
  it('counts OpenAI models with their encoding (in process where there are no workers) and estimates others', async () => {
    const gpt = tokenCounterFor('gpt-4o');
    expect(gpt.encoding).toBe('o200k_base');
    expect(tokenCounterFor('gpt-4o-mini')).toBe(gpt);
    await gpt.prepare(['hello world'], 60_000);
    // "hello world" is two tokens in o200k; the estimate would say 3.
    expect(gpt.count('hello world')).toEqual({ tokens: 2, exact: true });
    expect(tokenCounterFor('llama-3.3-70b')).toBe(heuristicCounter);
    expect(heuristicCounter.count('hello world')).toEqual({ tokens: 3, exact: false });
  });
});
