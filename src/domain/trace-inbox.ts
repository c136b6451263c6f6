/**
 * The trace inbox's records (architecture.md, "Trace inbox"; docs/traces.md): where traces are read from, what each
 * file held when it was read, and one row per trace. Secrets (an S3 secret key, a WebDAV password) are never in these
 * records: they live in the secrets table under `traceSourceSecretKey(id)`.
 */
export type TraceSourceConfig =
  /** A folder on this computer; `handle` where the browser lets the page keep it (the File System Access API). */
  | { kind: 'folder'; name: string; handle?: FileSystemDirectoryHandle }
  | { kind: 's3'; endpoint: string; region: string; bucket: string; prefix: string; accessKeyId: string }
  | { kind: 'webdav'; url: string; username: string }
  /** The storage set in Sync and backup, read with its own settings. */
  | { kind: 'sync' };

export type TraceSourceKind = TraceSourceConfig['kind'];

export type TraceSourceRecord = {
  id: string;
  config: TraceSourceConfig;
  createdAt: number;
  /** When the source was last read in full; null: never yet. */
  checkedAt: number | null;
  /** Why the last check failed, in words; null when it did not. */
  problem: string | null;
};

/**
 * A file as a source lists it: its key, what tells a changed file from the one read before, and `size` (bytes, where
 * the listing says it), which lets a file too large to read be set aside unread.
 */
export type TraceFileEntry = { key: string; version: string; size?: number };

/** What one file of a source held when it was read (`version` decides whether it is read again). */
export type TraceFileRecord = {
  sourceId: string;
  key: string;
  version: string;
  traceIds: string[];
  spanCount: number;
  /** What was left out of the file, each in words (a line that is not JSON, a span that cannot be read). */
  problems: string[];
  readAt: number;
};

/** One model's tokens within a trace, so its cost can be priced with the person's prices when shown. */
export type TraceModelUsage = { model: string; input: number; output: number; cached: number; reasoning: number };

/** What the Traces table shows of a trace (or of the part of it one file held; parts merge into the whole). */
export type TraceSummary = {
  traceId: string;
  /** The root span's name, else the earliest span's. */
  name: string;
  /** Whether `name` is the root span's (a part without the root gives way to one with it). */
  rooted: boolean;
  /** Unix ms. */
  start: number;
  end: number;
  spanCount: number;
  models: string[];
  toolCalls: number;
  errors: number;
  usage: TraceModelUsage[];
  /**
   * Lower-cased names a search always finds, each once: the trace's own name first, then span, agent, tool and model
   * names. Kept apart from `search`, so recorded text never crowds them out (docs/traces.md, "The table").
   */
  names: string;
  /** Lower-cased recorded text a search matches: attribute values and message text, capped at SEARCH_CAP. */
  search: string;
};

export type TracePartRecord = {
  sourceId: string;
  traceId: string;
  key: string;
  summary: TraceSummary /** OTLP/JSON of this trace's spans in this file. */;
  spans: string;
};

/** `sessionId`: the session the trace was last opened as (reopened, not rebuilt). */
export type TraceIndexRecord = TraceSummary & { sourceId: string; sessionId?: string };

export const traceSourceSecretKey = (sourceId: string) => `trace-source:${sourceId}`;

/** How a source is named in the view: its kind and where it reads. */
export function traceSourceLabel(c: TraceSourceConfig): string {
  switch (c.kind) {
    case 'folder':
      return `Folder ${c.name}`;
    case 's3':
      return `S3 ${c.bucket}${c.prefix ? `/${c.prefix.replace(/^\/+/, '')}` : ''}`;
    case 'webdav':
      return `WebDAV ${c.url}`;
    case 'sync':
      return 'The storage in Sync and backup';
  }
}

/** The recorded text a trace keeps for search, at most: the start of each message, never a whole trace. */
export const SEARCH_CAP = 4_096;
const VALUE_CAP = 400;
/** The names a trace keeps, at most: hundreds of distinct names; only a hostile trace has more. */
export const NAMES_CAP = 16_384;

export function addModelUsage(list: TraceModelUsage[], u: TraceModelUsage): void {
  const at = list.find((x) => x.model === u.model);
  if (!at) list.push({ ...u });
  else {
    at.input += u.input;
    at.output += u.output;
    at.cached += u.cached;
    at.reasoning += u.reasoning;
  }
}

export function appendSearch(search: string, piece: string): string {
  if (search.length >= SEARCH_CAP || piece === '') return search;
  const p = piece.length > VALUE_CAP ? piece.slice(0, VALUE_CAP) : piece;
  return `${search}${search ? '\n' : ''}${p.toLowerCase()}`.slice(0, SEARCH_CAP);
}

/**
 * The names a trace is found by (`TraceSummary.names`): `first`, the name its row shows, always and whole (up to
 * NAMES_CAP); then each other name once, cut like a recorded value, while they fit.
 */
export function searchNames(first: string, names: Iterable<string>): string {
  let out = first.slice(0, NAMES_CAP).toLowerCase();
  const seen = new Set<string>([out]);
  for (const name of names) {
    const n = name.slice(0, VALUE_CAP).toLowerCase();
    if (n === '' || seen.has(n) || out.length + 1 + n.length > NAMES_CAP) continue;
    seen.add(n);
    out += `\n${n}`;
  }
  return out;
}

/** Two parts of one trace as one: the whole trace's row is every part merged, in any order. */
export function mergeSummaries(a: TraceSummary, b: TraceSummary): TraceSummary {
  const named = a.rooted !== b.rooted ? (a.rooted ? a : b) : a.start <= b.start ? a : b;
  const usage: TraceModelUsage[] = [];
  for (const u of [...a.usage, ...b.usage]) addModelUsage(usage, u);
  let search = a.search;
  for (const piece of b.search.split('\n')) search = appendSearch(search, piece);
  return {
    traceId: a.traceId,
    name: named.name,
    rooted: a.rooted || b.rooted,
    start: Math.min(a.start, b.start),
    end: Math.max(a.end, b.end),
    spanCount: a.spanCount + b.spanCount,
    models: [...new Set([...a.models, ...b.models])],
    toolCalls: a.toolCalls + b.toolCalls,
    errors: a.errors + b.errors,
    usage,
    names: searchNames(named.name, [...a.names.split('\n'), ...b.names.split('\n')]),
    search,
  };
}
