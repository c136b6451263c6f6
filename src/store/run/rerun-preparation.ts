import type { ContextHook } from '../../agent/context-hook';
import { recordedToolExecutor } from '../../agent/recorded-tools';
import { offeredToolsExecutor } from '../../agent/offered-tools-executor';
import type { ApprovalGate, ToolExecutor } from '../../agent/tool-executor';
import { assembleSystemPrompt } from '../../context/system-prompt';
import type { PromptLayer } from '../../domain/prompt-layer';
import type { RecordedResultsCursor } from '../../agent/recorded-results';
import type { AdoptedTurn } from '../../agent/loop';
import type { OfferedTool } from '../../domain/offered-tools';
import { askUnmatchedCall } from './unmatched-calls';

/**
 * A run that goes again from an earlier step (architecture.md, "Re-run from here"): another model, the system prompt
 * exactly as that step sent it, and tool calls answered from the session's recordings where they match.
 */
export type RerunOptions = {
  model?: string;
  /** The step's system prompt layers as recorded; the request carries them instead of a prompt assembled now. */
  sentLayers?: PromptLayer[];
  /** Absent: tools run live. */
  recorded?: RecordedResultsCursor;
  /** A comparison's answer taken as the first turn's reply, sent for by no request ("Continue with <model>"). */
  adopted?: AdoptedTurn;
  /** The tools the step offered, as recorded (architecture.md, "Offered tool sets"); absent: not recorded, today's tools. */
  offeredTools?: OfferedTool[];
};

type RerunPreparationInput = {
  sessionId: string;
  rerun: RerunOptions;
  tools: ToolExecutor;
  systemPrompt: string | undefined;
  approve: ApprovalGate;
  stop: () => void;
  /** Resolves when what the run emitted so far is stored; the question about an unmatched call waits for it. */
  stored: () => Promise<void>;
};

/**
 * A re-run's tools and prompt (architecture.md, "Re-run from here"): the step's recorded layers as the system prompt
 * (no compaction, no recall), and recorded tool results first when asked for.
 */
export function rerunPreparation({ sessionId, rerun, tools, systemPrompt, approve, stop, stored }: RerunPreparationInput): { tools: ToolExecutor; systemPrompt?: string; context?: ContextHook } {
  const layers = rerun.sentLayers;
  const context: ContextHook | undefined = layers
    ? { beforeRequest: () => Promise.resolve({ compaction: null, systemLayers: layers }), observeUsage: () => undefined }
    : undefined;
  // The step's own tools when they were recorded: a tool gone since answers from the recordings or says so.
  const offered = rerun.offeredTools ? offeredToolsExecutor(rerun.offeredTools, tools, rerun.recorded) : tools;
  const shown = rerun.recorded
    ? recordedToolExecutor(offered, rerun.recorded, { ask: (call, signal) => stored().then(() => askUnmatchedCall(sessionId, call, signal)), approve, stop })
    : offered;
  const prompt = layers ? assembleSystemPrompt(layers) : systemPrompt;
  return { tools: shown, ...(prompt ? { systemPrompt: prompt } : {}), ...(context ? { context } : {}) };
}
