import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { createSession } from '../../db/sessions-repo';
import { runEmitter } from '../../db/testing/run-emitter';
import { userMsg } from '../../db/testing/message-builders';
import { defaultRunDeps } from '../default-run-deps';

afterAll(() => db.close());

const stored = async (id: string) => (await db.messages.get(id))?.content;

/*
 * The run persister as the app wires it (architecture.md, "Nothing lost"): the page being hidden flushes a run that
 * is still streaming (another tab was brought to the front, and it watches the run from storage); the run goes on,
 * and what it streams next must still be stored.
 */
describe('the run persister (production wiring)', () => {
  it('goes on storing a run after a flush, and stores nothing after close', async () => {
    await createSession(db, { id: 's-hidden', title: 'T', model: 'm', now: 1 });
    const persister = defaultRunDeps().createPersister('s-hidden', () => undefined);
    const run = runEmitter('r-hidden', persister.emit);
    run.emit({ type: 'run_started', sessionId: 's-hidden', model: 'm', startedAt: 1 });
    run.emit({ type: 'message_appended', message: userMsg('u1', 'a long answer, please') });
    run.emit({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a1' });
    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'one two three four ' });

    await persister.flush();
    expect(await stored('a1')).toBe('one two three four ');

    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'five six ' });
    await persister.flush();
    expect(await stored('a1')).toBe('one two three four five six ');
    expect(await db.messages.get('a1')).toMatchObject({ role: 'assistant', status: 'streaming' });

    if (!persister.close) throw new Error('the app wiring must close its persister at the end of a run');
    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'seven ' });
    await persister.close();
    expect(await stored('a1')).toBe('one two three four five six seven ');
    run.emit({ type: 'text_delta', turn: 1, messageId: 'a1', delta: 'after the end ' });
    await persister.flush();
    expect(await stored('a1')).toBe('one two three four five six seven ');
  });
});
