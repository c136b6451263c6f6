/**
 * npm run bench — sync rounds as ratios to an export of the same data in the same process (architecture.md,
 * "Sync and backup"): the first sync of a 5,000-message session (stamp, seal, upload to an in-memory store)
 * and an incremental round after one new turn. The baseline is what an export of all sessions does with the same
 * data, without its schema check (whose validators are a build-time module tsx cannot load): read every session
 * table in one transaction and serialize it to JSON. Each figure is the median over rounds of (sync / export in that
 * round), which cancels most of the noise of a shared machine. IndexedDB is fake-indexeddb, as in unit tests.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openToolscopeDB, type ToolscopeDB } from '../src/db/database';
import { appendMessage, toMessageRecord } from '../src/db/messages-repo';
import { createSession } from '../src/db/sessions-repo';
import { connectVault } from '../src/sync/connect-vault';
import { MemoryBlobStore } from '../src/sync/memory-store';
import { syncRound } from '../src/sync/sync-round';
import { SyncStateDB } from '../src/sync/sync-state-db';
import { spread } from './stats';

const MESSAGES = Number(process.env.BENCH_SYNC_MESSAGES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 5);

async function seeded(): Promise<ToolscopeDB> {
  const db = openToolscopeDB('bench', { indexedDB: new IDBFactory(), IDBKeyRange });
  await createSession(db, { id: 's1', title: 'Long session', model: 'm' });
  const words = 'the quick brown fox jumps over the lazy dog and keeps running through the field '.repeat(4);
  const records = Array.from({ length: MESSAGES }, (_, i) =>
    toMessageRecord(
      's1',
      i,
      i % 2 === 0
        ? { id: `u${i}`, role: 'user', content: `${i}: ${words}`, createdAt: i }
        : {
            id: `a${i}`,
            role: 'assistant',
            content: `${i}: ${words}${words}`,
            reasoning: '',
            refusal: null,
            toolCalls: [],
            status: 'complete',
            runId: 'r1',
            turn: 1,
            createdAt: i,
          },
    ),
  );
  await db.messages.bulkPut(records);
  await db.sessions.update('s1', { messageCount: MESSAGES });
  return db;
}

/** The export's reads and serialization (export-sessions.ts), over the same tables. */
async function exportLike(db: ToolscopeDB) {
  return db.transaction('r', [db.sessions, db.messages, db.toolCalls, db.runs, db.events, db.tools], async () => ({
    format: 'toolscope-export',
    version: 1,
    sessions: await Promise.all(
      (await db.sessions.toArray()).map(async (session) => ({
        session,
        messages: await db.messages
          .where('[sessionId+order]')
          .between([session.id, -Infinity], [session.id, Infinity])
          .toArray(),
        toolCalls: await db.toolCalls.where('sessionId').equals(session.id).toArray(),
        runs: await db.runs.where('sessionId').equals(session.id).toArray(),
        events: await db.events.where('sessionId').equals(session.id).toArray(),
      })),
    ),
    tools: await db.tools.toArray(),
  }));
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(): Promise<void> {
  const first: number[] = [];
  const incremental: number[] = [];
  const exportMs: number[] = [];
  const uploaded: number[] = [];
  const firstMs: number[] = [];
  const incMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const db = await seeded();
    const store = new MemoryBlobStore();
    const state = new SyncStateDB(`bench-sync-${r}`, { indexedDB: new IDBFactory(), IDBKeyRange });
    // Few PBKDF2 iterations: the passphrase is not what is measured.
    const { key } = await connectVault(store, 'bench passphrase', 1000);
    const ex = await time(async () => JSON.stringify(await exportLike(db)));
    const f = await time(() => syncRound({ db, state, store, key }));
    await appendMessage(db, 's1', {
      id: `u-new-${r}`,
      role: 'user',
      content: 'one more question',
      createdAt: MESSAGES + 1,
    });
    await appendMessage(db, 's1', {
      id: `a-new-${r}`,
      role: 'assistant',
      content: 'one more answer',
      reasoning: '',
      refusal: null,
      toolCalls: [],
      status: 'complete',
      runId: 'r2',
      turn: 1,
      createdAt: MESSAGES + 2,
    });
    const inc = await time(() => syncRound({ db, state, store, key }));
    exportMs.push(ex);
    firstMs.push(f);
    incMs.push(inc);
    first.push(f / ex);
    incremental.push(inc / ex);
    uploaded.push([...store.blobs.values()].reduce((n, b) => n + b.length, 0));
    db.close();
    state.close();
  }
  const fmt = (s: ReturnType<typeof spread>) =>
    `${s.median.toFixed(2)}x (p25 ${s.p25.toFixed(2)}, p75 ${s.p75.toFixed(2)})`;
  console.log(
    `\nSync rounds, ${MESSAGES} messages, ${ROUNDS} rounds; baseline: export of the same data (median ${spread(exportMs).median.toFixed(0)} ms)`,
  );
  console.log(
    `  first sync (stamp, gzip, seal, upload):  ${fmt(spread(first))}, median ${spread(firstMs).median.toFixed(0)} ms`,
  );
  console.log(
    `  incremental round (one new turn):        ${fmt(spread(incremental))}, median ${spread(incMs).median.toFixed(0)} ms`,
  );
  console.log(
    `Stored on the storage after a first sync: ${(spread(uploaded).median / 1024).toFixed(0)} KB (sealed, gzip).`,
  );
}

await main();
