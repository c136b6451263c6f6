import { describe, expect, it } from 'vitest';
import { appendMessage } from '../db/messages-repo';
import { createSession } from '../db/sessions-repo';
import { MemoryBlobStore } from './memory-store';
import { testDevice } from './testing/sync-device';

const user = (id: string, content: string) => ({ id, role: 'user' as const, content, createdAt: 1 });

describe('test-run sessions and sync', () => {
  it("a suite run's sessions stay on the device that ran it, on the first full round and on later ones", async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await createSession(a.db, { id: 's1', title: 'A real chat', model: 'm' });
    await appendMessage(a.db, 's1', user('m1', 'hello'));
    await createSession(a.db, {
      id: 't1',
      title: 'Weather on gpt-x',
      model: 'gpt-x',
      evalRun: { suiteId: 'suite', runId: 'run' },
    });
    await appendMessage(a.db, 't1', user('t1-m1', 'Weather in Paris?'));
    const first = await a.sync();
    expect(first.uploaded).toBe(2); // the real session and its message, nothing of the test run
    // A later run writes more into a test-run session: the change log has it, the outbox never does.
    await appendMessage(a.db, 't1', user('t1-m2', 'and tomorrow?'));
    await appendMessage(a.db, 's1', user('m2', 'again'));
    const second = await a.sync();
    expect(second.uploaded).toBe(2); // m2 and its session's new updatedAt
    expect(await a.state.outbox.count()).toBe(0);
    // Nothing is held over for a later round either.
    expect(await a.db.syncChanges.count()).toBe(0);

    const b = await testDevice(store);
    await b.sync();
    expect((await b.db.sessions.toArray()).map((s) => s.id)).toEqual(['s1']);
    expect((await b.db.messages.toArray()).map((m) => m.id).sort()).toEqual(['m1', 'm2']);
    // The test run is still here on the device that ran it.
    expect(await a.db.messages.where('sessionId').equals('t1').count()).toBe(2);
  });
});
