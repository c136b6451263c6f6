import { addUsage, type Usage } from '../../../domain/messages';
import type { UnsavedRecords } from '../../../db/persister';
import type { MessageRecord, RunRecord } from '../../../db/records';
import type { ExportedSessionV1 } from '../../../io/session-file/format-v1';

const minus = (a: Usage, b: Usage): Usage => ({
  promptTokens: a.promptTokens - b.promptTokens,
  completionTokens: a.completionTokens - b.completionTokens,
  totalTokens: a.totalTokens - b.totalTokens,
  estimated: a.estimated,
});

const callsOf = (m: MessageRecord) => (m.role === 'assistant' ? m.toolCalls.length : 0);

/**
 * A stored session with what the persister could not write (storage full) laid over it. Memory is the truth:
 * an unsaved record replaces the stored one with its key, and a stored message whose place (order) an unsaved
 * one now takes is dropped (e.g. a streaming partial the run has since replaced). Counts and usage follow.
 */
export function withUnsaved(stored: ExportedSessionV1, unsaved: UnsavedRecords): ExportedSessionV1 {
  const storedIds = new Set(stored.messages.map((m) => m.id));
  const taken = new Map(unsaved.messages.map((m) => [m.order, m.id]));
  const byId = new Map<string, MessageRecord>();
  for (const m of stored.messages) if ((taken.get(m.order) ?? m.id) === m.id) byId.set(m.id, m);
  for (const m of unsaved.messages) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.order - b.order);

  const eventKey = (e: { runId: string; seq: number }) => `${e.runId}\u0000${e.seq}`;
  const events = new Map(stored.events.map((e) => [eventKey(e), e]));
  for (const e of unsaved.events) events.set(eventKey(e), e);

  const callKey = (c: { messageId: string; id: string }) => `${c.messageId}\u0000${c.id}`;
  const toolCalls = new Map(stored.toolCalls.map((c) => [callKey(c), c]));
  for (const c of unsaved.toolCalls) toolCalls.set(callKey(c), c);

  const runs = new Map(stored.runs.map((r) => [r.id, r]));
  let usage = stored.session.usage;
  if (unsaved.run) {
    const before = runs.get(unsaved.run.id);
    usage = addUsage(before ? minus(usage, before.usage) : usage, unsaved.run.usage);
    runs.set(unsaved.run.id, unsaved.run);
  }
  const sortedRuns = [...runs.values()].sort((a: RunRecord, b: RunRecord) => a.startedAt - b.startedAt);
  const runRank = new Map(sortedRuns.map((r, i) => [r.id, i]));
  const sortedEvents = [...events.values()].sort(
    (a, b) =>
      (runRank.get(a.runId) ?? sortedRuns.length) - (runRank.get(b.runId) ?? sortedRuns.length) || a.seq - b.seq,
  );

  const added = unsaved.messages.filter((m) => !storedIds.has(m.id));
  const lastActivity = Math.max(
    stored.session.updatedAt,
    unsaved.run?.finishedAt ?? unsaved.run?.startedAt ?? 0,
    ...unsaved.messages.map((m) => m.createdAt),
  );
  return {
    session: {
      ...stored.session,
      ...(unsaved.status ? { status: unsaved.status } : {}),
      updatedAt: lastActivity,
      usage,
      messageCount: stored.session.messageCount + added.length,
      toolCallCount: stored.session.toolCallCount + added.reduce((n, m) => n + callsOf(m), 0),
    },
    messages,
    toolCalls: [...toolCalls.values()],
    runs: sortedRuns,
    events: sortedEvents,
  };
}
