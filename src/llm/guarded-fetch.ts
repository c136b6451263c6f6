/**
 * The fetch every SDK call goes through. Two guards on what the configured endpoint may make the page do:
 *
 * - Redirects are not followed blindly. A redirect re-sends the request (the whole conversation, on a 307/308)
 *   to wherever the server points, so only one to the base URL's own origin is followed; any other is refused
 *   with `RedirectRefusedError` before a byte goes there. Browsers hide the target of a manual redirect (an
 *   "opaqueredirect" response), so there every redirect is refused, without the target's name.
 * - An error response's body is read up to ERROR_BODY_LIMIT_BYTES, then cut with a visible marker, so a
 *   huge error page never reaches memory, storage or the screen whole.
 */

export const ERROR_BODY_LIMIT_BYTES = 64 * 1024;

/** At most this many same-origin hops (fetch itself allows 20; an API needs one at most). */
const MAX_REDIRECTS = 5;

export class RedirectRefusedError extends Error {
  constructor(
    /** The base URL's origin. */
    readonly from: string,
    /** The origin it pointed to; null when the browser does not reveal it. */
    readonly to: string | null,
    /** The redirect's status; null when the browser does not reveal it. */
    readonly status: number | null,
  ) {
    super(to === null ? `${from} answered with a redirect` : `${from} redirected the request to ${to}`);
    this.name = 'RedirectRefusedError';
  }
}

export function guardedFetch(
  baseURL: string,
  inner: typeof fetch = (...args) => globalThis.fetch(...args),
): typeof fetch {
  const origin = originOf(baseURL);
  return async (input, init) => {
    let url = requestURL(input);
    let next: RequestInit = { ...init, redirect: 'manual' };
    for (let hop = 0; ; hop++) {
      const res = await inner(url, next);
      if (res.type === 'opaqueredirect') throw new RedirectRefusedError(origin, null, null);
      const location = isRedirect(res.status) ? res.headers.get('location') : null;
      // Past the hop limit the redirect itself is the answer: the SDK reports its status.
      if (location === null || hop >= MAX_REDIRECTS) return res.ok ? res : boundErrorBody(res);
      await res.body?.cancel().catch(() => undefined);
      const target = new URL(location, url);
      if (target.origin !== origin) throw new RedirectRefusedError(origin, target.origin, res.status);
      next = followUp(res.status, next);
      url = target.href;
    }
  };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** What fetch itself would send next: 307/308 repeat the request; 303, and 301/302 after a POST, become a GET without a body. */
function followUp(status: number, init: RequestInit): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  if (
    status === 303 ? method !== 'GET' && method !== 'HEAD' : (status === 301 || status === 302) && method === 'POST'
  ) {
    const { body: _body, ...rest } = init;
    const headers = new Headers(init.headers);
    headers.delete('content-type');
    headers.delete('content-length');
    return { ...rest, method: 'GET', headers };
  }
  return init;
}

function requestURL(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function originOf(baseURL: string): string {
  try {
    return new URL(baseURL.trim()).origin;
  } catch {
    return baseURL;
  }
}

const encoder = new TextEncoder();

/** The same response with its body cut at the limit and a marker appended; the rest is never read. */
function boundErrorBody(res: Response): Response {
  if (!res.body) return res;
  const reader = res.body.getReader();
  let kept = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      const room = ERROR_BODY_LIMIT_BYTES - kept;
      if (value.byteLength <= room) {
        kept += value.byteLength;
        controller.enqueue(value);
        return;
      }
      // A cut inside a multi-byte character leaves a replacement character at worst: the text is for people.
      if (room > 0) controller.enqueue(value.subarray(0, room));
      controller.enqueue(encoder.encode(`\n…[error body truncated at ${ERROR_BODY_LIMIT_BYTES / 1024} KB]`));
      controller.close();
      await reader.cancel().catch(() => undefined);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
