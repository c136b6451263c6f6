import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import type { AgentEvent } from '../domain/run-events';
import { fakeExecutor, fakeTool } from '../agent/testing/fake-tools';
import { scriptedModel, textReply, toolCallsReply } from '../agent/testing/scripted-model';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import { branchOnEdit } from './branch-on-edit';

async function editedRun() {
  const events: AgentEvent[] = [];
  let n = 0;
  const model = scriptedModel([
    toolCallsReply([{ id: 'c1', name: 'js_eval', args: '{"code":"1"}' }]),
    textReply(['done']),
  ]);
  const result = await runAgent({
    runId: 'r1',
    sessionId: 's',
    history: [],
    userMessage: 'go',
    config: { ...DEFAULT_CONFIG, model: 'm' },
    model,
    tools: fakeExecutor([fakeTool({ name: 'js_eval' })]),
    signal: new AbortController().signal,
    newId: () => `id-${++n}`,
    emit: branchOnEdit(
      (e) => events.push(e),
      () => 'branch-1',
    ),
    pause: {
      stopsAt: async (p) => p.at === 'before_tool',
      wait: async () => ({ action: 'continue', edited: '{"code":"2"}' }),
    },
  });
  return { events, result };
}

describe('branchOnEdit: an argument edit at a pause becomes a branch beside the persister', () => {
  it('puts branch_started in the place of the edit, after the call as made and its "not run" answer, before the edited call', async () => {
    const { events, result } = await editedRun();
    const appended = (e: AgentEvent) => (e.type === 'message_appended' ? `${e.message.role}:${e.message.id}` : e.type);
    const user = result.history[0]!;
    const asMade = events.find((e) => e.type === 'message_appended' && e.message.role === 'assistant')!;
    const asMadeId = asMade.type === 'message_appended' ? asMade.message.id : '';
    const at = events.findIndex((e) => e.type === 'branch_started');
    expect(events.map(appended).slice(at - 4, at + 3)).toEqual([
      `assistant:${asMadeId}`,
      'run_paused',
      'run_resumed',
      expect.stringMatching(/^tool:/),
      'branch_started',
      expect.stringMatching(/^assistant:/),
      'tool_started',
    ]);
    const notRun = events[at - 1]!;
    expect(events[at]).toMatchObject({
      type: 'branch_started',
      runId: 'r1',
      seq: at,
      branchId: 'branch-1',
      forkMessageId: user.id,
      leftMessageIds: [asMadeId, notRun.type === 'message_appended' ? notRun.message.id : ''],
    });
    // The loop's own event does not reach the writers, and the stream stays gap-free.
    expect(events.some((e) => (e as { type: string }).type === 'arguments_edited')).toBe(false);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  });

  it('passes every other event on as it is', () => {
    const seen: AgentEvent[] = [];
    const event: AgentEvent = { type: 'first_token', turn: 1, attempt: 1, runId: 'r', seq: 3, t: 9 };
    branchOnEdit(
      (e) => seen.push(e),
      () => 'b',
    )(event);
    expect(seen).toEqual([event]);
  });
});
