import { describe, expect, it } from 'vitest';
import { answerGuard, createAnswerGuardFetch } from './answer-guard';
import { UNREADABLE_ANSWER_MARK } from './protocol-fault';

const encode = (s: string) => new TextEncoder().encode(s);

async function guard(id: string | number, chunks: string[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encode(chunk));
      c.close();
    },
  });
  return new Response(source.pipeThrough(answerGuard(id))).text();
}

/** The JSON-RPC messages of the events a reader of the stream sees. */
function messages(text: string): unknown[] {
  return text
    .split(/\n\n+/)
    .map((event) =>
      event
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n'),
    )
    .filter((d) => d !== '')
    .map((d) => {
      try {
        return JSON.parse(d) as unknown;
      } catch {
        return 'unreadable';
      }
    });
}

describe('an event stream answering one request', () => {
  it('passes a readable stream through unchanged, across chunk and \\r\\n boundaries', async () => {
    const events =
      'id: 1\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\r\n\r\nevent: message\ndata: {"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n\n';
    const cuts = [events.slice(0, 7), events.slice(7, 80), events.slice(80, 81), events.slice(81)];
    expect(await guard(3, cuts)).toBe(events);
  });

  it('after an event the transport would drop, answers the request with a marked error, once', async () => {
    const text = await guard(7, ['data: {"jsonrpc":"2.0","id":7,"result":<html>\n', '\ndata: also bad\n\n']);
    expect(messages(text)).toEqual([
      'unreadable',
      {
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32700,
          message: expect.any(String),
          data: {
            toolscope: UNREADABLE_ANSWER_MARK,
            problem: 'unreadable-event',
            detail: 'its data begins: {"jsonrpc":"2.0","id":7,"result":<html>',
          },
        },
      },
      'unreadable',
    ]);
  });

  it('JSON that is not JSON-RPC counts as unreadable; a stream cut without its blank line still ends its event', async () => {
    expect(messages(await guard('a', ['data: {"ok":true}']))).toEqual([
      { ok: true },
      expect.objectContaining({ id: 'a', error: expect.objectContaining({ code: -32700 }) }),
    ]);
  });

  it('adds nothing once the request is answered, nor for events the transport does not read', async () => {
    const answered = 'data: {"jsonrpc":"2.0","id":2,"result":{}}\n\ndata: late garbage\n\n';
    expect(await guard(2, [answered])).toBe(answered);
    const named = 'event: ping\ndata: not json\n\n';
    expect(await guard(2, [named])).toBe(named);
  });

  it('guards only event streams answering one request, and never a listen stream', async () => {
    const sse = (body: string) => async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    const post = (method: string) => ({ method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method }) });
    const bad = 'data: nope\n\n';
    expect(
      messages(await (await createAnswerGuardFetch(sse(bad))('http://x/mcp', post('tools/call'))).text()),
    ).toHaveLength(2);
    expect(await (await createAnswerGuardFetch(sse(bad))('http://x/mcp', post('subscriptions/listen'))).text()).toBe(
      bad,
    );
    expect(
      await (
        await createAnswerGuardFetch(sse(bad))('http://x/mcp', {
          method: 'POST',
          body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        })
      ).text(),
    ).toBe(bad);
  });
});
