import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBranch,
  branchPointBefore,
  dropBranch,
  groupByBranch,
  ownerIndex,
  pathIds,
  ROOT_BRANCH,
  siblingMap,
  STRAIGHT,
  type BranchState,
} from '../domain/branches';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage, ToolCall } from '../domain/messages';
import type { MessageRecord } from './records';
import { repairHistory } from './recover';
import { toMessageRecord } from './messages-repo';

/** How a simulated run ends: complete, Stop after `at` steps (the loop answers open calls), or a reload there. */
type Ending = { kind: 'complete' } | { kind: 'stop'; at: number } | { kind: 'reload'; at: number };
type Op =
  | { op: 'send'; calls: number[]; ending: Ending }
  | { op: 'edit'; pick: number; calls: number[]; ending: Ending }
  | { op: 'regenerate'; pick: number; calls: number[]; ending: Ending }
  | { op: 'switch'; pick: number; option: number }
  | { op: 'reload' };

/**
 * A session in memory, changed the way the app changes it: branches through the domain functions the store uses,
 * messages appended as the loop and persister append them, and a reload repaired by the same recovery code.
 */
class SimSession {
  state: BranchState = STRAIGHT;
  records: MessageRecord[] = [];
  private seq = 0;

  own() {
    return groupByBranch(this.records);
  }

  path(branchId = this.state.activeBranchId): MessageRecord[] {
    const byId = new Map(this.records.map((r) => [r.id, r]));
    return pathIds(this.state, this.own(), branchId).flatMap((id) => byId.get(id) ?? []);
  }

  private id(prefix: string) {
    return `${prefix}${++this.seq}`;
  }

  private append(message: ChatMessage) {
    this.records.push(toMessageRecord('s', this.records.length, message, this.state.activeBranchId));
  }

  /** One run on the active branch: optional user message, then turns of tool calls, then a plain reply. */
  run(userText: string | undefined, calls: number[], ending: Ending) {
    const runId = this.id('run');
    const steps: (() => ChatMessage[])[] = [];
    if (userText !== undefined) steps.push(() => [{ id: this.id('u'), role: 'user', content: userText, createdAt: 0 }]);
    const assistant = (turn: number, toolCalls: ToolCall[]): ChatMessage => ({
      id: this.id('a'),
      role: 'assistant',
      content: `t${turn}`,
      reasoning: '',
      refusal: null,
      toolCalls,
      status: 'complete',
      runId,
      turn,
      createdAt: 0,
    });
    const result = (turn: number, call: ToolCall, outcome: 'ok' | 'cancelled'): ChatMessage => ({
      id: this.id('t'),
      role: 'tool',
      toolCallId: call.id,
      name: call.name,
      content: outcome,
      isError: outcome !== 'ok',
      outcome,
      runId,
      turn,
      createdAt: 0,
    });
    let open: { turn: number; calls: ToolCall[]; answered: number } | null = null;
    calls.forEach((n, i) => {
      const turn = i + 1;
      // Call ids repeat across runs and branches on purpose: providers (and the mock server) reuse them.
      const toolCalls = Array.from({ length: n }, (_, k) => ({ id: `call_${turn}_${k}`, name: 'f', arguments: '{}' }));
      steps.push(() => {
        open = n > 0 ? { turn, calls: toolCalls, answered: 0 } : null;
        return [assistant(turn, toolCalls)];
      });
      for (const call of toolCalls) {
        steps.push(() => {
          if (open) open.answered++;
          return [result(turn, call, 'ok')];
        });
      }
    });
    steps.push(() => {
      open = null;
      return [assistant(calls.length + 1, [])];
    });
    const limit = ending.kind === 'complete' ? steps.length : Math.min(ending.at, steps.length);
    // The persister holds a group's results until the whole group is in; a reload loses the held ones.
    const written: ChatMessage[] = [];
    let held: ChatMessage[] = [];
    for (let i = 0; i < limit; i++) {
      for (const m of steps[i]!()) {
        if (m.role === 'tool') held.push(m);
        else {
          written.push(...held, m);
          held = [];
        }
      }
      const o = open as { calls: ToolCall[]; answered: number } | null;
      if (o && o.answered === o.calls.length) {
        written.push(...held);
        held = [];
      }
    }
    const o = open as { turn: number; calls: ToolCall[]; answered: number } | null;
    if (ending.kind === 'stop' && o && o.answered < o.calls.length) {
      // Stop: the loop answers every call still open, and the group is written whole.
      written.push(...held);
      for (const call of o.calls.slice(o.answered)) written.push(result(o.turn, call, 'cancelled'));
    }
    // A reload loses the results the persister still held; recovery answers those calls.
    for (const m of written) this.append(m);
    if (ending.kind === 'reload') this.recover();
  }

