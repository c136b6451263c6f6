import { afterEach, describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import { siblingMap } from '../domain/branches';
import { runAgent } from '../agent/loop';
import { fakeExecutor, fakeTool } from '../agent/testing/fake-tools';
import { scriptedModel, textReply, toolCallsReply } from '../agent/testing/scripted-model';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { ToolscopeDB } from './database';
import { loadSkeleton } from './branches-repo';
import { loadHistory } from './messages-repo';
import { createPersister } from './persister';
import { branchOnEdit } from './branch-on-edit';
import { createSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('persister: an argument edit at a pause', () => {
  it('stores the call as the model made it and the edited call as two branches of one step', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', title: 'T', model: 'm', now: 1 });
    const persister = createPersister(db, 's');
    let n = 0;
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 'js_eval', args: '{"code":"1"}' }]),
      textReply(['done']),
    ]);
    await runAgent({
      runId: 'r1',
      sessionId: 's',
      history: [],
      userMessage: 'go',
      config: { ...DEFAULT_CONFIG, model: 'm' },
      model,
      tools: fakeExecutor([fakeTool({ name: 'js_eval' })]),
      signal: new AbortController().signal,
      emit: branchOnEdit(persister, () => `branch-${++n}`),
      newId: () => `id-${++n}`,
      pause: {
        stopsAt: async (p) => p.at === 'before_tool',
        wait: async () => ({ action: 'continue', edited: '{"code":"2"}' }),
      },
    });
    await persister.close();

    const skeleton = await loadSkeleton(db, 's');
    expect(skeleton?.state.branches).toHaveLength(1);
    const history = await loadHistory(db, 's');
    // The active path is the edited one, valid, and carries the edited arguments.
    expect(findHistoryProblems(history)).toEqual([]);
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const edited = history[1];
    expect(edited).toMatchObject({ role: 'assistant', toolCalls: [{ arguments: '{"code":"2"}' }] });
    // Its sibling is the call as the model made it: the counter reads "2 / 2".
    const siblings = siblingMap(skeleton!.state, skeleton!.own, skeleton!.path);
    const at = siblings.get(edited!.id);
    expect(at?.options).toHaveLength(2);
    expect(at?.position).toBe(1);
    const other = await db.messages.get(at!.options[0]!.messageId);
    expect(other).toMatchObject({ role: 'assistant', toolCalls: [{ arguments: '{"code":"1"}' }] });
  });
});
