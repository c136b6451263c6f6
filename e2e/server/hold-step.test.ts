import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from './mock-server';
import { chatBody, parseSse, postChat } from './testing/mock-client';

let mock: MockServer;
beforeEach(async () => {
  mock = await startMockServer();
});
afterEach(async () => {
  await mock.close();
});

const streamReq = (content = 'hi') => ({ ...chatBody(content), stream: true as const });
const contentOf = (data: string) =>
  (JSON.parse(data) as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? '';

/** Reads a streaming response as it comes; `until` waits for the text so far to satisfy a test. */
function reader(res: Response) {
  const r = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    get text() {
      return text;
    },
    async until(ok: (text: string) => boolean): Promise<string> {
      while (!ok(text)) {
        const { value, done } = await r.read();
        if (done) throw new Error(`stream ended before the condition held: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
    async rest(): Promise<string> {
      for (;;) {
        const { value, done } = await r.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe('hold step', () => {
  it('sends the events before each stop, then nothing more until the test releases the gate', async () => {
    mock.script([
      {
        kind: 'hold',
        gate: 'g',
        afterChunks: [3, 5],
        everyMs: 20,
        step: { kind: 'text', content: 'one two three four five six' },
      },
    ]);
    const stream = reader(await postChat(mock.url, streamReq()));
    await mock.waitForHold('g');
    // The role chunk and two words, then only comments while it is held (several everyMs later).
    await stream.until((t) => (t.match(/: held/g) ?? []).length >= 3);
    expect(parseSse(stream.text).map((e) => contentOf(e.data))).toEqual(['', 'one ', 'two ']);

    mock.release('g');
    await stream.until((t) => parseSse(t).length >= 5);
    await mock.waitForHold('g');
    expect(parseSse(stream.text).map((e) => contentOf(e.data))).toEqual(['', 'one ', 'two ', 'three ', 'four ']);
    expect(mock.requests[0]?.closedAt).toBeUndefined();

    mock.release('g');
    const events = parseSse(await stream.rest());
    expect(events.map((e) => contentOf(e.data === '[DONE]' ? '{"choices":[]}' : e.data)).join('')).toBe(
      'one two three four five six',
    );
    expect(events.at(-1)?.data).toBe('[DONE]');
    await mock.waitForClose(0);
    expect(mock.requests[0]?.closedBy).toBe('complete');
  });

  it('holds the end of the stream open when the stop is past the last event; a release that came first is kept', async () => {
    mock.release('end');
    mock.script([
      { kind: 'hold', gate: 'first', afterChunks: 1 },
      { kind: 'hold', gate: 'end', afterChunks: 1000, step: { kind: 'text', content: 'all of it' } },
      { kind: 'hold', gate: 'end', afterChunks: 1000, step: { kind: 'text', content: 'all but the end' } },
    ]);
    // Released before it arrived: passes straight through.
    mock.release('first');
    expect(parseSse(await (await postChat(mock.url, streamReq())).text()).at(-1)?.data).toBe('[DONE]');
    expect(parseSse(await (await postChat(mock.url, streamReq())).text()).at(-1)?.data).toBe('[DONE]');

    const stream = reader(await postChat(mock.url, streamReq()));
    await stream.until((t) => t.includes('[DONE]'));
    await mock.waitForHold('end');
    expect(mock.requests[2]?.closedAt).toBeUndefined();
    mock.release('end');
    await stream.rest();
    expect((await mock.waitForClose(2)).by).toBe('complete');
  });

  it('stops waiting when the client goes away, which is a client disconnect', async () => {
    mock.script([{ kind: 'hold', afterChunks: 2, step: { kind: 'text', content: 'a b c' } }]);
    const ac = new AbortController();
    const stream = reader(await postChat(mock.url, streamReq(), { signal: ac.signal }));
    await stream.until((t) => parseSse(t).length >= 2);
    await mock.waitForHold();
    ac.abort();
    await mock.waitForDisconnect(0);
    expect(mock.disconnects).toBe(1);
    // The release that nobody waits for any more stays for the next arrival.
    mock.script([{ kind: 'hold', afterChunks: 0 }]);
    mock.release();
    expect(parseSse(await (await postChat(mock.url, streamReq())).text()).at(-1)?.data).toBe('[DONE]');
  });

  it('times out waiting for a hold that never comes, naming the gate', async () => {
    await expect(mock.waitForHold('nobody', 50)).rejects.toThrow('gate "nobody"');
  });
});

describe('/tools/hold', () => {
  it('answers once its gate is released, and notices a client that leaves', async () => {
    const answer = fetch(`${mock.origin}/tools/hold?gate=tool`).then((r) => r.json() as Promise<unknown>);
    await mock.waitForHold('tool');
    mock.release('tool');
    expect(await answer).toEqual({ ok: true, gate: 'tool' });

    const ac = new AbortController();
    const pending = fetch(`${mock.origin}/tools/hold`, { signal: ac.signal }).catch((e: unknown) => e);
    await mock.waitForHold();
    ac.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    while (mock.allRequests[1]?.closedAt === undefined) await new Promise((r) => setTimeout(r, 5));
    expect(mock.allRequests[1]?.closedBy).toBe('client');
  });
});
