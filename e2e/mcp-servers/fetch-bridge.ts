import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Serves a web-standard `(Request) => Response` handler on node:http. The Request's signal aborts, and the
 * response body is cancelled, when the client closes the connection before the response ended: that close is how
 * a 2026-07-28 client cancels a request, so the handler must see it.
 */
export async function serveWithFetchHandler(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  origin: string,
  handler: (request: Request) => Promise<Response>,
  extraHeaders: Record<string, string>,
): Promise<void> {
  const aborter = new AbortController();
  let ended = false;
  res.on('close', () => {
    if (!ended) aborter.abort(new Error('client closed the connection'));
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const request = new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: method === 'GET' || method === 'HEAD' || body.length === 0 ? undefined : new Uint8Array(body),
    signal: aborter.signal,
  });
  const response = await handler(request);
  const outHeaders: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    outHeaders[name] = value;
  });
  res.writeHead(response.status, outHeaders);
  res.flushHeaders();
  if (response.body === null) {
    ended = true;
    res.end();
    return;
  }
  const reader = response.body.getReader();
  aborter.signal.addEventListener('abort', () => void reader.cancel(aborter.signal.reason).catch(() => undefined), {
    once: true,
  });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    ended = true;
    res.end();
  } catch {
    if (!res.writableEnded) res.destroy();
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
