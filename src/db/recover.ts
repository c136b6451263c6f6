/**
 * Crash/reload recovery, run once on app start. A session left generating / running_tools / awaiting_approval
 * whose run lock no tab holds was cut off by a closed or reloaded page. For each such session, in one transaction:
 * - the streaming partial message becomes status 'interrupted' (kept, even when empty);
 * - every assistant tool call without a result message gets one, placed right after its group, so architecture.md,
 *   invariant 1 holds (the same check import uses finds them):
 *   the stored result when its toolCalls row says it finished (it was shown; results are written per group),
 *   else INTERRUPTED_RESULT (outcome 'interrupted', isError true);
 * - its unfinished toolCalls rows become status 'interrupted';
 * - each run without finishedAt is closed as stopReason 'cancelled' with `interrupted: true`, and gets a
 *   run_finished event flagged `recovered: true` so the timeline shows where it stopped;
 * - the session becomes 'interrupted' with recounted messageCount/toolCallCount (updatedAt unchanged).
 */
import type { ToolMessage, ToolOutcome } from '../domain/messages';
import { type ToolscopeDB, sessionTables } from './database';
import { findHistoryProblems } from '../domain/history-check';
import { sessionMessages } from './messages-repo';
import type { MessageRecord, ToolCallRecord, ToolCallStatus } from './records';
import { isLiveStatus } from '../domain/session';
import { sessionsStoredLive } from './live-sessions';
import { isRunLocked } from './run-lock';
import { endsPaused } from './paused-run';
import { closeCutRun } from './close-cut-run';

export const INTERRUPTED_RESULT = 'Interrupted: the page was closed or reloaded before this tool finished';
/**
 * The same answer for a call an imported trace names but never records a result for (an agent stopped with the call
 * pending, or an exporter dropped its tool span): io/otlp/unrecorded-calls.ts repairs with repairHistory and this text.
 */
export const NOT_RECORDED_RESULT =
  'Interrupted: the trace has no recorded result for this call (the agent stopped before it finished, or its tool span was not exported)';

type RecoverOptions = {
  /** Repair a run left waiting at a pause too (the person stopped it, or sent a new message instead). */
  force?: boolean;
  isLocked?: (sessionId: string) => Promise<boolean>;
  now?: () => number;
  newId?: () => string;
};

type RecoveryReport = { recovered: string[]; skippedLocked: string[] };

export async function recoverInterrupted(db: ToolscopeDB, opts: RecoverOptions = {}): Promise<RecoveryReport> {
  const isLocked = opts.isLocked ?? ((id: string) => isRunLocked(id));
  const live = await sessionsStoredLive(db);
  const report: RecoveryReport = { recovered: [], skippedLocked: [] };
  for (const id of live) {
    if (await isLocked(id)) {
      report.skippedLocked.push(id);
      continue;
    }
    if (await recoverSession(db, id, opts)) report.recovered.push(id);
  }
  return report;
}

type Repair = { messages: MessageRecord[]; interruptedCalls: Set<string> };

/**
 * Missing tool results, each placed after its group and before whatever message follows it. The groups are the
 * ones the history check (domain/history-check.ts) finds unanswered, so recovery repairs exactly what import and
 * the loop's tests would refuse.
 */
