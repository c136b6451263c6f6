import type { ToolscopeDB } from './database';
import {
  mergeSummaries,
  searchNames,
  traceSourceSecretKey,
  type TraceFileRecord,
  type TraceIndexRecord,
  type TracePartRecord,
  type TraceSourceRecord,
  type TraceSummary,
} from '../domain/trace-inbox';

import { sessionTables } from './database';

/**
 * The trace inbox's tables (architecture.md, "Trace inbox"): sources, what each file held, each trace's parts (its
 * spans from one file) and the merged row per trace. A trace read from many files is one row: the merge of its parts.
 */
export async function listTraceSources(db: ToolscopeDB): Promise<TraceSourceRecord[]> {
  return (await db.traceSources.toArray()).sort((a, b) => a.createdAt - b.createdAt);
}

/** Adds a source; its secret (an S3 secret key, a WebDAV password) goes to the secrets table, never the record. */
export async function addTraceSource(db: ToolscopeDB, source: TraceSourceRecord, secret: string | null): Promise<void> {
  await db.transaction('rw', [db.traceSources, db.secrets], async () => {
    await db.traceSources.add(source);
    if (secret !== null && secret !== '') await db.secrets.put({ key: traceSourceSecretKey(source.id), value: secret });
  });
}

export async function traceSourceSecret(db: ToolscopeDB, sourceId: string): Promise<string | null> {
  return (await db.secrets.get(traceSourceSecretKey(sourceId)))?.value ?? null;
}

export async function updateTraceSource(
  db: ToolscopeDB,
  id: string,
  patch: Partial<Pick<TraceSourceRecord, 'checkedAt' | 'problem' | 'config'>>,
): Promise<void> {
  await db.traceSources.update(id, patch);
}

/** Removes a source with everything read from it, its secret and the traces opened from it and not kept. */
export async function removeTraceSource(db: ToolscopeDB, id: string): Promise<void> {
  const opened = (
    await db.traceIndex.where('[sourceId+start]').between([id, -Infinity], [id, Infinity]).toArray()
  ).flatMap((r) => (r.sessionId ? [r.sessionId] : []));
  await db.transaction(
    'rw',
    [db.traceSources, db.traceFiles, db.traceParts, db.traceIndex, db.secrets, ...sessionTables(db)],
    async () => {
      await db.traceSources.delete(id);
      await db.secrets.delete(traceSourceSecretKey(id));
      await db.traceFiles.where('sourceId').equals(id).delete();
      await db.traceParts.where('[sourceId+key]').between([id, ''], [id, '\uffff']).delete();
      await db.traceIndex.where('[sourceId+start]').between([id, -Infinity], [id, Infinity]).delete();
      for (const sessionId of opened) {
        const s = await db.sessions.get(sessionId);
        if (s?.openedTrace === undefined) continue;
        for (const t of sessionTables(db)) if (t !== db.sessions) await t.where('sessionId').equals(sessionId).delete();
        await db.sessions.delete(sessionId);
      }
    },
  );
}

export async function listTraceFiles(db: ToolscopeDB, sourceId: string): Promise<TraceFileRecord[]> {
  return db.traceFiles.where('sourceId').equals(sourceId).toArray();
}

/**
 * A row or part stored before names were kept apart from recorded text has no `names`: its name and models stand in
 * until its file is read again. Every read of the index and parts goes through this, the writes' merges too.
 */
function withNames<T extends TraceSummary>(s: T): T {
  return typeof (s as { names?: unknown }).names === 'string' ? s : { ...s, names: searchNames(s.name, s.models) };
}

function partWithNames(p: TracePartRecord): TracePartRecord {
  const summary = withNames(p.summary);
  return summary === p.summary ? p : { ...p, summary };
}

/** Every trace of a source, newest first. */
export async function listTraceIndex(db: ToolscopeDB, sourceId: string): Promise<TraceIndexRecord[]> {
  return (
    await db.traceIndex
      .where('[sourceId+start]')
      .between([sourceId, -Infinity], [sourceId, Infinity])
      .reverse()
      .toArray()
  ).map(withNames);
}

export async function countTraces(db: ToolscopeDB, sourceId: string): Promise<number> {
  return db.traceIndex.where('[sourceId+start]').between([sourceId, -Infinity], [sourceId, Infinity]).count();
}

