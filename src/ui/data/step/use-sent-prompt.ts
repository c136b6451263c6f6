import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { readStepRequest } from '../../../db/recorded-step';
import type { OfferedTool } from '../../../domain/offered-tools';
import type { PromptLayer } from '../../../domain/prompt-layer';

/** `tools`: the request's tool list as recorded; null for a request from before tool sets were kept. */
type SentPromptView = {
  layers: PromptLayer[] | null;
  tokens: number | null;
  limit: number | null;
  tools: OfferedTool[] | null;
};

/** What the request of one assistant turn carried (architecture.md, "One step, one reader"): layers, estimated size, tools. */
export async function sentPrompt(runId: string, messageId: string): Promise<SentPromptView> {
  const step = await readStepRequest(db, runId, messageId);
  if (!step.found) return { layers: null, tokens: null, limit: null, tools: null };
  return { layers: step.sentLayers, tokens: step.contextTokens, limit: step.contextLimit, tools: step.offeredTools };
}

/** The system prompt's layers as the turn's request carried them, live; undefined until read. */
export function useSentPrompt(runId: string, messageId: string): SentPromptView | undefined {
  return useLiveQuery(() => sentPrompt(runId, messageId), [runId, messageId]);
}
