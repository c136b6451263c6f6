import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { listRunEvents } from '../../db/events-repo';
import { getToolSet } from '../../db/tool-sets-repo';
import type { OfferedTool } from '../../domain/offered-tools';

export type SentLayers = { id: string; title: string; text: string }[];
/** `tools`: the request's tool list as recorded; null for a request from before tool sets were kept. */
export type SentPromptView = { layers: SentLayers | null; tokens: number | null; limit: number | null; tools: OfferedTool[] | null };

/** What the request of one assistant turn carried, from its request_started event (layers, estimated size). */
async function sentPrompt(runId: string, messageId: string): Promise<SentPromptView> {
  const events = await listRunEvents(db, runId);
  const started = events.find((e) => e.type === 'request_started' && e.messageId === messageId);
  if (!started || started.type !== 'request_started') return { layers: null, tokens: null, limit: null, tools: null };
  const set = started.toolSet !== undefined ? await getToolSet(db, started.sessionId, started.toolSet) : undefined;
  return { layers: started.systemLayers ?? null, tokens: started.contextTokens ?? null, limit: started.contextLimit ?? null, tools: set?.tools ?? null };
}

/** The system prompt's layers as the turn's request carried them, live; undefined until read. */
export function useSentPrompt(runId: string, messageId: string): SentPromptView | undefined {
  return useLiveQuery(() => sentPrompt(runId, messageId), [runId, messageId]);
}
