/**
 * The page's addresses (architecture.md, "Addresses"): everything after `#` in the URL. Hash addresses work on any
 * static host and under any sub-path, because the server only ever sees the page's own path. This module is the
 * whole scheme: pure parse and format, no window, no React; `store/address-sync.ts` binds it to the page.
 *
 *   #/                                   the chat with no session open
 *   #/s/<session>                        a session's chat
 *   #/s/<session>/timeline               its timeline
 *   #/s/<session>/timeline/<call>        its timeline with one tool call selected
 *   #/s/<session>/tools | /memories      the Tools or Memories view, with that session open beside it
 *   #/timeline | #/tools | #/memories | #/tests | #/traces   a view with no session open
 *   #/compare[/<a>[/<b>]]                two sessions side by side (either may still be unchosen)
 *   #/compare/<session>@<branch>/…       a side may name one branch of a session (two branches of one session)
 *
 * Any address may end in `?key=value&…`: parameters this module does not read ride along unchanged (`params`), so
 * a later part (a message or branch, `?m=<message>`) can be added without a new scheme or breaking old links.
 */

export type AddressView = 'chat' | 'timeline' | 'tools' | 'memories' | 'tests' | 'traces';

/** Extra `?key=value` parameters, kept in their order; empty when there are none. */
export type AddressParams = readonly (readonly [string, string])[];

/** One side of Compare: a session (its active path), or one branch of it (the path ending with that branch). */
export type CompareRef = { sessionId: string; branchId: string | null };

export type AppAddress =
  | { kind: 'home'; view: AddressView; params: AddressParams }
  | { kind: 'session'; sessionId: string; view: AddressView; callId: string | null; params: AddressParams }
  | { kind: 'compare'; a: CompareRef | null; b: CompareRef | null; params: AddressParams }
  /** Something after `#` that is none of the above (a mistyped or future link): shown as such, never guessed at. */
  | { kind: 'unknown'; hash: string };

const enc = (s: string) => encodeURIComponent(s);

const VIEWS: readonly AddressView[] = ['chat', 'timeline', 'tools', 'memories', 'tests', 'traces'];
const isView = (s: string | undefined): s is AddressView => s !== undefined && (VIEWS as readonly string[]).includes(s);

export const HOME: AppAddress = { kind: 'home', view: 'chat', params: [] };

export function sessionAddress(
  sessionId: string,
  view: AddressView = 'chat',
  callId: string | null = null,
): AppAddress {
  return { kind: 'session', sessionId, view, callId: view === 'timeline' ? callId : null, params: [] };
}

export function compareAddress(a: CompareRef | null, b: CompareRef | null): AppAddress {
  return { kind: 'compare', a, b: a === null ? null : b, params: [] };
}

/** A whole session as a Compare side. */
export const sessionRef = (sessionId: string): CompareRef => ({ sessionId, branchId: null });

/**
 * A Compare side as one path segment: `<session>` or `<session>@<branch>`. Each id is percent-encoded (which
 * encodes any `@` inside it), so the one literal `@` always separates the two.
 */
export function formatCompareRef(ref: CompareRef): string {
  return ref.branchId === null ? enc(ref.sessionId) : `${enc(ref.sessionId)}@${enc(ref.branchId)}`;
}

/** Reads `formatCompareRef`'s segment back; null when it names nothing (empty parts, bad escapes). */
export function parseCompareRef(segment: string): CompareRef | null {
  const at = segment.indexOf('@');
  const sessionId = decode(at < 0 ? segment : segment.slice(0, at));
  if (sessionId === null) return null;
  if (at < 0) return { sessionId, branchId: null };
  const rest = segment.slice(at + 1);
  const branchId = rest.includes('@') ? null : decode(rest);
  return branchId === null ? null : { sessionId, branchId };
}

export const sameCompareRef = (x: CompareRef | null, y: CompareRef | null): boolean =>
  x === null || y === null ? x === y : x.sessionId === y.sessionId && x.branchId === y.branchId;

function decode(part: string): string | null {
  try {
    const s = decodeURIComponent(part);
    return s === '' ? null : s;
  } catch {
    return null;
  }
}

function parseParams(query: string): AddressParams | null {
  if (query === '') return [];
  const out: [string, string][] = [];
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (key === null) return null;
    const value = eq < 0 ? '' : (decode(pair.slice(eq + 1)) ?? '');
    out.push([key, value]);
  }
  return out;
}

/** Reads `location.hash` (with or without its `#`). An empty hash is the home address. */
export function parseAddress(hash: string): AppAddress {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const params = parseParams(q < 0 ? '' : raw.slice(q + 1));
  const unknown: AppAddress = { kind: 'unknown', hash: raw };
  if (params === null) return unknown;
  if (path !== '' && !path.startsWith('/')) return unknown;
  // One trailing slash is forgiven ("#/s/x/" is "#/s/x"); empty segments elsewhere are not.
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const parts = trimmed === '' ? [] : trimmed.slice(1).split('/');
  const ids = parts.map(decode);
  if (ids.some((p) => p === null)) return unknown;
  const [first, , third] = parts;
  const [, id1, , id3] = ids;

  if (parts.length === 0) return { kind: 'home', view: 'chat', params };
  if (parts.length === 1 && isView(first)) return { kind: 'home', view: first, params };
  if (first === 's' && id1) {
    if (parts.length === 2) return { kind: 'session', sessionId: id1, view: 'chat', callId: null, params };
    if (parts.length === 3 && isView(third))
      return { kind: 'session', sessionId: id1, view: third, callId: null, params };
    if (parts.length === 4 && third === 'timeline' && id3)
      return { kind: 'session', sessionId: id1, view: 'timeline', callId: id3, params };
    return unknown;
  }
  if (first === 'compare' && parts.length <= 3) {
    const [, rawA, rawB] = parts;
    const a = rawA === undefined ? null : parseCompareRef(rawA);
    const b = rawB === undefined ? null : parseCompareRef(rawB);
    if ((rawA !== undefined && a === null) || (rawB !== undefined && b === null)) return unknown;
    return { kind: 'compare', a, b, params };
  }
  return unknown;
}

/** The `#…` text of an address; `parseAddress(formatAddress(a))` gives `a` back. */
export function formatAddress(address: AppAddress): string {
  if (address.kind === 'unknown') return `#${address.hash}`;
  let path: string;
  switch (address.kind) {
    case 'home':
      path = address.view === 'chat' ? '/' : `/${address.view}`;
      break;
    case 'session':
      path = `/s/${enc(address.sessionId)}`;
      if (address.view !== 'chat') path += `/${address.view}`;
      if (address.view === 'timeline' && address.callId !== null) path += `/${enc(address.callId)}`;
      break;
    case 'compare':
      path = '/compare';
      if (address.a !== null) path += `/${formatCompareRef(address.a)}`;
      if (address.a !== null && address.b !== null) path += `/${formatCompareRef(address.b)}`;
      break;
  }
  const query = address.params.map(([k, v]) => (v === '' ? enc(k) : `${enc(k)}=${enc(v)}`)).join('&');
  return `#${path}${query ? `?${query}` : ''}`;
}

/** The value of one extra parameter, e.g. `param(address, 'm')` for a message part. */
export function addressParam(address: AppAddress, key: string): string | null {
  if (address.kind === 'unknown') return null;
  return address.params.find(([k]) => k === key)?.[1] ?? null;
}