export async function traceParts(db: ToolscopeDB, sourceId: string, traceId: string): Promise<TracePartRecord[]> {
  return (await db.traceParts.where('[sourceId+traceId]').equals([sourceId, traceId]).toArray()).map(partWithNames);
}

export async function getTraceRow(
  db: ToolscopeDB,
  sourceId: string,
  traceId: string,
): Promise<TraceIndexRecord | undefined> {
  const row = await db.traceIndex.get([sourceId, traceId]);
  return row && withNames(row);
}

function indexRow(sourceId: string, summary: TraceSummary, sessionId: string | undefined): TraceIndexRecord {
  return { ...summary, sourceId, ...(sessionId ? { sessionId } : {}) };
}

/**
 * Stores what one file held, replacing what an earlier version of it held, and brings each trace it touches up to
 * date: a file read for the first time merges into the rows; a changed one rebuilds the rows of the traces it held
 * before and holds now from their parts. One transaction: a failure leaves the last good state.
 */
export async function putTraceFile(
  db: ToolscopeDB,
  file: TraceFileRecord,
  parts: readonly Omit<TracePartRecord, 'sourceId' | 'key'>[],
): Promise<void> {
  const { sourceId, key } = file;
  await db.transaction('rw', [db.traceFiles, db.traceParts, db.traceIndex], async () => {
    const before = await db.traceFiles.get([sourceId, key]);
    if (before) await db.traceParts.where('[sourceId+key]').equals([sourceId, key]).delete();
    await db.traceParts.bulkPut(parts.map((p) => ({ ...p, sourceId, key })));
    await db.traceFiles.put(file);
    if (!before) {
      const rows = await db.traceIndex.bulkGet(parts.map((p) => [sourceId, p.traceId] as [string, string]));
      await db.traceIndex.bulkPut(
        parts.map((p, i) => {
          const row = rows[i];
          return row
            ? indexRow(sourceId, mergeSummaries(withNames(row), p.summary), row.sessionId)
            : indexRow(sourceId, p.summary, undefined);
        }),
      );
    } else await rebuildRows(db, sourceId, new Set([...before.traceIds, ...parts.map((p) => p.traceId)]));
  });
}

/** Forgets files that are gone from the source, and rebuilds (or drops) the rows of the traces they held. */
export async function removeTraceFiles(db: ToolscopeDB, sourceId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.transaction('rw', [db.traceFiles, db.traceParts, db.traceIndex], async () => {
    const touched = new Set<string>();
    for (const key of keys) {
      const f = await db.traceFiles.get([sourceId, key]);
      for (const t of f?.traceIds ?? []) touched.add(t);
      await db.traceParts.where('[sourceId+key]').equals([sourceId, key]).delete();
      await db.traceFiles.delete([sourceId, key]);
    }
    await rebuildRows(db, sourceId, touched);
  });
}

async function rebuildRows(db: ToolscopeDB, sourceId: string, traceIds: ReadonlySet<string>): Promise<void> {
  for (const traceId of traceIds) {
    const parts = await traceParts(db, sourceId, traceId);
    const old = await db.traceIndex.get([sourceId, traceId]);
    const merged = parts
      .map((p) => p.summary)
      .reduce<TraceSummary | null>((acc, s) => (acc ? mergeSummaries(acc, s) : s), null);
    if (merged) await db.traceIndex.put(indexRow(sourceId, merged, old?.sessionId));
    else await db.traceIndex.delete([sourceId, traceId]);
  }
}

/** "Keep a copy": the opened trace becomes an ordinary (read-only) session, listed and synced; the next open builds a new view. */
export async function keepOpenedTrace(db: ToolscopeDB, sessionId: string): Promise<void> {
  await db.transaction('rw', [db.sessions, db.traceIndex], async () => {
    const s = await db.sessions.get(sessionId);
    if (!s?.openedTrace) return;
    const { openedTrace, ...kept } = s;
    await db.sessions.put({ ...kept, updatedAt: Date.now() });
    await db.traceIndex.update([openedTrace.sourceId, openedTrace.traceId], { sessionId: undefined });
  });
}
