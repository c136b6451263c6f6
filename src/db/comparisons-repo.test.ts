import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { createSession, getSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { addComparison, putComparisonAnswer } from './comparisons-repo';
import { shownOutcome, startedComparison, type ComparisonAnswer } from '../domain/model-comparison';

let db: ToolscopeDB;
afterEach(() => db?.close());

const done = (model: string, text: string, baseURL?: string): ComparisonAnswer => ({
  model,
  ...(baseURL ? { baseURL } : {}),
  outcome: 'done',
  text,
  toolCalls: [],
  finishReason: 'stop',
  usage: null,
  timeToFirstTokenMs: 5,
  outputTokensPerSecond: null,
});

describe('a comparison in storage', () => {
  it('is stored as it starts and keeps each answer as it comes in: after a reload the rest show interrupted', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', model: 'm', now: 1 });
    const c = startedComparison({
      id: 'c1',
      messageId: 'a1',
      runId: 'r1',
      createdAt: 2,
      targets: [{ model: 'model-a' }, { model: 'model-b', baseURL: 'http://127.0.0.1:9/v1' }],
    });
    expect(await addComparison(db, 's', c)).toBe(true);
    expect((await getSession(db, 's'))?.comparisons?.[0]?.answers.map((a) => a.outcome)).toEqual([
      'pending',
      'pending',
    ]);

    await putComparisonAnswer(db, 's', 'c1', 1, done('model-b', 'Blue.', 'http://127.0.0.1:9/v1'));
    // The page reloads here: nothing in it asks for model-a any more.
    const stored = (await getSession(db, 's'))?.comparisons?.[0];
    expect(stored?.answers[1]).toMatchObject({ outcome: 'done', text: 'Blue.' });
    expect(stored?.answers.map((a) => shownOutcome(a, false))).toEqual(['interrupted', 'done']);
    expect(shownOutcome(stored!.answers[0]!, true)).toBe('streaming');
  });

  it('leaves a slot alone that is not there or belongs to another model, and a gone session', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', model: 'm', now: 1 });
    await addComparison(
      db,
      's',
      startedComparison({ id: 'c1', messageId: 'a1', runId: 'r1', createdAt: 2, targets: [{ model: 'model-a' }] }),
    );
    await putComparisonAnswer(db, 's', 'c1', 3, done('model-a', 'x'));
    await putComparisonAnswer(db, 's', 'c1', 0, done('model-z', 'x'));
    await putComparisonAnswer(db, 's', 'gone', 0, done('model-a', 'x'));
    await putComparisonAnswer(db, 'no-session', 'c1', 0, done('model-a', 'x'));
    expect((await getSession(db, 's'))?.comparisons?.[0]?.answers.map((a) => a.outcome)).toEqual(['pending']);
    expect(
      await addComparison(
        db,
        'no-session',
        startedComparison({ id: 'c2', messageId: 'a', runId: 'r', createdAt: 1, targets: [] }),
      ),
    ).toBe(false);
  });
});