  recover() {
    const byBranch = new Map<string, MessageRecord[]>();
    for (const r of this.records) byBranch.set(r.branchId ?? '', [...(byBranch.get(r.branchId ?? '') ?? []), r]);
    for (const own of byBranch.values()) {
      const repair = repairHistory(own, 0, () => this.id('rep'));
      this.records.push(...repair.messages);
    }
    this.records.sort((a, b) => a.order - b.order);
  }

  /** Starts a branch for the message at `index` of the active path and runs it; an empty one is dropped again. */
  branchAndRun(index: number, userText: string | undefined, calls: number[], ending: Ending) {
    const path = this.path();
    const at = branchPointBefore(path, index);
    const previous = this.state.activeBranchId;
    const id = this.id('b');
    this.state = addBranch(this.state, ownerIndex(this.own()), path[at]?.id ?? null, id, this.seq);
    this.run(userText, calls, ending);
    if (!this.records.some((r) => r.branchId === id)) this.state = dropBranch(this.state, id, previous);
  }
}

const ending: fc.Arbitrary<Ending> = fc.oneof(
  fc.constant<Ending>({ kind: 'complete' }),
  fc.record({ kind: fc.constant('stop' as const), at: fc.nat(6) }),
  fc.record({ kind: fc.constant('reload' as const), at: fc.nat(6) }),
);
const calls = fc.array(fc.nat(2), { maxLength: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('send' as const), calls, ending }),
  fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), calls, ending }),
  fc.record({ op: fc.constant('regenerate' as const), pick: fc.nat(), calls, ending }),
  fc.record({ op: fc.constant('switch' as const), pick: fc.nat(), option: fc.nat() }),
  fc.constant<Op>({ op: 'reload' }),
);

function apply(s: SimSession, o: Op) {
  const path = s.path();
  const indexes = (role: ChatMessage['role']) => path.flatMap((m, i) => (m.role === role ? [i] : []));
  switch (o.op) {
    case 'send':
      return s.run('hello', o.calls, o.ending);
    case 'edit': {
      const users = indexes('user');
      if (users.length === 0) return;
      return s.branchAndRun(users[o.pick % users.length]!, 'edited', o.calls, o.ending);
    }
    case 'regenerate': {
      const replies = indexes('assistant');
      if (replies.length === 0) return;
      return s.branchAndRun(replies[o.pick % replies.length]!, undefined, o.calls, o.ending);
    }
    case 'switch': {
      const siblings = [
        ...siblingMap(
          s.state,
          s.own(),
          path.map((m) => m.id),
        ).values(),
      ];
      const group = siblings[o.pick % Math.max(1, siblings.length)];
      if (!group) return;
      const choice = group.options[o.option % group.options.length]!;
      s.state = { ...s.state, activeBranchId: choice.branchId };
      expect(s.path().map((m) => m.id)).toContain(choice.messageId);
      return;
    }
    case 'reload':
      return s.recover();
  }
}

describe('the branch model under random use', () => {
  it('keeps every path a valid history through send / edit / regenerate / stop / reload / switch', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
        const s = new SimSession();
        let stored = 0;
        for (const o of ops) {
          apply(s, o);
          // Nothing is ever removed: an edit or regenerate leaves the old branch as it was.
          expect(s.records.length).toBeGreaterThanOrEqual(stored);
          stored = s.records.length;
          for (const branch of [ROOT_BRANCH, ...s.state.branches.map((b) => b.id)]) {
            expect(findHistoryProblems(s.path(branch))).toEqual([]);
          }
          // Every message is on some path.
          const onPaths = new Set(
            [ROOT_BRANCH, ...s.state.branches.map((b) => b.id)].flatMap((b) => s.path(b).map((m) => m.id)),
          );
          expect(s.records.every((r) => onPaths.has(r.id))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
