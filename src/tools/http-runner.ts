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

/** A browser cannot tell a CORS refusal from a network failure, so the message covers both and says what to do. */
export function networkFailureMessage(origin: string, err: unknown): string {
  return (
    `The request to ${origin} failed before a response could be read (${err instanceof Error ? err.message : String(err)}). ` +
    'Either the server could not be reached, or it does not allow requests from a web page (CORS): the browser ' +
    "hides the response unless the API sends Access-Control-Allow-Origin for this page's origin. " +
    'Check the URL, then use an API that allows browser origins (a CORS-enabled endpoint) or a proxy you control.'
  );
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
    return error(networkFailureMessage(url.origin, err));
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
