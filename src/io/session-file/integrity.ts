import type { ChatMessage } from '../../domain/messages';
import type { MessageRecord } from '../../db/records';
import { isLiveStatus } from '../../domain/session';
import type { ExportFileV1, ExportedSessionV1 } from './format-v1';
import { findHistoryProblems } from '../../domain/history-check';
import { branchStateOf, branchStateProblems, groupByBranch, leafBranches, pathIds } from '../../domain/branches';
import { MAX_LISTED_ISSUES, type FileIssue } from './validate-file';

function byOrder(a: MessageRecord, b: MessageRecord): number {
  return a.order - b.order;
}

/**
 * The checks a schema cannot express: ids unique, every record pointing at its own session and at runs
 * and messages that exist, and the history valid (architecture.md, invariant 1). Runs after schema validation.
 */
export function checkIntegrity(file: ExportFileV1): { issues: FileIssue[]; total: number } {
  const issues: FileIssue[] = [];
  const add = (path: string, expected: string) => issues.push({ path, expected });

  const sessionIds = new Set<string>();
  const messageIds = new Set<string>();
  const runIds = new Set<string>();
  file.sessions.forEach((entry, si) => {
    const base = `$.sessions[${si}]`;
    const sid = entry.session.id;
    if (sessionIds.has(sid))
      add(`${base}.session.id`, `an id not used by another session in the file ("${sid}" is repeated)`);
    sessionIds.add(sid);
    checkSession(entry, base, messageIds, runIds, add);
  });

  const toolNames = new Set<string>();
  const toolIds = new Set<string>();
  file.tools.forEach((tool, ti) => {
    if (toolNames.has(tool.name)) add(`$.tools[${ti}].name`, `a tool name not used twice ("${tool.name}" is repeated)`);
    if (toolIds.has(tool.id)) add(`$.tools[${ti}].id`, `a tool id not used twice ("${tool.id}" is repeated)`);
    toolNames.add(tool.name);
    toolIds.add(tool.id);
  });
  const memoryIds = new Set<string>();
  (file.memories ?? []).forEach((m, mi) => {
    if (memoryIds.has(m.id)) add(`$.memories[${mi}].id`, `a memory id not used twice ("${m.id}" is repeated)`);
    memoryIds.add(m.id);
  });
  return { issues: issues.slice(0, MAX_LISTED_ISSUES), total: issues.length };
}

