import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from '../../../db/database';
import { freshDB } from '../../../db/testing/fresh-db';
import { RunScript } from '../../../timeline/testing/run-script';
import { readTurnOffsets } from './session-turn-offsets';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('readTurnOffsets', () => {
  it('gives each run the number of turns before it in the session, from the last event naming a turn', async () => {
    ({ db } = freshDB());
    const r1 = new RunScript('r1', 's', 1_000)
      .started()
      .request(1, 0, 5, 5)
      .tool(1, 'a', 'x', 20, 30)
      .request(2, 40, 5, 5, { finish: 'stop' })
      .finished(60);
    const r2 = new RunScript('r2', 's', 2_000)
      .started()
      .at(1, {
        type: 'context_compacted',
        turn: 0,
        removedMessageIds: [],
        summaryMessageId: 'sum',
        tokensBefore: 2,
        tokensAfter: 1,
      })
      .finished(2);
    // Still going: its last event is a tool result of turn 3.
    const r3 = new RunScript('r3', 's', 3_000)
      .started()
      .request(1, 0, 5, 5)
      .request(2, 20, 5, 5)
      .request(3, 40, 5, 5)
      .tool(3, 'b', 'y', 60, 70);
    const other = new RunScript('o1', 'other', 500).started().request(1, 0, 5, 5).request(2, 20, 5, 5).finished(40);
    await db.runs.bulkPut([
      r3.record(),
      r1.record(1_060, 'complete'),
      r2.record(2_002, 'complete'),
      other.record(540, 'complete'),
    ]);
    await db.events.bulkPut([...r1.build(), ...r2.build(), ...r3.build(), ...other.build()]);
    const offsets = await readTurnOffsets(db, 's');
    // '' is where a run not stored yet would start: after r3's three turns.
    expect([...offsets]).toEqual([
      ['r1', 0],
      ['r2', 2],
      ['r3', 2],
      ['', 5],
    ]);
  });
});
