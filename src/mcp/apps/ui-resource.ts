/**
 * A View's resource as the host uses it: its HTML and the Content-Security-Policy built from the domains the
 * resource declares, and nothing else (architecture.md, "MCP Apps"). With no declared domains the View reaches no
 * network at all. A declared entry that is not a plain origin (say one smuggling a `;` and another directive) is
 * dropped, never copied into the policy.
 */
import type { McpResourceContent } from '../types';
import { isRecord } from '../../domain/is-record';

const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

type McpUiCsp = {
  connectDomains: string[];
  resourceDomains: string[];
  frameDomains: string[];
  baseUriDomains: string[];
};

export type McpUiResource = { uri: string; html: string; csp: McpUiCsp; prefersBorder?: boolean };

/** One entry of a resources/read result, as the MCP layer hands it over. */

export type UiResourceProblem = { kind: 'no-html'; message: string };

export function toUiResource(uri: string, contents: readonly McpResourceContent[]): McpUiResource | UiResourceProblem {
  const entry =
    contents.find((c) => c.mimeType?.replace(/\s/g, '').toLowerCase() === MCP_APP_MIME_TYPE) ??
    contents.find((c) => c.mimeType?.startsWith('text/html') === true);
  const html =
    entry === undefined ? undefined : (entry.text ?? (entry.blob !== undefined ? decodeBase64(entry.blob) : undefined));
  if (entry === undefined || html === undefined)
    return { kind: 'no-html', message: `The server's resource ${uri} holds no HTML View (${MCP_APP_MIME_TYPE}).` };
  const ui = isRecord(entry.meta) && isRecord(entry.meta.ui) ? entry.meta.ui : {};
  const declared = isRecord(ui.csp) ? ui.csp : {};
  return {
    uri,
    html,
    csp: {
      connectDomains: origins(declared.connectDomains),
      resourceDomains: origins(declared.resourceDomains),
      frameDomains: origins(declared.frameDomains),
      baseUriDomains: origins(declared.baseUriDomains),
    },
    ...(typeof ui.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}),
  };
}

/** The policy the View's document runs under, inside the sandbox page's own (which only ever narrows further). */
export function viewContentSecurityPolicy(csp: McpUiCsp): string {
  const list = (extra: string[], domains: string[]) => {
    const all = [...extra, ...domains];
    return all.length > 0 ? all.join(' ') : "'none'";
  };
  return [
    "default-src 'none'",
    `script-src ${list(["'unsafe-inline'"], csp.resourceDomains)}`,
    `style-src ${list(["'unsafe-inline'"], csp.resourceDomains)}`,
    `img-src ${list(['data:', 'blob:'], csp.resourceDomains)}`,
    `font-src ${list(['data:'], csp.resourceDomains)}`,
    `media-src ${list(['data:', 'blob:'], csp.resourceDomains)}`,
    `connect-src ${list([], csp.connectDomains)}`,
    `frame-src ${list([], csp.frameDomains)}`,
    `base-uri ${list([], csp.baseUriDomains)}`,
    "form-action 'none'",
  ].join('; ');
}

// scheme://host[:port], the host optionally starting with "*." (a wildcard subdomain, as the extension allows).
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

function origins(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && ORIGIN.test(v.trim())).map((v) => v.trim());
}

function decodeBase64(data: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}
