import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord } from '../domain/eval-case';
import { deleteSuite, listSuiteCases, listSuiteRuns, listSuites, putEvalRun, saveCase } from './evals-repo';
import { appendMessage } from './messages-repo';
import { createSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { userMsg } from './testing/message-builders';

const aCase = (id: string): Omit<EvalCaseRecord, 'suiteId'> => ({
  id,
  name: `case ${id}`,
  createdAt: 1,
  updatedAt: 1,
  request: { model: 'm', messages: [userMsg('u1', 'hi')], tools: [] },
  recorded: [],
  checks: [{ kind: 'answer_contains', text: 'hi' }],
});

describe('evals-repo', () => {
  it('saves cases into a new suite and an existing one, and deletes a suite with its cases, runs and run sessions', async () => {
    const { db } = freshDB();
    const suiteId = await saveCase(db, { newSuite: 'Weather' }, aCase('c1'), 10);
    await saveCase(db, { suiteId }, aCase('c2'), 20);
    expect((await listSuites(db)).map((s) => [s.name, s.updatedAt])).toEqual([['Weather', 20]]);
    expect((await listSuiteCases(db, suiteId)).map((c) => c.id)).toEqual(['c1', 'c2']);

    await createSession(db, { id: 'cell-session', model: 'm' });
    await appendMessage(db, 'cell-session', userMsg('m1', 'hi'));
    await createSession(db, { id: 'kept', model: 'm' });
    const cell = {
      caseId: 'c1',
      caseName: 'case c1',
      model: 'm',
      verdict: 'pass' as const,
      reasons: [],
      sessionId: 'cell-session',
      costUsd: null,
      ttftMs: 5,
      durationMs: 9,
    };
    await putEvalRun(db, {
      id: 'r1',
      suiteId,
      startedAt: 1,
      finishedAt: 2,
      models: ['m'],
      state: 'finished',
      cells: [cell],
    });
    expect(await listSuiteRuns(db, suiteId)).toHaveLength(1);

    await deleteSuite(db, suiteId);
    expect(await listSuites(db)).toEqual([]);
    expect(await db.evalCases.count()).toBe(0);
    expect(await db.evalRuns.count()).toBe(0);
    expect(await db.sessions.get('cell-session')).toBeUndefined();
    expect(await db.messages.count()).toBe(0);
    expect(await db.sessions.get('kept')).toBeDefined();
  });

  it('refuses a case for a suite that is gone, writing nothing', async () => {
    const { db } = freshDB();
    await expect(saveCase(db, { suiteId: 'gone' }, aCase('c1'))).rejects.toThrow(/suite is gone/);
    expect(await db.evalCases.count()).toBe(0);
  });
});
