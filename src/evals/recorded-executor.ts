import { indexRecordedResults, recordedResultsCursor, type RecordedCall } from '../agent/recorded-results';
import type { ToolExecutor, ToolHandle } from '../agent/tool-executor';
import type { FrozenTool, RecordedToolResult } from '../domain/eval-case';

/** A call the case has no recorded result for: the run stops there and the case fails with this (never runs live). */
export type CaseUnmatchedCall = { name: string; arguments: string };

export function unmatchedReason(call: CaseUnmatchedCall): string {
  const args = call.arguments.length > 200 ? `${call.arguments.slice(0, 200)}…` : call.arguments;
  return `It called ${call.name} with ${args}, which has no recorded result, so the case stopped there (a case never runs tools live).`;
}

/**
 * The tools of a case run (architecture.md, "Test cases and suites"): the frozen request's tools, each answering only
 * from the recorded results (same tool + same canonical arguments, in recorded order). A call with no match reports
 * itself through `onUnmatched` (which stops the run) and answers nothing the model could build on.
 */
export function caseToolExecutor(
  tools: readonly FrozenTool[],
  recorded: readonly RecordedToolResult[],
  onUnmatched: (call: CaseUnmatchedCall) => void,
): ToolExecutor {
  const calls: RecordedCall[] = recorded.map((r, i) => ({
    callId: `recorded-${i}`,
    messageId: '',
    name: r.name,
    arguments: r.arguments,
    content: r.result,
    isError: r.isError,
    outcome: r.isError ? 'error' : 'ok',
  }));
  const cursor = recordedResultsCursor(indexRecordedResults(calls));
  const handles: ToolHandle[] = tools.map((spec) => ({
    spec,
    needsApproval: false,
    // The step's model saw these schemas; whether the new model's arguments fit is for the checks and the recordings.
    validate: () => [],
    run: async (args) => {
      const raw = JSON.stringify(args ?? {});
      const hit = cursor.next(spec.name, raw);
      if (hit === null) {
        onUnmatched({ name: spec.name, arguments: raw });
        return { outcome: 'error', content: 'No recorded result for this call.', logs: [] };
      }
      return { outcome: hit.isError ? 'error' : 'ok', content: hit.content, logs: [] };
    },
  }));
  return { list: () => handles, get: (name) => handles.find((h) => h.spec.name === name) };
}
