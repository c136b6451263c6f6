import type { ToolDefinition } from '../../domain/tool-definition';

/**
 * Where an HTTP tool's requests go, read from its URL template. `fixed` is false when a `{placeholder}` sits
 * in the scheme or authority: then the origin depends on the model's arguments and `text` is the template's
 * `scheme://authority` part as written.
 */
type DestinationOrigin = { fixed: true; text: string } | { fixed: false; text: string };

// For http(s) the URL parser ends the authority at "/", "?", "#" or "\"; a placeholder after that cannot move the host.
const AUTHORITY = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#\\]*/;
const PLACEHOLDER = /\{[a-zA-Z0-9_-]+\}/g;

export function destinationOrigin(template: string): DestinationOrigin | null {
  const prefix = AUTHORITY.exec(template)?.[0];
  if (prefix === undefined) return null;
  if (prefix.includes('{')) return { fixed: false, text: prefix };
  try {
    // Parsed, not compared as text: case, default ports and user-info tricks ("a.com@b.com") all resolve here.
    const origin = new URL(template.replace(PLACEHOLDER, 'x')).origin;
    // Schemes without an origin all read "null"; two of them are not the same place.
    return origin === 'null' ? null : { fixed: true, text: origin };
  } catch {
    return null;
  }
}

/** What happens to a stored tool's secret header values when an imported definition replaces it. */
export type SecretHandover =
  /** No stored secret header: nothing to keep or drop. */
  | { kind: 'none' }
  /** Same origin as before: the stored values stay (for headers the new definition still marks secret). */
  | { kind: 'keep'; origin: string }
  /** The requests would go elsewhere: the stored values are deleted and must be entered again. */
  | { kind: 'drop'; headers: string[]; from: string; to: string };

/** How a tool's requests are addressed, in words, for the review and the done message. */
export function describeDestination(tool: ToolDefinition): string {
  if (tool.kind !== 'http') return `no URL (a ${tool.kind === 'builtin' ? 'built-in' : tool.kind} tool)`;
  const origin = destinationOrigin(tool.http.urlTemplate);
  if (origin === null) return 'no valid URL';
  return origin.fixed ? origin.text : `${origin.text} (set by the arguments)`;
}

/**
 * A secret belongs to the origin it was entered for. Replacing a tool keeps its id, and the secrets table is
 * keyed by that id, so without this rule a file could point a stored secret at any server. They stay only when
 * both definitions are HTTP tools whose templates address the same origin; an origin written with placeholders
 * counts as the same only when written identically (the set of reachable origins is then unchanged).
 */
export function secretHandover(stored: ToolDefinition, imported: ToolDefinition): SecretHandover {
  if (stored.kind !== 'http') return { kind: 'none' };
  const headers = stored.http.headers.filter((h) => h.secret).map((h) => h.name);
  if (headers.length === 0) return { kind: 'none' };
  const before = destinationOrigin(stored.http.urlTemplate);
  const after = imported.kind === 'http' ? destinationOrigin(imported.http.urlTemplate) : null;
  if (before !== null && after !== null && before.fixed === after.fixed && before.text === after.text) {
    return { kind: 'keep', origin: before.text };
  }
  return { kind: 'drop', headers, from: describeDestination(stored), to: describeDestination(imported) };
}
