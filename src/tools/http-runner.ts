import type { ToolRunResult } from '../agent/tool-executor';
import type { HttpToolSpec } from '../db/records';
import { headerSecretKey } from '../db/tools-repo';
import { cutOutput } from './output-limit';

export type HttpRunDeps = {
  /** Where secret header values live (the secrets table); never read from the definition. */
  getSecret(key: string): Promise<string | undefined>;
  fetch: typeof fetch;
  outputLimitBytes: number;
};

/** The secrets-table key for a tool's secret header (the tools repo stores values under the same key). */
export const secretKeyForHeader = headerSecretKey;

const EXCERPT_BYTES = 2_000;

function argValue(args: unknown, name: string): unknown {
  return typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;
}

/** `{name}` in the URL becomes the URL-encoded argument; objects are JSON-encoded first; a missing one is empty. */
export function fillUrl(template: string, args: unknown): string {
  return template.replace(/\{([a-zA-Z0-9_-]+)\}/g, (_, name: string) => {
    const v = argValue(args, name);
    if (v === undefined || v === null) return '';
    return encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v));
  });
}

/** `{{name}}` in the body becomes the JSON encoding of the argument (null when absent). */
export function fillBody(template: string, args: unknown): string {
  return template.replace(/\{\{([a-zA-Z0-9_-]+)\}\}/g, (_, name: string) => JSON.stringify(argValue(args, name) ?? null));
}

/** When the failure cannot be pinned down (the probe below did not finish), say both and what to do. */
export function networkFailureMessage(origin: string, err: unknown): string {
  return (
    `The request to ${origin} failed before a response could be read (${errorText(err)}). ` +
    'Either the server could not be reached, or it does not allow requests from a web page (CORS): the browser ' +
    "hides the response unless the API sends Access-Control-Allow-Origin for this page's origin. " +
    'Check the URL, then use an API that allows browser origins (a CORS-enabled endpoint) or a proxy you control.'
  );
}

export function corsRefusalMessage(origin: string): string {
  return (
    `${origin} answered, but the browser refused to hand the response to this page: a CORS refusal. The server does ` +
    "not send Access-Control-Allow-Origin for this page's origin (or rejects the preflight for this method or " +
    'these headers), and a web page cannot switch that check off. Use an API that allows browser origins (a ' +
    'CORS-enabled endpoint), ask its owner to allow this origin, or put a proxy you control in front of it that adds the header.'
  );
}

export function unreachableMessage(origin: string, err: unknown): string {
  return (
    `Network error: ${origin} could not be reached (${errorText(err)}). The server may be down, the host or port ` +
    'may be wrong, or the network is offline. Check the URL and that the server is running, then try again.'
  );
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * A browser reports a CORS refusal and an unreachable server as the same TypeError. An opaque `no-cors` HEAD
 * request tells them apart: it resolves when the server answered at all (so CORS was the refusal) and rejects
 * when nothing is there. It reads nothing and sends no credentials; HEAD keeps it free of side effects.
 */
export async function explainFetchFailure(url: URL, err: unknown, fetchFn: typeof fetch, signal: AbortSignal): Promise<string> {
  const probe = new AbortController();
  const stop = () => probe.abort();
  const timer = setTimeout(stop, PROBE_TIMEOUT_MS);
  signal.addEventListener('abort', stop, { once: true });
  try {
    await fetchFn(url.href, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: probe.signal });
    return corsRefusalMessage(url.origin);
  } catch {
    return probe.signal.aborted ? networkFailureMessage(url.origin, err) : unreachableMessage(url.origin, err);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function runHttpTool(
  toolId: string,
  spec: HttpToolSpec,
  args: unknown,
  deps: HttpRunDeps,
  signal: AbortSignal,
): Promise<ToolRunResult> {
  const error = (content: string): ToolRunResult => ({ outcome: 'error', content: cutOutput(content, deps.outputLimitBytes), logs: [] });

  let url: URL;
  try {
    url = new URL(fillUrl(spec.urlTemplate, args));
  } catch {
    return error(`The URL template did not produce a valid URL: ${spec.urlTemplate}`);
  }
  const headers = new Headers();
  for (const h of spec.headers) {
    const value = h.secret ? await deps.getSecret(secretKeyForHeader(toolId, h.name)) : h.value;
    if (value === undefined) return error(`The secret for header "${h.name}" is not set. Add it in the tool's settings.`);
    headers.set(h.name, value);
  }
  let body: string | undefined;
  if (spec.bodyTemplate !== null && spec.bodyTemplate.trim() !== '' && spec.method !== 'GET') {
    body = fillBody(spec.bodyTemplate, args);
    try {
      JSON.parse(body);
    } catch {
      return error('The body template did not produce valid JSON once the arguments were filled in.');
    }
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }

  let res: Response;
  try {
    res = await deps.fetch(url.href, { method: spec.method, headers, body, signal, credentials: 'omit' });
  } catch (err) {
    if (signal.aborted) return error('Cancelled.');
    const explained = await explainFetchFailure(url, err, deps.fetch, signal);
    return signal.aborted ? error('Cancelled.') : error(explained);
  }

  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    return error(`Reading the response from ${url.origin} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) {
    return error(`HTTP ${res.status} ${res.statusText}`.trim() + ` from ${spec.method} ${url.origin}${url.pathname}\n${cutOutput(text, EXCERPT_BYTES)}`);
  }
  if (spec.responseType === 'json') {
    try {
      return { outcome: 'ok', content: cutOutput(JSON.stringify(JSON.parse(text)), deps.outputLimitBytes), logs: [] };
    } catch {
      return {
        outcome: 'ok',
        content: cutOutput(`(The response was not JSON; here it is as text.)\n${text}`, deps.outputLimitBytes),
        logs: [{ level: 'warn', text: 'Expected JSON but the response did not parse.', t: 0 }],
      };
    }
  }
  return { outcome: 'ok', content: cutOutput(text, deps.outputLimitBytes), logs: [] };
}
