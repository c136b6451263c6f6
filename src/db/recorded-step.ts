import { TRACE_NOT_RECORDED, type RecordedStep } from '../domain/sent-step';
import type { ToolscopeDB } from './database';
import type { EventRecord } from './records';
import { listRunEvents } from './events-repo';
import { loadHistory } from './messages-repo';
import { getSession } from './sessions-repo';
import { getToolSet } from './tool-sets-repo';

export class RecordedStepNotFoundError extends Error {
  readonly kind = 'step_not_found';
  constructor() {
    super(
      'This reply is no longer in the conversation shown (another branch, or deleted). Open it again, then try again.',
    );
    this.name = 'RecordedStepNotFoundError';
  }
}

/** A step of a trace that did not record its whole request (messages, or tools): nothing can be sent for it. */
export class TraceStepNotRecordedError extends Error {
  readonly kind = 'trace_not_recorded';
  constructor() {
    super(TRACE_NOT_RECORDED);
    this.name = 'TraceStepNotRecordedError';
  }
}

export type { RecordedStep } from '../domain/sent-step';

type RequestStarted = Extract<EventRecord, { type: 'request_started' }>;

/** What a step's run recorded of its request, readable without the session's path (a step on another branch too). */
export type StepRequest = Pick<
  RecordedStep,
  'sessionId' | 'runId' | 'messageId' | 'turn' | 'sentLayers' | 'offeredTools' | 'contextTokens' | 'contextLimit'
> & {
  /** The model of the step's run; null when the run's events are gone. */
  model: string | null;
  /** False when no request of the run carried the step's message id (a step from an import without events). */
  found: boolean;
  /** A step of an imported trace that recorded no request content: re-run, try and save say so and send nothing. */
  traceUnrecorded: boolean;
};

/**
 * The request a step means: the last attempt of its run that carried the step's message id, which is the one its
 * answer came from (an earlier attempt failed and was retried under the same id).
 */
function stepRequest(events: readonly EventRecord[], messageId: string): RequestStarted | undefined {
  let found: RequestStarted | undefined;
  for (const e of events) {
    if (e.type === 'request_started' && e.messageId === messageId) found = e;
  }
  return found;
}

/** Reads what the run recorded of one step's request: its model, layers, offered tools and measured size. */
export async function readStepRequest(db: ToolscopeDB, runId: string, messageId: string): Promise<StepRequest> {
  const events = await listRunEvents(db, runId);
  const started = events.find((e) => e.type === 'run_started');
  const request = stepRequest(events, messageId);
  const sessionId = request?.sessionId ?? (started?.type === 'run_started' ? started.sessionId : '');
  const set = request?.toolSet !== undefined ? await getToolSet(db, request.sessionId, request.toolSet) : undefined;
  const traced =
    request === undefined && sessionId !== '' ? (await getSession(db, sessionId))?.importedTrace === true : false;
  return {
    sessionId,
    runId,
    messageId,
    model: started?.type === 'run_started' && started.model ? started.model : null,
    found: request !== undefined,
    traceUnrecorded: traced,
    turn: request?.turn ?? null,
    sentLayers: request?.systemLayers ?? null,
    offeredTools: set?.tools ?? null,
    contextTokens: request?.contextTokens ?? null,
    contextLimit: request?.contextLimit ?? null,
  };
}

/**
 * Reads one recorded step as it was recorded; what it sends again is `stepSend`'s to decide (context/step-send.ts).
 * Throws RecordedStepNotFoundError when the message is not an assistant step of the session's path.
 */
export async function readRecordedStep(db: ToolscopeDB, sessionId: string, messageId: string): Promise<RecordedStep> {
  const [session, path] = await Promise.all([getSession(db, sessionId), loadHistory(db, sessionId)]);
  const at = path.findIndex((m) => m.id === messageId);
  const message = path[at];
  if (!session || message?.role !== 'assistant') throw new RecordedStepNotFoundError();
  const runId = message.runId;
  const request = await readStepRequest(db, runId, messageId);
  if (session.importedTrace === true && !request.found) throw new TraceStepNotRecordedError();
  const { temperature, topP } = session.settings;
  return {
    source: 'session',
    sessionId,
    runId,
    messageId,
    model: request.model ?? session.model,
    modelRecorded: request.model !== null,
    turn: request.turn ?? message.turn,
    sentLayers: request.sentLayers,
    offeredTools: request.offeredTools,
    parameters: {
      ...(typeof temperature === 'number' ? { temperature } : {}),
      ...(typeof topP === 'number' ? { topP } : {}),
    },
    contextTokens: request.contextTokens,
    contextLimit: request.contextLimit,
    history: path.slice(0, at),
    path,
    message,
  };
}
