import type { ToolscopeDB } from '../db/database';
import { addMemory, listMemories } from '../db/memories-repo';
import { getEmbeddingModel } from './embedding-setting';
import type { Embedder } from '../llm/embeddings';
import { isDemoBaseURL } from '../llm/known-providers';
import { recallNotices } from './recall-notices';
import { latestReportedPrompt } from './reported-prompt-db';
import { prepareRunContext, type PreparedRun, type RunContextArgs, type RunContextDeps } from './run-context';

/** Builds the embeddings client for an endpoint; the page's comes from the endpoint door (store/settings/endpoint-door.ts). */
export type EmbedderFor = (connection: { apiKey: string; baseURL: string; model: string }) => Embedder;

/** The browser's wiring of prepareRunContext: memories and the embedding model setting in IndexedDB. */
export function dbRunContextDeps(db: ToolscopeDB, embedderFor: EmbedderFor): RunContextDeps {
  return {
    listMemories: () => listMemories(db),
    addMemory: async (text, sourceSessionId) => {
      await addMemory(db, { text, sourceSessionId });
    },
    // Vectors are a cache: writing them must not reorder the list by updatedAt.
    saveEmbeddings: async (vectors) => {
      await db.transaction('rw', db.memories, async () => {
        for (const v of vectors) await db.memories.update(v.id, { embedding: v.embedding, embeddingModel: v.model });
      });
    },
    createEmbedder: async ({ apiKey, baseURL }) => {
      // The demo model has no embeddings endpoint: recall matches keywords, and nothing leaves the page.
      if (isDemoBaseURL(baseURL)) return null;
      const model = await getEmbeddingModel(db);
      return model ? embedderFor({ apiKey, baseURL, model }) : null;
    },
    lastReportedPrompt: (sessionId) => latestReportedPrompt(db, sessionId),
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  };
}

/** What the run controller calls before runAgent; it also tells the chat how memories were recalled. */
export function createRunContextPreparer(db: ToolscopeDB, embedderFor: EmbedderFor): (args: RunContextArgs) => Promise<PreparedRun> {
  const deps = dbRunContextDeps(db, embedderFor);
  return async (args) => {
    const prepared = await prepareRunContext(args, deps);
    // With memory off nothing was searched: a "0 memories recalled" line would suggest a search that found nothing.
    if (args.recall === false) recallNotices.clear(args.session.id);
    else recallNotices.record(args.session.id, prepared.recall);
    return prepared;
  };
}
