import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openToolscopeDB, type ToolscopeDB } from '../../../db/database';
import { RunScript } from '../../../timeline/testing/run-script';
import { SessionEventsCache } from './session-events-cache';

let db: ToolscopeDB | null = null;
afterEach(async () => {
  if (db) await db.delete();
  db = null;
});

function bigRun(id: string, calls: number) {
  const s = new RunScript(id, 's1').started().request(1, 0, 1, 1);
  for (let i = 0; i < calls; i++) s.tool(1, `${id}-c${i}`, 'x', 10 + i, 11 + i);
  return s;
}

describe('SessionEventsCache', () => {
  it('reads every event across chunks, then only what was appended', async () => {
    db = openToolscopeDB(`tl-cache-${Math.random()}`);
    const run = bigRun('r1', 1200);
    const events = run.build();
    await db.events.bulkPut(events.slice(0, 2000));
    const cache = new SessionEventsCache(db);
    const first = await cache.sync([run.record()], 2000);
    expect(first.map((e) => e.seq)).toEqual(events.slice(0, 2000).map((e) => e.seq));

    await db.events.bulkPut(events.slice(2000));
    const second = await cache.sync([run.record()], events.length);
    expect(second).toHaveLength(events.length);
    expect(second.at(-1)?.seq).toBe(events.length - 1);
  });

  it('reloads when the stored events no longer match (a session restored or rewritten)', async () => {
    db = openToolscopeDB(`tl-cache-${Math.random()}`);
    const a = bigRun('r1', 3);
    const b = bigRun('r2', 2);
    await db.events.bulkPut([...a.build(), ...b.build()]);
    const cache = new SessionEventsCache(db);
    expect(await cache.sync([a.record(), b.record()], a.build().length + b.build().length)).toHaveLength(
      a.build().length + b.build().length,
    );
    // Run r2 is gone and r1 was rewritten shorter.
    await db.events.clear();
    await db.events.bulkPut(a.build().slice(0, 4));
    expect((await cache.sync([a.record()], 4)).map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });
});
