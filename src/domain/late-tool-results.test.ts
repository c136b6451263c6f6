import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from './history-check';
import { withLateToolResults } from './late-tool-results';
import type { AssistantMessage, ChatMessage, ToolCall, ToolMessage } from './messages';

const INTERRUPTED_RESULT = 'Interrupted: the page was closed or reloaded';
const userMsg = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: 1 });
const assistantMsg = (
  id: string,
  runId: string,
  turn: number,
  content: string,
  toolCalls: ToolCall[],
): AssistantMessage => ({
  id,
  role: 'assistant',
  content,
  reasoning: '',
  refusal: null,
  toolCalls,
  status: 'complete',
  runId,
  turn,
  createdAt: 2,
});
const toolMsg = (id: string, runId: string, turn: number, call: ToolCall, content: string): ToolMessage => ({
  id,
  role: 'tool',
  toolCallId: call.id,
  name: call.name,
  content,
  isError: false,
  outcome: 'ok',
  runId,
  turn,
  createdAt: 3,
});

const job = { id: 'call_job', name: 'jobs__long_job', arguments: '{}' };
const other = { id: 'call_other', name: 'jobs__count', arguments: '{}' };
const interrupted = (call: typeof job): ChatMessage => ({
  ...toolMsg(`t-${call.id}`, 'r1', 1, call, INTERRUPTED_RESULT),
  isError: true,
  outcome: 'interrupted',
});

describe('late tool results in the history builder', () => {
  it('reads an interrupted result as the late one, leaves every other result as stored, and keeps one result per call', () => {
    const history: ChatMessage[] = [
      userMsg('u1', 'go'),
      assistantMsg('a1', 'r1', 1, '', [job, other]),
      interrupted(job),
      interrupted(other),
    ];
    const late = new Map([
      ['call_job', { content: 'Long job done.', isError: false }],
      ['call_absent', { content: 'x', isError: false }],
    ]);
    const out = withLateToolResults(history, late);
    expect(out[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_job',
      content: 'Long job done.',
      isError: false,
      outcome: 'ok',
    });
    expect(out[3]).toEqual(history[3]);
    expect(out).toHaveLength(4);
    expect(findHistoryProblems(out)).toEqual([]);
    // The input is not changed: what is stored stays as written.
    expect(history[2]).toMatchObject({ content: INTERRUPTED_RESULT, outcome: 'interrupted' });

    const failed = withLateToolResults(
      history,
      new Map([['call_job', { content: 'Error: the task failed: disk', isError: true }]]),
    );
    expect(failed[2]).toMatchObject({ content: 'Error: the task failed: disk', isError: true, outcome: 'error' });
  });

  it('never replaces a result the call got in its own run', () => {
    const own = toolMsg('t1', 'r1', 1, job, 'The task was cancelled.');
    const out = withLateToolResults(
      [assistantMsg('a1', 'r1', 1, '', [job]), own],
      new Map([['call_job', { content: 'late', isError: false }]]),
    );
    expect(out[1]).toEqual(own);
  });
});
