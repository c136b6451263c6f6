import { db } from '../../db/database';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import { readStepRequest, TraceStepNotRecordedError, type StepRequest } from '../../db/recorded-step';
import { indexRecordedResults, recordedCallsFromHistory, recordedResultsCursor } from '../../agent/recorded-results';
import { rerun, type BranchOutcome } from '../session/branch-actions';
import type { RerunOptions } from '../run/rerun-preparation';

export type ToolResultsChoice = 'recorded' | 'live';

/** The step as its run recorded it (architecture.md, "One step, one reader"): what the step's dialogs show. */
export const stepRequestOf = (runId: string, messageId: string): Promise<StepRequest> =>
  readStepRequest(db, runId, messageId);

/** What a re-run of the step carries of its record: its layers and offered tools, for `stepSend` to decide from. */
export function stepRerunOptions(
  step: Pick<StepRequest, 'sentLayers' | 'offeredTools'>,
): Pick<RerunOptions, 'sentLayers' | 'offeredTools'> {
  return {
    ...(step.sentLayers ? { sentLayers: step.sentLayers } : {}),
    ...(step.offeredTools ? { offeredTools: step.offeredTools } : {}),
  };
}

/**
 * "Re-run from here" (architecture.md, "Re-run from here"): a new branch of the message, its history up to the step
 * as it was, the step's system prompt as recorded, with `model`; with recorded results, a call that matches one
 * recorded anywhere in this session is answered from it without running.
 */
export async function rerunFromHere(
  sessionId: string,
  messageId: string,
  runId: string,
  choice: { model: string; toolResults: ToolResultsChoice },
): Promise<BranchOutcome> {
  const step = await readStepRequest(db, runId, messageId);
  if (step.traceUnrecorded) throw new TraceStepNotRecordedError();
  const recorded =
    choice.toolResults === 'recorded'
      ? recordedResultsCursor(
          indexRecordedResults(recordedCallsFromHistory((await listMessages(db, sessionId)).map(fromMessageRecord))),
        )
      : undefined;
  return rerun(sessionId, messageId, undefined, {
    model: choice.model.trim(),
    ...stepRerunOptions(step),
    ...(recorded ? { recorded } : {}),
  });
}
