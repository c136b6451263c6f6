import type { ToolscopeDB } from '../db/database';
import { countTraces, listTraceFiles, putTraceFile, removeTraceFiles, updateTraceSource } from '../db/traces-repo';
import { readTraceFile, type ReadTraceFile } from './trace-file-read';
import { MAX_TEXT_BYTES, tooLargeReason } from './trace-bytes';
import { TraceSourceError, type TraceFiles } from './trace-source-access';

export type CheckProgress = { toRead: number; read: number };

/** What one check did: files listed, read (new or changed), forgotten (gone), and the traces the source now has. */
export type CheckOutcome =
  | { ok: true; listed: number; read: number; removed: number; traces: number; problems: string[] }
  | { ok: false; message: string };

const MAX_SAID = 50;

/**
 * Reads what is new in a source (architecture.md, "Trace inbox"): lists its files, reads each one whose version (ETag,
 * else size and last-modified) differs from the one read before, and forgets files that are gone. A file that cannot
 * be read is recorded with its problem and not read again until it changes; the source is never refused for one file.
 */
export async function checkTraceSource(
  db: ToolscopeDB,
  sourceId: string,
  files: TraceFiles,
  now: () => number,
  onProgress: (p: CheckProgress) => void = () => {},
): Promise<CheckOutcome> {
  let listed;
  try {
    listed = await files.list();
  } catch (err) {
    const message = err instanceof TraceSourceError || err instanceof Error ? err.message : String(err);
    await updateTraceSource(db, sourceId, { problem: message });
    return { ok: false, message };
  }
  const known = new Map((await listTraceFiles(db, sourceId)).map((f) => [f.key, f]));
  const toRead = listed.filter((e) => known.get(e.key)?.version !== e.version);
  const present = new Set(listed.map((e) => e.key));
  const gone = [...known.keys()].filter((k) => !present.has(k));
  const problems: string[] = [];
  onProgress({ toRead: toRead.length, read: 0 });
  let read = 0;
  for (const entry of toRead) {
    let file: ReadTraceFile;
    // Too large to hold is said from the listing, never read into memory (recorded, so not tried again unchanged).
    if (entry.size !== undefined && entry.size > MAX_TEXT_BYTES)
      file = {
        parts: [],
        spanCount: 0,
        problems: [`${entry.key}: left out, ${tooLargeReason(entry.size, MAX_TEXT_BYTES, true)}.`],
      };
    else {
      let bytes: Uint8Array;
      try {
        bytes = await files.read(entry.key);
      } catch (err) {
        // Not recorded as read: the next check tries it again (it may be half-written, or the network failed).
        problems.push(`${entry.key}: not read now (${err instanceof Error ? err.message : String(err)}).`);
        continue;
      }
      file = await readTraceFile(bytes, entry.key);
    }
    if (problems.length < MAX_SAID) problems.push(...file.problems.slice(0, MAX_SAID - problems.length));
    await putTraceFile(
      db,
      {
        sourceId,
        key: entry.key,
        version: entry.version,
        traceIds: file.parts.map((p) => p.traceId),
        spanCount: file.spanCount,
        problems: file.problems,
        readAt: now(),
      },
      file.parts.map((p) => ({ traceId: p.traceId, summary: p.summary, spans: JSON.stringify(p.traces) })),
    );
    read++;
    onProgress({ toRead: toRead.length, read });
  }
  await removeTraceFiles(db, sourceId, gone);
  await updateTraceSource(db, sourceId, { checkedAt: now(), problem: null });
  return {
    ok: true,
    listed: listed.length,
    read,
    removed: gone.length,
    traces: await countTraces(db, sourceId),
    problems,
  };
}
