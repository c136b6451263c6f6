import type { ToolLog } from '../agent/tool-executor';
import type { HttpToolSpec } from '../domain/tool-definition';
import type { WireSink } from '../domain/wire-exchange';
import { KEY_HEADERS, wireCapture } from '../llm/wire-capture';
import { boundedText, declaredLength, readBounded, type BoundedBody } from './bounded-body';
import { thrownMessage, explainFetchFailure } from './fetch-failure';
import { cutOutput } from './output-limit';
import type { SecretSource } from './secret-source';
import { failed, type ToolFailure, type ToolRunReport } from './tool-failure';
import { fillBody, fillUrl, templateOrigin } from './url-template';

export { fillBody, fillUrl } from './url-template';

type HttpRunDeps = {
  /** Where secret header values live (the secrets table); never read from the definition. */
  secrets: SecretSource;
  fetch: typeof fetch;
  outputLimitBytes: number;
  /** Bytes of the response body received so far, and its Content-Length when the server gave one. */
  onBytes?: (received: number, total: number | null) => void;
  /** Where each request the tool sends (each redirect hop) goes as it went over the wire (docs/wire-capture.md). */
  capture?: WireSink;
};

const EXCERPT_BYTES = 2_000;
/**
 * A JSON answer up to this size is parsed and re-serialised compactly before it is cut; a larger one is cut as text.
 * Parsing happens on the page, so this also bounds how long that one step can hold the main thread.
 */
const JSON_REFORMAT_BYTES = 1024 * 1024;
/** Same-origin redirects followed before giving up (only where the runtime lets us see them, see sendPinned). */
const MAX_REDIRECTS = 5;

export async function runHttpTool(
  toolId: string,
  spec: HttpToolSpec,
  args: unknown,
  deps: HttpRunDeps,
  signal: AbortSignal,
): Promise<ToolRunReport> {
  const error = (failure: ToolFailure, content: string): ToolRunReport =>
    failed(failure, cutOutput(content, deps.outputLimitBytes));

  const pinned = templateOrigin(spec.urlTemplate);
  if (!pinned.ok) return error('setup', `The URL template cannot be used: ${pinned.problem}`);
  let url: URL;
  try {
    url = new URL(fillUrl(spec.urlTemplate, args));
  } catch {
    return error('setup', `The URL template did not produce a valid URL: ${spec.urlTemplate}`);
  }
  if (url.origin !== pinned.origin) {
    return error(
      'blocked',
      `Refused: the arguments moved the request from ${pinned.origin} to ${url.origin}; this tool may only reach ${pinned.origin}.`,
    );
  }
  const headers = new Headers();
  for (const h of spec.headers) {
    const value = h.secret ? await deps.secrets.headerSecret(toolId, h.name) : h.value;
    if (value === undefined)
      return error('setup', `The secret for header "${h.name}" is not set. Add it in the tool's settings.`);
    headers.set(h.name, value);
  }
  let body: string | undefined;
  if (spec.bodyTemplate !== null && spec.bodyTemplate.trim() !== '' && spec.method !== 'GET') {
    body = fillBody(spec.bodyTemplate, args);
    try {
      JSON.parse(body);
    } catch {
      return error('setup', 'The body template did not produce valid JSON once the arguments were filled in.');
    }
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }

  const sent = await sendCaptured(spec, { url, headers, body }, deps, signal);
  if (!sent.ok) return signal.aborted ? error('cancelled', 'Cancelled.') : error(sent.failure, sent.message);
  const res = sent.res;

  let answer: BoundedBody;
  try {
    const total = declaredLength(res);
    const onBytes = deps.onBytes;
    answer = await readBounded(
      res,
      Math.max(deps.outputLimitBytes, JSON_REFORMAT_BYTES),
      undefined,
      onBytes ? (received) => onBytes(received, total) : undefined,
    );
  } catch (err) {
    if (signal.aborted) return error('cancelled', 'Cancelled.');
    return error('network', `Reading the response from ${url.origin} failed: ${thrownMessage(err)}`);
  }
  if (!res.ok) {
    const where = new URL(res.url || url.href);
    return error(
      'http_status',
      `HTTP ${res.status} ${res.statusText}`.trim() +
        ` from ${spec.method} ${where.origin}${where.pathname}\n${boundedText(answer, EXCERPT_BYTES)}`,
    );
  }
  const whole = answer.complete && answer.totalBytes <= JSON_REFORMAT_BYTES;
  if (spec.responseType === 'json' && whole) {
    try {
      return {
        outcome: 'ok',
        content: cutOutput(JSON.stringify(JSON.parse(answer.text)), deps.outputLimitBytes),
        logs: [],
      };
    } catch {
      return {
        outcome: 'ok',
        content: cutOutput(`(The response was not JSON; here it is as text.)\n${answer.text}`, deps.outputLimitBytes),
        logs: [{ level: 'warn', text: 'Expected JSON but the response did not parse.', t: 0 }],
      };
    }
  }
  const logs: ToolLog[] =
    spec.responseType === 'json'
      ? [
          {
            level: 'warn',
            text: `The response is over ${JSON_REFORMAT_BYTES / 1024 / 1024} MB, so it is cut as text rather than read as JSON.`,
            t: 0,
          },
        ]
      : [];
  return { outcome: 'ok', content: boundedText(answer, deps.outputLimitBytes), logs };
}

