import { db } from '../../db/database';
import { listRunEvents } from '../../db/events-repo';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import type { SentPromptLayer } from '../../agent/context-hook';
import { indexRecordedResults, recordedCallsFromHistory, recordedResultsCursor } from '../../agent/recorded-results';
import { rerun, type BranchOutcome } from './branch-actions';
import { getToolSet } from '../../db/tool-sets-repo';
import type { OfferedTool } from '../../domain/offered-tools';

export type ToolResultsChoice = 'recorded' | 'live';

/**
 * What the step of an assistant message was run with: its model, the system prompt layers it sent, the tools it
 * offered (null: not recorded, from before tool sets were kept) and which request of its run it was.
 */
export type RecordedStep = { model: string | null; sentLayers: SentPromptLayer[] | null; offeredTools: OfferedTool[] | null; turn: number | null };

export async function recordedStep(runId: string, messageId: string): Promise<RecordedStep> {
  const events = await listRunEvents(db, runId);
  let model: string | null = null;
  let sentLayers: SentPromptLayer[] | null = null;
  let toolSet: string | null = null;
  let sessionId: string | null = null;
  let turn: number | null = null;
  for (const e of events) {
    if (e.type === 'run_started') model = e.model;
    if (e.type === 'request_started' && e.messageId === messageId) {
      sentLayers = e.systemLayers ?? null;
      toolSet = e.toolSet ?? null;
      sessionId = e.sessionId;
      turn = e.turn;
    }
  }
  const set = toolSet !== null && sessionId !== null ? await getToolSet(db, sessionId, toolSet) : undefined;
  return { model, sentLayers, offeredTools: set?.tools ?? null, turn };
}

/**
 * "Re-run from here" (architecture.md, "Re-run from here"): a new branch of the message, its history up to the step
 * as it was, the step's system prompt as recorded, with `model`; with recorded results, a call that matches one
 * recorded anywhere in this session is answered from it without running.
 */
export async function rerunFromHere(sessionId: string, messageId: string, runId: string, choice: { model: string; toolResults: ToolResultsChoice }): Promise<BranchOutcome> {
  const step = await recordedStep(runId, messageId);
  const recorded =
    choice.toolResults === 'recorded'
      ? recordedResultsCursor(indexRecordedResults(recordedCallsFromHistory((await listMessages(db, sessionId)).map(fromMessageRecord))))
      : undefined;
  return rerun(sessionId, messageId, undefined, {
    model: choice.model.trim(),
    ...(step.sentLayers ? { sentLayers: step.sentLayers } : {}),
    ...(step.offeredTools ? { offeredTools: step.offeredTools } : {}),
    ...(recorded ? { recorded } : {}),
  });
}
