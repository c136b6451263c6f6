import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolscopeDB } from '../../../db/database';
import { createPersister } from '../../../db/persister';
import { createSession } from '../../../db/sessions-repo';
import { assistantMsg, toolMsg, userMsg } from '../../../db/testing/message-builders';
import { freshDB } from '../../../db/testing/fresh-db';
import { manualTimers } from '../../../db/testing/manual-timers';
import { runEmitter } from '../../../db/testing/run-emitter';
import { checkExportData } from '../../../io/session-file/check-file';
import { buildExport } from '../../../io/session-file/export-sessions';
import { withUnsaved } from './with-unsaved';

let db: ToolscopeDB;
afterEach(() => db?.close());

const usage = (n: number) => ({ promptTokens: n, completionTokens: n, totalTokens: 2 * n, estimated: false });

describe('withUnsaved', () => {
  it('exports a run whose writes failed (storage full) over the stored session, as a valid file', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's', title: 'T', model: 'm', now: 1 });
    const first = createPersister(db, 's', { timers: manualTimers() });
    const r1 = runEmitter('r1', first);
    r1.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 1000 }, 0);
    r1.emit({ type: 'message_appended', message: userMsg('u1', 'first?') });
    r1.emit({ type: 'message_appended', message: assistantMsg('a1', 'r1', 1, 'first answer') });
    r1.emit({ type: 'run_finished', stopReason: 'complete', usage: usage(3) });
    await first.close();

    const quota = vi.spyOn(db.messages, 'bulkPut').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    const second = createPersister(db, 's', { timers: manualTimers() });
    const r2 = runEmitter('r2', second);
    const call = { id: 'c1', name: 'clock', arguments: '{}' };
    r2.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 2000 }, 0);
    r2.emit({ type: 'message_appended', message: userMsg('u2', 'second?') });
    r2.emit({ type: 'message_appended', message: assistantMsg('a2', 'r2', 1, '', [call]) });
    r2.emit({ type: 'tool_started', turn: 1, callId: 'c1', name: 'clock', arguments: '{}' });
    r2.emit({
      type: 'tool_finished',
      turn: 1,
      callId: 'c1',
      name: 'clock',
      outcome: 'ok',
      result: '12:00',
      isError: false,
      durationMs: 1,
    });
    r2.emit({ type: 'message_appended', message: toolMsg('t1', 'r2', 1, call, '12:00') });
    r2.emit({ type: 'message_appended', message: assistantMsg('a3', 'r2', 2, 'It is noon, never stored.') });
    r2.emit({ type: 'run_finished', stopReason: 'complete', usage: usage(5) });
    await second.close();
    quota.mockRestore();

    const unsaved = second.unsavedRecords();
    if (!unsaved) throw new Error('expected unsaved records');
    const { file } = await buildExport(db, { kind: 'session', sessionId: 's' });
    expect(file.sessions[0]!.messages.map((m) => m.id)).toEqual(['u1', 'a1']);

    file.sessions[0] = withUnsaved(file.sessions[0]!, unsaved);
    const checked = checkExportData(JSON.parse(JSON.stringify(file)));
    expect(checked.ok ? [] : checked.failure).toEqual([]);
    const entry = file.sessions[0]!;
    expect(entry.messages.map((m) => [m.id, m.order])).toEqual([
      ['u1', 0],
      ['a1', 1],
      ['u2', 2],
      ['a2', 3],
      ['t1', 4],
      ['a3', 5],
    ]);
    expect(entry.messages.at(-1)?.content).toBe('It is noon, never stored.');
    expect(entry.runs.map((r) => [r.id, r.stopReason])).toEqual([
      ['r1', 'complete'],
      ['r2', 'complete'],
    ]);
    expect(entry.events.filter((e) => e.runId === 'r2').map((e) => e.seq)).toEqual(r2.events.map((e) => e.seq));
    expect(entry.toolCalls.map((c) => [c.messageId, c.id, c.status])).toEqual([['a2', 'c1', 'ok']]);
    expect(entry.session).toMatchObject({ status: 'finished', messageCount: 6, toolCallCount: 1, usage: usage(8) });
  });

  it('lets memory win: a stored streaming partial whose place an unsaved message took is dropped', () => {
    const stored = {
      session: {
        id: 's',
        title: 'T',
        model: 'm',
        status: 'generating' as const,
        createdAt: 0,
        updatedAt: 5,
        messageCount: 2,
        toolCallCount: 0,
        usage: usage(1),
        settings: {},
      },
      messages: [
        { ...userMsg('u1', 'q'), sessionId: 's', order: 0 },
        { ...assistantMsg('p1', 'r1', 1, 'half'), status: 'streaming' as const, sessionId: 's', order: 1 },
      ],
      toolCalls: [],
      runs: [{ id: 'r1', sessionId: 's', startedAt: 1, finishedAt: null, stopReason: null, usage: usage(1) }],
      events: [],
    };
    const merged = withUnsaved(stored, {
      messages: [{ ...assistantMsg('a1', 'r1', 1, 'whole'), sessionId: 's', order: 1 }],
      events: [],
      toolCalls: [],
      run: { id: 'r1', sessionId: 's', startedAt: 1, finishedAt: 9, stopReason: 'complete', usage: usage(4) },
      status: 'finished',
    });
    expect(merged.messages.map((m) => m.id)).toEqual(['u1', 'a1']);
    expect(merged.runs).toHaveLength(1);
    // The run's stored usage is replaced, not added twice.
    expect(merged.session).toMatchObject({ status: 'finished', usage: usage(4), updatedAt: 9 });
  });
});
