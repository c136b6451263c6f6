import type { OfferedTool } from '../domain/offered-tools';
import type { PromptLayer } from '../domain/prompt-layer';
import type { RecordedStep } from '../domain/sent-step';
import type { SessionSettings } from '../domain/session';
import { assembleSystemPrompt } from './system-prompt';

/**
 * What a recorded step sends again (docs/debugging.md, "One step, one reader"): the one answer Re-run, Try on other
 * models, Save as test case, the context ledger and a re-run's "Edit request" all send, so no two of them can send
 * different prompts for the same step.
 */
type StepSend = {
  /** The step's layers assembled; when none were recorded, the session's own prompt today (an import's is what it sent). */
  systemPrompt: string | undefined;
  /** The layers as recorded, which a re-run's request records again; null when the step recorded none. */
  layers: PromptLayer[] | null;
  /** The tools the step offered, as recorded; null: not recorded, today's are offered. */
  offeredTools: OfferedTool[] | null;
  /** The tools the step sends again: its own as recorded; when it recorded none, today's (the caller's `today`). */
  tools: readonly OfferedTool[];
};

/**
 * Decides what a step sends from what its request recorded and the session's settings today. `today` is asked only
 * when the step recorded no tools: the tools offered now (`toolsOfferedToday`, the one rule every caller uses). Pure.
 */
export function stepSend(
  step: Pick<RecordedStep, 'sentLayers' | 'offeredTools'>,
  settings: Pick<SessionSettings, 'systemPrompt'>,
  today: () => readonly OfferedTool[],
): StepSend {
  const layers = step.sentLayers && step.sentLayers.length > 0 ? step.sentLayers : null;
  return {
    systemPrompt: layers ? assembleSystemPrompt(layers) : settings.systemPrompt?.trim() || undefined,
    layers,
    offeredTools: step.offeredTools,
    tools: step.offeredTools ?? today(),
  };
}

/** The offered tools a request carries as functions: provider-run tools are the provider's, kept with the session's settings. */
export function offeredFunctions(
  offered: readonly OfferedTool[],
): { name: string; description: string; parameters: Record<string, unknown> }[] {
  return offered
    .filter((t) => t.source.kind !== 'provider')
    .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
}
