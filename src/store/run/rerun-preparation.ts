import type { ContextHook } from '../../agent/context-hook';
import { recordedToolExecutor } from '../../agent/recorded-tools';
import { offeredToolsExecutor } from '../../agent/offered-tools-executor';
import type { ApprovalGate, ToolExecutor } from '../../agent/tool-executor';
import { stepSend } from '../../context/step-send';
import { mcpToolsOf, toolsOfferedToday } from '../../context/tools-offered-today';
import { db } from '../../db/database';
import { listTools } from '../../db/tools-repo';
import type { SessionSettings } from '../../domain/session';
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
  /** The session's settings today: its own prompt and the tools offered for a step that recorded none (`stepSend`). */
  settings: SessionSettings;
  approve: ApprovalGate;
  stop: () => void;
  /** Resolves when what the run emitted so far is stored; the question about an unmatched call waits for it. */
  stored: () => Promise<void>;
};

/**
 * A re-run's tools and prompt (architecture.md, "Re-run from here"): the prompt the step sends again (`stepSend`, the
 * one answer Try on other models and Save as test case send too; no compaction, no recall), and recorded tool results
 * first when asked for. A step recorded without its tools offers today's (`toolsOfferedToday`), as every step feature.
 */
export async function rerunPreparation({
  sessionId,
  rerun,
  tools,
  settings,
  approve,
  stop,
  stored,
}: RerunPreparationInput): Promise<{ tools: ToolExecutor; systemPrompt?: string; context?: ContextHook }> {
  const definitions = rerun.offeredTools ? [] : await listTools(db);
  const sent = stepSend(
    { sentLayers: rerun.sentLayers ?? null, offeredTools: rerun.offeredTools ?? null },
    settings,
    () => toolsOfferedToday(settings, { definitions, mcp: mcpToolsOf(tools.list()) }),
  );
  const layers = sent.layers;
  const context: ContextHook | undefined = layers
    ? {
        beforeRequest: () => Promise.resolve({ compaction: null, systemLayers: layers }),
        observeUsage: () => undefined,
      }
    : undefined;
  // The step's own tools when they were recorded (a tool gone since answers from the recordings or says so), else
  // today's: exactly the tools `stepSend` says, each running as the run's tool of that name.
  const offered = offeredToolsExecutor(sent.tools, tools, rerun.recorded);
  const shown = rerun.recorded
    ? recordedToolExecutor(offered, rerun.recorded, {
        ask: (call, signal) => stored().then(() => askUnmatchedCall(sessionId, call, signal)),
        approve,
        stop,
      })
    : offered;
  return {
    tools: shown,
    ...(sent.systemPrompt ? { systemPrompt: sent.systemPrompt } : {}),
    ...(context ? { context } : {}),
  };
}
