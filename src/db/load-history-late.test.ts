import { describe, expect, it } from 'vitest';
import { freshDB } from './testing/fresh-db';
import { assistantMsg, userMsg } from './testing/message-builders';
import { loadHistory, toMessageRecord } from './messages-repo';
import { INTERRUPTED_RESULT, recoverSession } from './recover';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage } from '../domain/messages';
import type { McpTaskRecord } from '../domain/mcp-task';

const job = { id: 'call_job', name: 'jobs__long_job', arguments: '{}' };

describe('loadHistory with a task result that arrived after a reload', () => {
  it('gives a reload-cut call the task result stored later, and nothing changes in the stored messages', async () => {
    const { db } = freshDB('late-results');
    await db.sessions.put({
      id: 's1',
      title: 't',
      createdAt: 1,
      updatedAt: 1,
      model: 'm',
      settings: {},
      status: 'running_tools',
      messageCount: 2,
      toolCallCount: 1,
    } as never);
    const msgs: ChatMessage[] = [userMsg('u1', 'start'), assistantMsg('a1', 'r1', 1, '', [job])];
    await db.messages.bulkPut(msgs.map((m, i) => toMessageRecord('s1', i, m)));
    await recoverSession(db, 's1', { isLocked: async () => false });
    const before = await loadHistory(db, 's1');
    expect(before[2]).toMatchObject({ toolCallId: 'call_job', content: INTERRUPTED_RESULT, outcome: 'interrupted' });

    const task: McpTaskRecord = {
      callId: 'call_job',
      sessionId: 's1',
      serverId: 'srv',
      serverName: 'jobs',
      toolName: 'long_job',
      taskId: 'task-1',
      status: 'completed',
      createdAt: 1,
      updatedAt: 2,
      endText: 'Long job done.',
      lateResult: { content: 'Long job done.', isError: false, arrivedAt: 5 },
    };
    await db.mcpTasks.put(task);
    await db.mcpTasks.put({ ...task, callId: 'call_elsewhere', sessionId: 's2' });
    const after = await loadHistory(db, 's1');
    expect(after[2]).toMatchObject({
      toolCallId: 'call_job',
      content: 'Long job done.',
      isError: false,
      outcome: 'ok',
    });
    expect(findHistoryProblems(after)).toEqual([]);
    const stored = await db.messages.where('sessionId').equals('s1').toArray();
    expect(stored.find((m) => m.role === 'tool')).toMatchObject({
      content: INTERRUPTED_RESULT,
      outcome: 'interrupted',
    });
    db.close();
  });
});
