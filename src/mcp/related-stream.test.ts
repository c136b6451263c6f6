import { describe, expect, it } from 'vitest';
import { createRelatingFetch, serverRequestScanner, soleRequestId } from './related-stream';

const encode = (s: string) => new TextEncoder().encode(s);

async function scan(chunks: string[]): Promise<{ ids: string[]; text: string }> {
  const ids: string[] = [];
  const source = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(encode(chunk));
      c.close();
    },
  });
  const text = await new Response(source.pipeThrough(serverRequestScanner((id) => ids.push(id)))).text();
  return { ids, text };
}

describe('relating a server request to the page request whose event stream carried it', () => {
  it('finds the requests among the events, across chunk boundaries, and passes the bytes through unchanged', async () => {
    const events = [
      'id: 1\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":3,"progress":1}}\n\n',
      'event: message\ndata: {"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{}}\r\n\r\n',
      'data: {"jsonrpc":"2.0","id":"s-8","method":"sampling/createMessage","params":{}}\n\n',
      'data: {"jsonrpc":"2.0","id":3,"result":{"content":[]}}\n\n',
    ].join('');
    const cut = [events.slice(0, 30), events.slice(30, 131), events.slice(131, 132), events.slice(132)];
    const { ids, text } = await scan(cut);
    expect(ids).toEqual(['7', 's-8']);
    expect(text).toBe(events);
  });

  it('ignores what is not JSON and a stream that ends without a blank line still counts its last event', async () => {
    const { ids } = await scan(['data: not json\n\n', 'data: {"jsonrpc":"2.0","id":1,"method":"ping"}']);
    expect(ids).toEqual(['1']);
  });

  it('knows the one request of a POST body and nothing else', () => {
    expect(soleRequestId('{"jsonrpc":"2.0","id":4,"method":"tools/call"}')).toBe('4');
    expect(soleRequestId('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeNull();
    expect(soleRequestId('{"jsonrpc":"2.0","id":4,"result":{}}')).toBeNull();
    expect(soleRequestId('[{"jsonrpc":"2.0","id":4,"method":"tools/call"}]')).toBeNull();
    expect(soleRequestId('{')).toBeNull();
    expect(soleRequestId(undefined)).toBeNull();
  });

  it('relates only event-stream answers to a request, keeping status and headers', async () => {
    const related: [string, string][] = [];
    const base = async (_: RequestInfo | URL, init?: RequestInit) =>
      String(init?.body).includes('"id":5')
        ? new Response('data: {"jsonrpc":"2.0","id":0,"method":"elicitation/create"}\n\n', {
            status: 200,
            headers: { 'content-type': 'text/event-stream; charset=utf-8', 'mcp-session-id': 'abc' },
          })
        : new Response('{"jsonrpc":"2.0","id":0,"method":"elicitation/create"}', {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    const f = createRelatingFetch(base, (s, c) => related.push([s, c]));
    const sse = await f('http://x/mcp', { method: 'POST', body: '{"jsonrpc":"2.0","id":5,"method":"tools/call"}' });
    expect(sse.headers.get('mcp-session-id')).toBe('abc');
    await sse.text();
    await (await f('http://x/mcp', { method: 'POST', body: '{"jsonrpc":"2.0","id":6,"method":"tools/call"}' })).text();
    expect(related).toEqual([['0', '5']]);
  });
});
