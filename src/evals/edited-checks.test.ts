import { describe, expect, it } from 'vitest';
import { scriptedModel, textReply } from '../agent/testing/scripted-model';
import { listSuiteCases, saveCase, updateCase } from '../db/evals-repo';
import { freshDB } from '../db/testing/fresh-db';
import { userMsg } from '../db/testing/message-builders';
import { checksFromForm, formFromChecks } from './check-form';
import { runSuite, type SuiteRunDeps } from './run-suite';
import { suiteRunDeps } from './testing/suite-run-deps';

const deps = (): SuiteRunDeps => suiteRunDeps();

describe("editing a case's checks", () => {
  it('stores the edited checks, and the next run of the suite is judged by them', async () => {
    const { db } = freshDB();
    const suiteId = await saveCase(
      db,
      { newSuite: 'Greetings' },
      {
        id: 'c1',
        name: 'Greets',
        createdAt: 1,
        updatedAt: 1,
        request: { model: 'm', messages: [userMsg('u1', 'hi')], tools: [] },
        recorded: [],
        checks: [{ kind: 'answer_contains', text: 'Goodbye' }],
      },
      1,
    );
    const run = async () => {
      const cases = await listSuiteCases(db, suiteId);
      return runSuite(
        suiteId,
        ['m'],
        cases,
        [{ label: 'm', model: 'm', client: scriptedModel([textReply(['Hello there.'])]) }],
        deps(),
        new AbortController().signal,
        () => undefined,
      );
    };
    expect((await run()).cells[0]?.verdict).toBe('fail');

    // What the Edit checks dialog does: the stored checks into the form, a change, the same rules as at save time.
    const [stored] = await listSuiteCases(db, suiteId);
    const form = formFromChecks(stored?.checks ?? [], { tool: '', schema: '{}', text: '' });
    expect(checksFromForm({ ...form, text: '' })).toMatch(/^Write the text the answer must contain/);
    const edited = checksFromForm({ ...form, text: 'Hello', matchOn: true, pattern: 'there\\.$' });
    if (typeof edited === 'string') throw new Error(edited);
    await updateCase(db, 'c1', { checks: edited }, 50);

    const after = await listSuiteCases(db, suiteId);
    expect(after[0]).toMatchObject({
      checks: [
        { kind: 'answer_contains', text: 'Hello' },
        { kind: 'answer_matches', pattern: 'there\\.$' },
      ],
      updatedAt: 50,
      name: 'Greets',
    });
    expect((await run()).cells[0]).toMatchObject({ verdict: 'pass', reasons: [] });
  });
});
