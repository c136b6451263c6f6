import type { FolderFile } from '../../traces/trace-source-access';
import { db } from '../../db/database';
import { addTraceSource, keepOpenedTrace, removeTraceSource } from '../../db/traces-repo';
import { getSetting, isString, setSetting } from '../../db/settings-repo';
import type { TraceSourceConfig, TraceSourceRecord } from '../../domain/trace-inbox';
import { createTraceClient, type TraceClient } from '../../traces/trace-client';
import { useUiStore } from '../ui-store';
import { useTraceInboxStore, type TraceInboxState } from './trace-inbox-store';

let client: TraceClient | null = null;
const traces = () => (client ??= createTraceClient());
const set = useTraceInboxStore.setState;
const get = useTraceInboxStore.getState;

const EMPTY: Pick<TraceInboxState, 'matched' | 'total' | 'version' | 'window' | 'loaded'> = {
  matched: 0,
  total: 0,
  version: 0,
  window: { start: 0, rows: [] },
  loaded: false,
};

/** Files a folder input gave, per source, for browsers that cannot keep a folder: polling reads them again. */
const pickedFolders = new Map<string, FolderFile[]>();

/** Adds a source and reads it at once. Its secret goes to the secrets table only (traces-repo). */
export async function addSource(
  config: TraceSourceConfig,
  secret: string | null,
  files?: FolderFile[],
): Promise<string> {
  const id = crypto.randomUUID();
  const source: TraceSourceRecord = { id, config, createdAt: Date.now(), checkedAt: null, problem: null };
  await addTraceSource(db, source, secret);
  if (files) pickedFolders.set(id, files);
  chooseSource(id);
  void checkNow(id);
  return id;
}

export async function removeSource(id: string): Promise<void> {
  pickedFolders.delete(id);
  await removeTraceSource(db, id);
  if (get().sourceId === id) set({ sourceId: null, ...EMPTY, problems: [], message: null });
}

/** The source last chosen, per device: the settings table is never exported or synced (architecture.md, "Trace inbox"). */
const LAST_SOURCE_KEY = 'traces.lastSource';

/** Shows the source the person chose and remembers it, so a reload comes back to it. */
export function chooseSource(id: string): void {
  showSource(id);
  void setSetting(db, LAST_SOURCE_KEY, id).catch(() => {});
}

/** Reads back the source last chosen on this device, once; the view shows its first source only after this. */
export async function restoreSource(): Promise<void> {
  if (get().restored) return;
  const last = await getSetting(db, LAST_SOURCE_KEY, isString, '').catch(() => '');
  // A source removed since is forgotten: the view falls back to the first.
  const still = last !== '' && (await db.traceSources.get(last).catch(() => undefined)) !== undefined;
  if (get().restored) return;
  set({ restored: true });
  if (still && get().sourceId === null) showSource(last);
}

export function showSource(id: string | null): void {
  if (get().sourceId === id) return;
  set({ sourceId: id, ...EMPTY, problems: [], message: null, progress: null });
  if (id) void refreshRows();
}

/** Rows fetched beyond each side of what the table shows, so a scroll draws from what is here. */
const MARGIN = 100;
let wanted = { start: 0, end: 60 };
let queryRound = 0;

/** Asks the worker for the search's answer (a count), then for the rows the table shows; a later call's answer wins. */
async function refreshRows(): Promise<void> {
  const { sourceId, query } = get();
  if (!sourceId) return;
  const round = ++queryRound;
  try {
    const result = await traces().query(sourceId, query);
    if (round !== queryRound || get().sourceId !== sourceId) return;
    set({ matched: result.matched, total: result.total, version: result.version, loaded: true });
    await loadWindow();
  } catch (err) {
    if (round === queryRound) set({ message: err instanceof Error ? err.message : String(err), loaded: true });
  }
}

async function loadWindow(): Promise<void> {
  const { sourceId, version } = get();
  if (!sourceId) return;
  const start = Math.max(0, wanted.start - MARGIN);
  const w = await traces().window(sourceId, version, start, wanted.end + MARGIN);
  if (w.rows === null || w.version !== get().version || get().sourceId !== sourceId) return;
  set({ window: { start: w.start, rows: w.rows } });
}

/** The table shows rows `start` to `end`: fetched from the worker when they are not here yet. */
export function showRange(start: number, end: number): void {
  wanted = { start, end };
  const { window, matched } = get();
  const have = window.start <= start && Math.min(end, matched) <= window.start + window.rows.length;
  if (!have) void loadWindow();
}