export function repairHistory(
  records: MessageRecord[],
  now: number,
  newId: () => string,
  finishedRows: ReadonlyMap<string, ToolCallRecord> = new Map(),
  content: string = INTERRUPTED_RESULT,
): Repair {
  const out: MessageRecord[] = [];
  const interruptedCalls = new Set<string>();
  for (const problem of findHistoryProblems(records)) {
    if (problem.kind !== 'unanswered') continue;
    const assistant = records[problem.index];
    if (assistant?.role !== 'assistant') continue;
    // Between the group's last result (or the assistant message itself) and the message that follows the group.
    let lastOrder = assistant.order;
    for (let i = problem.index + 1; i < problem.before; i++) {
      const rec = records[i];
      if (rec?.role === 'tool') lastOrder = rec.order;
    }
    const nextOrder = records[problem.before]?.order ?? (records[records.length - 1]?.order ?? 0) + 1;
    const missing = problem.callIds;
    missing.forEach((callId, i) => {
      const call = assistant.toolCalls.find((c) => c.id === callId);
      const key = rowKey(assistant.id, callId);
      const done = finishedRows.get(key);
      const msg: ToolMessage = {
        id: newId(),
        role: 'tool',
        toolCallId: callId,
        name: call?.name ?? '',
        content,
        isError: true,
        outcome: 'interrupted',
        runId: assistant.runId,
        turn: assistant.turn,
        createdAt: now,
      };
      // A tool that finished before the page closed keeps its real result: it was shown, so it is not lost.
      if (done && done.result !== null && isOutcome(done.status)) {
        Object.assign(msg, {
          content: done.result,
          isError: done.isError,
          outcome: done.status,
          createdAt: done.finishedAt ?? now,
        });
      } else interruptedCalls.add(key);
      const order = lastOrder + ((nextOrder - lastOrder) * (i + 1)) / (missing.length + 1);
      out.push({
        ...msg,
        sessionId: assistant.sessionId,
        order,
        ...(assistant.branchId !== undefined ? { branchId: assistant.branchId } : {}),
      });
    });
  }
  return { messages: out, interruptedCalls };
}

function groupRecordsByBranch(records: MessageRecord[]): MessageRecord[][] {
  const groups = new Map<string, MessageRecord[]>();
  for (const r of records) {
    const key = r.branchId ?? '';
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

const UNFINISHED = new Set<ToolCallStatus>(['pending', 'running', 'awaiting_approval']);
const isOutcome = (s: ToolCallStatus): s is ToolOutcome => !UNFINISHED.has(s);
const rowKey = (messageId: string, callId: string) => `${messageId}\u0000${callId}`;

export async function recoverSession(db: ToolscopeDB, sessionId: string, opts: RecoverOptions = {}): Promise<boolean> {
  const now = (opts.now ?? Date.now)();
  const newId = opts.newId ?? (() => crypto.randomUUID());
  return db.transaction('rw', sessionTables(db), async () => {
    const session = await db.sessions.get(sessionId);
    if (!session || !isLiveStatus(session.status)) return false;
    // A run waiting at a breakpoint is the person's to resume or stop (docs/debugging.md, "Breakpoints").
    if (!opts.force && (await endsPaused(db, sessionId))) return false;

    const records = await sessionMessages(db, sessionId).toArray();
    const partials = records.filter((r) => r.role === 'assistant' && r.status === 'streaming');
    for (const p of partials) if (p.role === 'assistant') p.status = 'interrupted';
    const rows = await db.toolCalls.where('sessionId').equals(sessionId).toArray();
    const finished = new Map(rows.filter((r) => isOutcome(r.status)).map((r) => [rowKey(r.messageId, r.id), r]));
    // Each branch's own messages hold whole tool groups (a branch never starts inside one), so each is checked alone.
    const repair: Repair = { messages: [], interruptedCalls: new Set() };
    for (const own of groupRecordsByBranch(records)) {
      const part = repairHistory(own, now, newId, finished);
      repair.messages.push(...part.messages);
      for (const key of part.interruptedCalls) repair.interruptedCalls.add(key);
    }
    await db.messages.bulkPut([...partials, ...repair.messages]);

    const changed: ToolCallRecord[] = rows
      .filter((r) => UNFINISHED.has(r.status) || repair.interruptedCalls.has(rowKey(r.messageId, r.id)))
      .map((r) => ({
        ...r,
        status: 'interrupted',
        isError: true,
        result: r.result ?? INTERRUPTED_RESULT,
        finishedAt: r.finishedAt ?? now,
      }));
    await db.toolCalls.bulkPut(changed);

    const runs = await db.runs
      .where('sessionId')
      .equals(sessionId)
      .filter((r) => r.finishedAt === null)
      .toArray();
    for (const run of runs) await closeCutRun(db, run, Math.max(0, now - run.startedAt));

    await db.sessions.update(sessionId, {
      status: 'interrupted',
      messageCount: records.length + repair.messages.length,
      toolCallCount: rows.length,
    });
    return true;
  });
}
