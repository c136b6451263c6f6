import Dexie from 'dexie';
import type { ToolscopeDB } from './database';
import type { WireExchangeRecord } from './records';
import type { WireExchange, WireRead } from '../domain/wire-exchange';
import { utf8Length } from '../tools/output-limit';
import { ownSessions } from './sessions-repo';
import { DEFAULT_RAW_TRAFFIC_LIMIT_BYTES } from '../domain/raw-traffic-limit';

/**
 * Stores an exchange, then keeps the session's raw traffic within `limitBytes`: the oldest exchanges lose their reads
 * first, the last reads first, each counting what it lost in `droppedBytes`; then, if still over, the oldest exchanges
 * go whole. The exchange just stored keeps its request even when that alone is over the limit.
 */
export async function putWireExchange(
  db: ToolscopeDB,
  exchange: WireExchange,
  limitBytes: number = DEFAULT_RAW_TRAFFIC_LIMIT_BYTES,
): Promise<void> {
  await db.transaction('rw', db.wireExchanges, async () => {
    await db.wireExchanges.put({ ...exchange, bytes: sizeOf(exchange) });
    const range = db.wireExchanges
      .where('[sessionId+startedAt+bytes]')
      .between([exchange.sessionId, Dexie.minKey, Dexie.minKey], [exchange.sessionId, Dexie.maxKey, Dexie.maxKey]);
    const keys = (await range.keys()) as unknown as [string, number, number][];
    const ids = (await range.primaryKeys()) as string[];
    let over = keys.reduce((sum, k) => sum + k[2], 0) - limitBytes;
    for (const id of ids) {
      if (over <= 0) break;
      const row = await db.wireExchanges.get(id);
      if (!row?.response || row.response.reads.length === 0) continue;
      const trimmed = withoutLastReads(row, over);
      over -= row.bytes - trimmed.bytes;
      await db.wireExchanges.put(trimmed);
    }
    const gone: string[] = [];
    for (const id of ids) {
      if (over <= 0) break;
      if (id === exchange.id) continue;
      gone.push(id);
      over -= (await db.wireExchanges.get(id))?.bytes ?? 0;
    }
    if (gone.length > 0) await db.wireExchanges.bulkDelete(gone);
  });
}

/** The stored row of an exchange that comes from elsewhere (an imported file): the exchange with its size. */
export function wireExchangeRecord(exchange: WireExchange): WireExchangeRecord {
  return { ...exchange, bytes: sizeOf(exchange) };
}

/** A session's exchanges, oldest first. */
export async function listSessionExchanges(db: ToolscopeDB, sessionId: string): Promise<WireExchange[]> {
  return ownedRows(db, sessionId, () => true);
}

/** A model turn's exchanges (each attempt's, each redirect hop's) by the message the turn's attempt wrote, oldest first. */
export async function listMessageExchanges(db: ToolscopeDB, messageId: string): Promise<WireExchange[]> {
  const rows = await db.wireExchanges.where('owner.messageId').equals(messageId).toArray();
  return rows.sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id)).map(withoutSize);
}

/** A recent session's latest model requests, newest first (`listRecentSessionRequests`). */
export type SessionRequests = { readonly sessionId: string; readonly title: string; readonly requests: WireExchange[] };

/**
 * The model requests of the person's other sessions to compare with, the most recently active first: bounded so a
 * big profile stays quick (at most `sessions` sessions that hold one, looked for among the `scanned` most recent, and
 * each session's `perSession` latest requests).
 */
export async function listRecentSessionRequests(
  db: ToolscopeDB,
  exceptSessionId: string,
  bounds: { sessions: number; perSession: number; scanned: number } = { sessions: 8, perSession: 10, scanned: 40 },
): Promise<SessionRequests[]> {
  const recent = await ownSessions(db)
    .limit(bounds.scanned + 1)
    .toArray();
  const out: SessionRequests[] = [];
  for (const session of recent) {
    if (out.length >= bounds.sessions) break;
    if (session.id === exceptSessionId) continue;
    const rows = (await ownedRows(db, session.id, (o) => o.kind === 'model')).slice(-bounds.perSession).reverse();
    if (rows.length > 0) out.push({ sessionId: session.id, title: session.title, requests: rows });
  }
  return out;
}

/**
 * A tool call's exchanges (each redirect hop's), oldest first. Read from the session's records, which are bounded by
 * its raw traffic limit, so no index of their own is needed.
 */
export async function listToolCallExchanges(
  db: ToolscopeDB,
  sessionId: string,
  callId: string,
): Promise<WireExchange[]> {
  return ownedRows(db, sessionId, (o) => o.kind === 'tool' && o.callId === callId);
}

/** The exchanges of answer `index` of a step's comparison ("Try on other models"; each "Run again" adds one), oldest first. */
export async function listComparisonExchanges(
  db: ToolscopeDB,
  sessionId: string,
  comparisonId: string,
  index: number,
): Promise<WireExchange[]> {
  return ownedRows(
    db,
    sessionId,
    (o) => o.kind === 'comparison' && o.comparisonId === comparisonId && o.index === index,
  );
}

/**
 * A session's exchanges whose owner passes `owned`, oldest first. Read on the plain `sessionId` index: a range over the
 * compound one with Dexie's min and max keys failed now and then on the in-memory backend (a private window's),
 * and these reads run while a chat renders.
 */
async function ownedRows(
  db: ToolscopeDB,
  sessionId: string,
  owned: (owner: WireExchange['owner']) => boolean,
): Promise<WireExchange[]> {
  const rows = await db.wireExchanges
    .where('sessionId')
    .equals(sessionId)
    .filter((r) => owned(r.owner))
    .toArray();
  return rows.sort((a, b) => a.startedAt - b.startedAt || a.id.localeCompare(b.id)).map(withoutSize);
}

function withoutSize(row: WireExchangeRecord): WireExchange {
  const { bytes: _bytes, ...exchange } = row;
  return exchange;
}

/** The record without its last reads, enough of them to free `need` bytes (or all of them). */
function withoutLastReads(row: WireExchangeRecord, need: number): WireExchangeRecord {
  const response = row.response;
  if (!response) return row;
  const reads = [...response.reads];
  let freed = 0;
  while (freed < need && reads.length > 0) freed += readSize(reads.pop() as WireRead);
  return {
    ...row,
    response: { ...response, reads, droppedBytes: (response.droppedBytes ?? 0) + freed },
    bytes: row.bytes - freed,
  };
}

function readSize(read: WireRead): number {
  return utf8Length(read.text);
}

function sizeOf(exchange: WireExchange): number {
  let bytes = utf8Length(exchange.request.url) + utf8Length(exchange.request.body?.data ?? '');
  for (const h of exchange.request.headers) bytes += utf8Length(h.name) + utf8Length(h.value);
  for (const h of exchange.response?.headers ?? []) bytes += utf8Length(h.name) + utf8Length(h.value);
  for (const r of exchange.response?.reads ?? []) bytes += readSize(r);
  return bytes;
}
