import type { OtlpTraces } from './otlp-types';

/**
 * Sends a trace to an OTLP/HTTP collector (JSON encoding) once: no retry loop, a time limit, and a sentence a person
 * can act on when it fails. Header values (collector keys) go only to the collector's own origin: redirects are
 * refused, credentials are never sent (architecture.md, invariant 7).
 */
type PushFailureKind = 'bad_url' | 'cors' | 'unreachable' | 'auth' | 'too_large' | 'rejected' | 'http' | 'timeout';

type PushResult =
  | { ok: true; spans: number; endpoint: string; rejectedSpans: number }
  | { ok: false; kind: PushFailureKind; status?: number; message: string };

type PushOptions = {
  fetchFn?: typeof fetch;
  timeoutMs?: number;
  /** The page's origin, named in the CORS sentence. */
  pageOrigin?: string;
};

const DEFAULT_TIMEOUT_MS = 15_000;

/** An OTLP/HTTP base URL gets the traces path; a URL already ending in it is kept (Langfuse, Phoenix, Jaeger, Tempo). */
export function tracesEndpoint(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.pathname.endsWith('/v1/traces')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url;
}

const spanCount = (t: OtlpTraces) =>
  t.resourceSpans.reduce((n, r) => n + r.scopeSpans.reduce((m, s) => m + s.spans.length, 0), 0);

export async function pushTraces(
  collectorUrl: string,
  headers: Readonly<Record<string, string>>,
  traces: OtlpTraces,
  opts: PushOptions = {},
): Promise<PushResult> {
  const endpoint = tracesEndpoint(collectorUrl);
  if (!endpoint)
    return {
      ok: false,
      kind: 'bad_url',
      message: `The Collector URL “${collectorUrl}” is not an http(s) address. Set it in Settings, e.g. http://localhost:4318.`,
    };
  const fetchFn = opts.fetchFn ?? fetch;
  const body = JSON.stringify(traces);
  const origin = endpoint.origin;
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetchFn(endpoint.href, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body,
      credentials: 'omit',
      redirect: 'error',
      signal: AbortSignal.timeout(timeout),
    });
  } catch (err) {
    if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return {
        ok: false,
        kind: 'timeout',
        message: `The collector at ${origin} did not answer within ${Math.round(timeout / 1000)} s; nothing was retried.`,
      };
    }
    return (await reachable(endpoint, fetchFn))
      ? {
          ok: false,
          kind: 'cors',
          message:
            `The collector at ${origin} refused this page (CORS): it must allow the origin ${opts.pageOrigin ?? 'of this page'}, ` +
            `the POST method and the Content-Type header${Object.keys(headers).length > 0 ? ' and your headers' : ''}. ` +
            `Turn on CORS in the collector (for the OpenTelemetry Collector: cors.allowed_origins on its ` +
            `otlp http receiver) or send through a proxy.`,
        }
      : {
          ok: false,
          kind: 'unreachable',
          message: `The collector at ${origin} could not be reached. Check the Collector URL in Settings and that the collector is running.`,
        };
  }
  const text = await response.text().catch(() => '');
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      kind: 'auth',
      status: response.status,
      message:
        `The collector at ${origin} refused the credentials (HTTP ${response.status}). Check the collector ` +
        `headers in Settings (for example its Authorization header or API key).`,
    };
  }
  if (response.status === 413) {
    return {
      ok: false,
      kind: 'too_large',
      status: 413,
      message:
        `The trace (${Math.ceil(body.length / 1024)} KB) is larger than the collector at ${origin} ` +
        `accepts (HTTP 413). Send one session or without content, or raise the collector's request size limit.`,
    };
  }
  if (!response.ok) {
    const said = text.trim().slice(0, 200);
    return {
      ok: false,
      kind: 'http',
      status: response.status,
      message: `The collector at ${origin} answered HTTP ${response.status}${said ? `: ${said}` : ''}. Nothing was retried.`,
    };
  }
  const rejected = partialRejections(text);
  if (rejected && rejected.count > 0) {
    return {
      ok: false,
      kind: 'rejected',
      status: response.status,
      message: `The collector at ${origin} rejected ${rejected.count} of ${spanCount(traces)} spans${rejected.said ? `: ${rejected.said}` : ''}.`,
    };
  }
  return { ok: true, spans: spanCount(traces), endpoint: endpoint.href, rejectedSpans: 0 };
}

/** OTLP's partial success: `{ partialSuccess: { rejectedSpans, errorMessage } }` in a 200 answer. */
function partialRejections(text: string): { count: number; said: string } | null {
  try {
    const parsed = JSON.parse(text) as {
      partialSuccess?: { rejectedSpans?: number | string; errorMessage?: string };
    } | null;
    const p = parsed?.partialSuccess;
    if (!p) return null;
    return { count: Number(p.rejectedSpans ?? 0) || 0, said: (p.errorMessage ?? '').slice(0, 200) };
  } catch {
    return null;
  }
}

/**
 * A `no-cors` request needs no permission from the server: it resolves when something answered (so the refusal was
 * CORS) and fails when nothing is there. It carries no body, headers or credentials.
 */
async function reachable(url: URL, fetchFn: typeof fetch): Promise<boolean> {
  try {
    const r = await fetchFn(url.href, {
      method: 'GET',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(5_000),
    });
    await r.body?.cancel().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
