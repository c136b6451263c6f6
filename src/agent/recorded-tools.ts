/**
 * The tools of a re-run with recorded results (architecture.md, "Re-run from here"): a call whose tool and canonical
 * arguments match a recorded call gets that call's output without running; any other call asks the person whether to
 * run it live (under the normal approval rules), answer it by hand, or stop the run.
 */
import type { ApprovalGate, ToolExecutor, ToolHandle, ToolRunResult } from './tool-executor';
import { canonicalJson } from '../domain/call-identity';
import type { RecordedResultsCursor } from './recorded-results';

export type UnmatchedCallAnswer = { kind: 'live' } | { kind: 'by_hand'; content: string } | { kind: 'stop' };

/** Asks the person about a call with no recorded result; settles `stop` (or rejects) when `signal` aborts. */
type UnmatchedCallQuestion = (
  call: { callId: string; name: string; arguments: string },
  signal: AbortSignal,
) => Promise<UnmatchedCallAnswer>;

type RecordedToolsOptions = {
  ask: UnmatchedCallQuestion;
  /** The run's approval gate: a call run live is asked about exactly as in any run. */
  approve?: ApprovalGate;
  /** Stops the whole run ("Stop" on the question). */
  stop: () => void;
};

class StoppedByPerson extends Error {
  constructor() {
    super('Stopped on a call with no recorded result.');
    this.name = 'StoppedByPerson';
  }
}

function wrap(tool: ToolHandle, cursor: RecordedResultsCursor, opts: RecordedToolsOptions): ToolHandle {
  const name = tool.spec.name;
  return {
    ...tool,
    // Approval is asked only when the person chooses to run a call live: a recorded answer runs nothing.
    needsApproval: false,
    validate: (args) => tool.validate(args),
    async run(args, ctx): Promise<ToolRunResult> {
      const raw = canonicalJson(args ?? {});
      const recorded = cursor.next(name, raw);
      if (recorded) {
        return {
          outcome: recorded.outcome,
          content: recorded.content,
          logs: [],
          recorded: true,
          ...(recorded.images ? { images: recorded.images } : {}),
        };
      }
      // The person may take their time: the tool's timeout starts only if it runs live.
      ctx.suspendTimeout?.();
      const answer = await opts.ask({ callId: ctx.callId, name, arguments: raw }, ctx.signal);
      if (answer.kind === 'stop') {
        opts.stop();
        throw new StoppedByPerson();
      }
      if (answer.kind === 'by_hand')
        return { outcome: 'ok', content: answer.content, logs: [{ level: 'info', text: 'answered by hand', t: 0 }] };
      if (!tool.needsApproval) return tool.run(args, ctx);
      if (!opts.approve)
        return {
          outcome: 'error',
          content: 'Denied by user: this tool needs approval and no one is there to give it',
          logs: [],
        };
      const d = await opts.approve(
        {
          callId: ctx.callId,
          name,
          arguments: raw,
          schema: tool.spec.parameters,
          ...(tool.approvalKey ? { key: tool.approvalKey } : {}),
        },
        ctx.signal,
      );
      if (d.decision === 'deny')
        return { outcome: 'error', content: d.reason ? `Denied by user: ${d.reason}` : 'Denied by user', logs: [] };
      if (d.decision === 'approve') return tool.run(args, ctx);
      let edited: unknown;
      try {
        edited = d.arguments.trim() === '' ? {} : JSON.parse(d.arguments);
      } catch {
        return { outcome: 'error', content: 'Error: the edited arguments are not valid JSON.', logs: [] };
      }
      const issues = await tool.validate(edited);
      if (issues.length > 0)
        return {
          outcome: 'error',
          content: `Error: the edited arguments do not match the tool's schema: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`,
          logs: [],
        };
      return tool.run(edited, ctx);
    },
  };
}

/** The live tools, each answering from the recordings first. */
export function recordedToolExecutor(
  live: ToolExecutor,
  cursor: RecordedResultsCursor,
  opts: RecordedToolsOptions,
): ToolExecutor {
  const cache = new Map<ToolHandle, ToolHandle>();
  const wrapped = (t: ToolHandle) => {
    let w = cache.get(t);
    if (!w) {
      w = wrap(t, cursor, opts);
      cache.set(t, w);
    }
    return w;
  };
  return {
    list: () => live.list().map(wrapped),
    get: (name) => {
      const t = live.get(name);
      return t ? wrapped(t) : undefined;
    },
  };
}