function checkSession(
  entry: ExportedSessionV1,
  base: string,
  messageIds: Set<string>,
  runIds: Set<string>,
  add: (path: string, expected: string) => void,
): void {
  const sid = entry.session.id;
  const own = (path: string, value: string) => {
    if (value !== sid) add(path, `"${sid}", the id of the session it is listed under (found "${value}")`);
  };

  const sessionRuns = new Set<string>();
  entry.runs.forEach((run, i) => {
    own(`${base}.runs[${i}].sessionId`, run.sessionId);
    if (runIds.has(run.id))
      add(`${base}.runs[${i}].id`, `a run id not used twice in the file ("${run.id}" is repeated)`);
    runIds.add(run.id);
    sessionRuns.add(run.id);
  });

  const orders = new Set<number>();
  const assistantCalls = new Map<string, Set<string>>();
  // Compaction may drop the messages a summary replaced; tool call rows can still name them.
  const summarised = new Set<string>();
  entry.messages.forEach((m, i) => {
    own(`${base}.messages[${i}].sessionId`, m.sessionId);
    if (messageIds.has(m.id))
      add(`${base}.messages[${i}].id`, `a message id not used twice in the file ("${m.id}" is repeated)`);
    messageIds.add(m.id);
    if (orders.has(m.order))
      add(
        `${base}.messages[${i}].order`,
        `an order not used by another message of the session (${m.order} is repeated)`,
      );
    orders.add(m.order);
    if (m.role === 'assistant') assistantCalls.set(m.id, new Set(m.toolCalls.map((c) => c.id)));
    if (m.role === 'system') for (const id of m.summaryOf ?? []) summarised.add(id);
  });

  const callKeys = new Set<string>();
  entry.toolCalls.forEach((c, i) => {
    const path = `${base}.toolCalls[${i}]`;
    own(`${path}.sessionId`, c.sessionId);
    if (!sessionRuns.has(c.runId)) add(`${path}.runId`, `the id of a run of this session (no run "${c.runId}")`);
    const key = `${c.messageId}\u0000${c.id}`;
    if (callKeys.has(key)) add(`${path}.id`, `a tool call listed once per message ("${c.id}" is repeated)`);
    callKeys.add(key);
    const calls = assistantCalls.get(c.messageId);
    if (calls && !calls.has(c.id))
      add(`${path}.id`, `a tool call of assistant message "${c.messageId}" (it has no call "${c.id}")`);
    if (!calls && !summarised.has(c.messageId))
      add(`${path}.messageId`, `the id of an assistant message of this session (no "${c.messageId}")`);
  });

  const eventKeys = new Set<string>();
  entry.events.forEach((e, i) => {
    const path = `${base}.events[${i}]`;
    own(`${path}.sessionId`, e.sessionId);
    if (!sessionRuns.has(e.runId)) add(`${path}.runId`, `the id of a run of this session (no run "${e.runId}")`);
    const key = `${e.runId}\u0000${e.seq}`;
    if (eventKeys.has(key))
      add(`${path}.seq`, `a sequence number used once per run (${e.seq} is repeated in run "${e.runId}")`);
    eventKeys.add(key);
  });

  // Tool sets are keyed by session and hash; every request that names one must find it (architecture.md, "Offered tool sets").
  const setHashes = new Set<string>();
  (entry.toolSets ?? []).forEach((t, i) => {
    const path = `${base}.toolSets[${i}]`;
    own(`${path}.sessionId`, t.sessionId);
    if (setHashes.has(t.hash)) add(`${path}.hash`, `a tool set hash used once per session ("${t.hash}" is repeated)`);
    setHashes.add(t.hash);
  });
  entry.events.forEach((e, i) => {
    if (e.type === 'request_started' && e.toolSet !== undefined && !setHashes.has(e.toolSet)) {
      add(`${base}.events[${i}].toolSet`, `the hash of a tool set of this session (no tool set "${e.toolSet}")`);
    }
  });

  // View events are keyed by session, call and seq: a key used twice would make the import's one transaction fail.
  const viewKeys = new Set<string>();
  (entry.mcpViewEvents ?? []).forEach((v, i) => {
    const path = `${base}.mcpViewEvents[${i}]`;
    own(`${path}.sessionId`, v.sessionId);
    const key = `${v.callId}\u0000${v.seq}`;
    if (viewKeys.has(key))
      add(`${path}.seq`, `a sequence number used once per view (${v.seq} is repeated for call "${v.callId}")`);
    viewKeys.add(key);
  });

  // Raw traffic is keyed by its own id: one used twice would make the import's one transaction fail.
  const exchangeIds = new Set<string>();
  (entry.wireExchanges ?? []).forEach((w, i) => {
    const path = `${base}.wireExchanges[${i}]`;
    own(`${path}.sessionId`, w.sessionId);
    if (exchangeIds.has(w.id)) add(`${path}.id`, `an exchange id used once per session ("${w.id}" is repeated)`);
    exchangeIds.add(w.id);
  });

  const ordered = [...entry.messages].sort(byOrder);
  const state = branchStateOf(entry.session);
  const branchOwn = groupByBranch(ordered);
  for (const p of branchStateProblems(state, branchOwn))
    add(`${base}.session.branches`, `a sound branch structure: ${p}`);
  const byId = new Map(ordered.map((m) => [m.id, m]));
  // Every path must be a valid history on its own (architecture.md, "Branches"); a straight session has one.
  const paths =
    state.branches.length === 0
      ? [ordered]
      : leafBranches(state).map((b) => pathIds(state, branchOwn, b).flatMap((id) => byId.get(id) ?? []));
  const named = new Set<MessageRecord | undefined>();
  for (const path of paths) {
    const history: ChatMessage[] = path.filter((m) => !(m.role === 'assistant' && m.status === 'streaming'));
    // Only the first problem is named; one that is only calls unanswered at the end is the sole one (atEnd).
    const problem = findHistoryProblems(history)[0];
    if (!problem) continue;
    // A session exported mid-run may end with calls still running; import settles those as interrupted.
    if (problem.atEnd && isLiveStatus(entry.session.status)) continue;
    const culprit = history[problem.index] as MessageRecord | undefined;
    if (named.has(culprit)) continue;
    named.add(culprit);
    const index = culprit ? entry.messages.indexOf(culprit) : -1;
    add(index >= 0 ? `${base}.messages[${index}]` : `${base}.messages`, `a valid history: ${problem.problem}`);
  }
}
