import type { ChatMessage } from './messages';
import type { OfferedTool } from './offered-tools';
import type { PromptLayer } from './prompt-layer';

/** The sampling parameters a step is read with: the session's today (requests do not record them). */
type StepParameters = { temperature?: number; topP?: number };

/**
 * One assistant step as it was sent (architecture.md, "One step, one reader"): what Re-run, Try on other models,
 * Save as test case, Continue with and What was sent all start from. `source` says where it was rebuilt from; a
 * trace's spans are the other source the same shape is made from.
 */
export type RecordedStep = {
  /** 'session': read from a stored session's run (db/recorded-step.ts). */
  source: 'session';
  sessionId: string;
  runId: string;
  messageId: string;
  /** The model the step's run sent to; the session's model only when the run's events are gone. */
  model: string;
  /** Whether `model` was read from the run (false: the run's events are gone and the session's model stands in). */
  modelRecorded: boolean;
  turn: number | null;
  /**
   * The system prompt's layers exactly as the step's request carried them; null for a step from before layers were
   * kept. The prompt sent again is decided from them by `stepSend` (context/step-send.ts).
   */
  sentLayers: PromptLayer[] | null;
  /** The tools the request offered, as recorded (architecture.md, "Offered tool sets"); null: not recorded. */
  offeredTools: OfferedTool[] | null;
  parameters: StepParameters;
  /** The request's estimated prompt tokens and the window it was measured against, when recorded. */
  contextTokens: number | null;
  contextLimit: number | null;
  /** The conversation path before the step, as the chat holds it now (the request view is derived from it). */
  history: ChatMessage[];
  /** The whole path the step is on, after it too: where a case's recorded tool results come from. */
  path: ChatMessage[];
  /** The step itself, as stored. */
  message: Extract<ChatMessage, { role: 'assistant' }>;
};

/** What each debugger action says on a step of a trace that recorded no request content (architecture.md, "Trace inbox"). */
export const TRACE_NOT_RECORDED =
  'This trace did not record the whole request (its messages or the tools it offered), so this step cannot be re-run.';