export function setQuery(patch: Partial<{ text: string; errorsOnly: boolean }>): void {
  set({ query: { ...get().query, ...patch } });
  void refreshRows();
}

/** Asks again for a kept folder's permission; only a click may (the browser's rule). False: not granted. */
async function folderAllowed(config: TraceSourceConfig, ask: boolean): Promise<boolean> {
  if (config.kind !== 'folder' || !config.handle) return true;
  const h = config.handle as FileSystemDirectoryHandle & {
    queryPermission?(o: { mode: 'read' }): Promise<PermissionState>;
    requestPermission?(o: { mode: 'read' }): Promise<PermissionState>;
  };
  if (!h.queryPermission) return true;
  if ((await h.queryPermission({ mode: 'read' })) === 'granted') return true;
  return ask && h.requestPermission !== undefined && (await h.requestPermission({ mode: 'read' })) === 'granted';
}

let running: Promise<boolean> | null = null;

/**
 * Reads what is new in a source. `byPerson`: a click, which may ask for a folder again; polling never asks.
 * Resolves true when something new was read. One check at a time: a second asks for the one under way.
 */
export async function checkNow(
  sourceId: string,
  opts: { byPerson?: boolean; files?: FolderFile[] } = {},
): Promise<boolean> {
  if (opts.files) pickedFolders.set(sourceId, opts.files);
  if (running) return running;
  running = (async () => {
    const source = await db.traceSources.get(sourceId);
    if (!source) return false;
    const files = pickedFolders.get(sourceId);
    if (source.config.kind === 'folder' && !source.config.handle && !files) {
      if (get().sourceId === sourceId)
        set({
          message: `Choose the folder ${source.config.name} again with "Check now": this browser does not let the page keep a folder between visits.`,
        });
      return false;
    }
    if (source.config.kind === 'folder' && !(await folderAllowed(source.config, opts.byPerson === true))) {
      if (get().sourceId === sourceId)
        set({
          message: `The page may no longer read the folder ${source.config.name}: press "Check now" to allow it again.`,
        });
      return false;
    }
    const shown = () => get().sourceId === sourceId;
    if (shown()) set({ checking: true, progress: null, message: null });
    let lastRows = 0;
    const outcome = await traces().check(sourceId, files, (progress) => {
      if (!shown()) return;
      set({ progress });
      // Rows appear while a large source is read, about once a second, not only at the end.
      if (Date.now() - lastRows >= 1_000) {
        lastRows = Date.now();
        void refreshRows();
      }
    });
    if (shown()) {
      set(
        outcome.ok
          ? { checking: false, progress: null, problems: outcome.problems, message: null }
          : { checking: false, progress: null, message: outcome.message },
      );
      await refreshRows();
    }
    return outcome.ok && (outcome.read > 0 || outcome.removed > 0);
  })();
  try {
    return await running;
  } finally {
    running = null;
  }
}

/** Opens a trace in Chat as a read-only session, built in the worker (the same session again while it is there). */
export async function openTraceRow(sourceId: string, traceId: string): Promise<void> {
  set({ opening: traceId, message: null });
  const outcome = await traces().open(sourceId, traceId);
  set({ opening: null });
  if (!outcome.ok) {
    set({ message: outcome.message });
    return;
  }
  const ui = useUiStore.getState();
  ui.selectSession(outcome.sessionId);
  ui.setTab('chat');
}

/** "Keep a copy": the opened trace is kept as a session of the Sessions list. */
export async function keepTraceCopy(sessionId: string): Promise<void> {
  await keepOpenedTrace(db, sessionId);
}

/** Polling while the view is open (architecture.md, "Trace inbox"): every 3 s, backing off to 12 s while nothing changes, so a new file shows within 15 s. */
const POLL_FIRST_MS = 3_000;
const POLL_MAX_MS = 12_000;

export function startPolling(sourceId: string): () => void {
  let stopped = false;
  let delay = POLL_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = async () => {
    if (stopped) return;
    const changed = await checkNow(sourceId).catch(() => false);
    delay = changed ? POLL_FIRST_MS : Math.min(POLL_MAX_MS, delay * 2);
    if (!stopped) timer = setTimeout(() => void tick(), delay);
  };
  timer = setTimeout(() => void tick(), delay);
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
  };
}

export { pickedFromInput } from '../../traces/trace-source-access';
export type { FolderFile };