type Sent = { ok: true; res: Response } | { ok: false; failure: ToolFailure; message: string };

/**
 * Sends through a capture when the call has a sink (docs/wire-capture.md, "Tools"): the tool's secret headers, and any
 * header that carries a key, are hidden as `TOOLSCOPE_SECRET_<NAME>`, so no secret is stored.
 */
async function sendCaptured(
  spec: HttpToolSpec,
  req: { url: URL; headers: Headers; body: string | undefined },
  deps: HttpRunDeps,
  signal: AbortSignal,
): Promise<Sent> {
  const init = { method: spec.method, headers: req.headers, body: req.body };
  const sink = deps.capture;
  if (!sink) return sendPinned(req.url, init, deps.fetch, signal);
  const secretHeaders = [...KEY_HEADERS, ...spec.headers.filter((h) => h.secret).map((h) => h.name)];
  // Every key header is in `secretHeaders`, named for itself: no model format's key variable applies to a tool.
  const capture = wireCapture({ keyVariable: '', inner: deps.fetch, secretHeaders });
  return capture.routed(sink, async (marker) => {
    for (const [name, value] of Object.entries(marker)) req.headers.set(name, value);
    try {
      return await sendPinned(req.url, init, capture.fetch, signal);
    } finally {
      for (const name of Object.keys(marker)) req.headers.delete(name);
    }
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Sends the request without letting the browser follow redirects. With `redirect: 'follow'` the browser re-sends
 * every header to wherever a redirect points (it drops only Authorization when the origin changes), so a custom
 * secret header such as X-Api-Key would reach another origin after a 307. Every HTTP tool is held to this, not only
 * those with secret headers: plain headers often carry credentials too, and the template's origin is the one place
 * the person said the tool may reach.
 *
 * A browser hides where a redirect points (`redirect: 'manual'` yields an opaque response with no Location), so
 * there a redirect is refused with a message saying to use the final address. Where the Location can be read (other
 * runtimes), same-origin hops are followed, up to MAX_REDIRECTS; a hop to another origin is refused.
 */
async function sendPinned(
  url: URL,
  init: { method: string; headers: Headers; body: string | undefined },
  fetchFn: typeof fetch,
  signal: AbortSignal,
): Promise<Sent> {
  let target = url;
  let { method, body } = init;
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetchFn(target.href, {
        method,
        headers: init.headers,
        body,
        signal,
        credentials: 'omit',
        redirect: 'manual',
      });
    } catch (err) {
      if (signal.aborted) return { ok: false, failure: 'cancelled', message: 'Cancelled.' };
      return { ok: false, ...(await explainFetchFailure(target, err, fetchFn, signal)) };
    }
    if (res.type === 'opaqueredirect') {
      return {
        ok: false,
        failure: 'blocked',
        message:
          `Refused: ${target.origin} answered with a redirect, and the browser does not let a page see where a redirect ` +
          `points, so the tool cannot check that it stays on ${url.origin}. HTTP tools do not follow redirects they cannot ` +
          "check (the tool's headers, secrets included, would go along). Put the final address in the URL template.",
      };
    }
    const location = REDIRECT_STATUSES.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return { ok: true, res };
    void res.body?.cancel().catch(() => undefined);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      return {
        ok: false,
        failure: 'blocked',
        message: `Refused: ${target.origin} redirected to "${location}", which is not a valid URL.`,
      };
    }
    if (next.origin !== url.origin) {
      return {
        ok: false,
        failure: 'blocked',
        message:
          `Refused: ${target.origin} redirected to ${next.origin}, another origin than this tool's (${url.origin}). HTTP tools ` +
          ("do not follow a redirect off their origin: the tool's headers, secrets included, would go " +
            'along. Put the final address in the URL template if you trust it.'),
      };
    }
    if (hop + 1 > MAX_REDIRECTS)
      return {
        ok: false,
        failure: 'blocked',
        message: `Refused: more than ${MAX_REDIRECTS} redirects from ${url.origin}.`,
      };
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      init.headers.delete('content-type');
    }
    target = next;
  }
}
