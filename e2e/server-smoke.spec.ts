import { test, expect } from './fixtures';

/** What the page saw of one streamed response. */
type PageRead = { status: number; reads: number; events: string[]; error?: string; abortedAt?: number };

test('the page streams SSE from the mock server across origins (CORS preflight, chunked reads)', async ({
  page,
  mock,
}) => {
  await page.goto('/');
  mock.script([{ kind: 'text', content: 'Streaming through a real socket from Chromium.', chunkDelayMs: 25 }]);
  const got = await page.evaluate(async (url): Promise<PageRead> => {
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-smoke', 'x-stainless-os': 'Unknown' },
      body: JSON.stringify({
        model: 'mock-gpt',
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      reads += 1;
      text += decoder.decode(r.value, { stream: true });
    }
    return { status: res.status, reads, events: text.split('\n\n').filter(Boolean) };
  }, mock.url);

  expect(got.status).toBe(200);
  expect(got.events.at(-1)).toBe('data: [DONE]');
  const chunks = got.events
    .slice(0, -1)
    .map(
      (e) =>
        JSON.parse(e.replace(/^data: /, '')) as { choices: Array<{ delta: { content?: string } }>; usage?: unknown },
    );
  expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(
    'Streaming through a real socket from Chromium.',
  );
  expect(chunks.at(-1)?.usage).toBeTruthy();

  const appOrigin = new URL(page.url()).origin;
  expect(mock.allRequests.map((r) => r.method)).toEqual(['OPTIONS', 'POST']);
  expect(mock.allRequests[0]?.headers['access-control-request-headers']).toContain('authorization');
  expect(mock.requests[0]?.headers.origin).toBe(appOrigin);
  expect(mock.requests[0]?.headers.authorization).toBe('Bearer sk-smoke');

  // Streamed, not buffered: the first chunks reach the page while the server still holds the response open. (How
  // many reads delayed chunks take depends on how busy the machine is; a response that never ends does not.)
  mock.script([{ kind: 'hang', afterChunks: 2, step: { kind: 'text', content: 'held open' } }]);
  const early = await page.evaluate(async (url) => {
    const ac = new AbortController();
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-gpt', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      signal: ac.signal,
    });
    const first = await res.body!.getReader().read();
    ac.abort();
    return new TextDecoder().decode(first.value);
  }, mock.url);
  expect(early).toMatch(/^data: \{/);
  await mock.waitForDisconnect(1);
  expect(mock.requests[1]?.closedBy).toBe('client');
});

test('the page aborts mid-stream and the server sees the connection close', async ({ page, mock }) => {
  await page.goto('/');
  // The server goes quiet after three chunks and holds the response open: the abort, not the end, closes it.
  mock.script([
    {
      kind: 'hang',
      afterChunks: 3,
      step: { kind: 'text', content: 'one two three four five six seven eight nine ten eleven twelve' },
    },
  ]);
  const got = await page.evaluate(async (url): Promise<PageRead> => {
    const ac = new AbortController();
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mock-gpt', stream: true, messages: [{ role: 'user', content: 'count' }] }),
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    let reads = 0;
    let abortedAt = 0;
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) break;
        reads += 1;
        if (reads === 1) {
          abortedAt = Date.now();
          ac.abort();
        }
      }
      return { status: res.status, reads, events: [], abortedAt };
    } catch (err) {
      return { status: res.status, reads, events: [], abortedAt, error: err instanceof Error ? err.name : String(err) };
    }
  }, mock.url);

  expect(got.error).toBe('AbortError');
  const { at } = await mock.waitForDisconnect(0);
  expect(mock.requests[0]?.closedBy).toBe('client');
  expect(mock.disconnects).toBe(1);
  // The page and this process share the machine's wall clock.
  test.info().annotations.push({ type: 'abort-to-server-close-ms', description: String(at - (got.abortedAt ?? 0)) });
});

test('with cors: false the browser refuses the response (what a non-browser endpoint looks like)', async ({
  page,
  mock,
}) => {
  await page.goto('/');
  mock.configure({ cors: false });
  const outcome = await page.evaluate(async (url) => {
    try {
      await fetch(`${url}/models`, { headers: { authorization: 'Bearer sk-x' } });
      return 'ok';
    } catch (err) {
      return err instanceof TypeError ? 'TypeError' : String(err);
    }
  }, mock.url);
  expect(outcome).toBe('TypeError');
  // The preflight reached the server; the browser stopped there, so no GET followed.
  expect(mock.allRequests.map((r) => `${r.method} ${r.path}`)).toEqual(['OPTIONS /v1/models']);
});
