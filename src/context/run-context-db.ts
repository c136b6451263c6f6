import type { ToolscopeDB } from '../db/database';
import { addMemory, listMemories } from '../db/memories-repo';
import { getEmbeddingModel } from './embedding-setting';
import { isDemoBaseURL } from '../llm/known-providers';
import { recallNotices } from './recall-notices';
import { latestReportedPrompt } from './reported-prompt-db';
import { prepareRunContext, type PreparedRun, type RunContextArgs, type RunContextDeps } from './run-context';

/** The browser's wiring of prepareRunContext: memories and the embedding model setting in IndexedDB. */
function dbRunContextDeps(db: ToolscopeDB): RunContextDeps {
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
    // The endpoint comes opened by the endpoint door (store/settings/endpoint-door.ts), its key inside.
    createEmbedder: async (endpoint) => {
      // The demo model has no embeddings endpoint: recall matches keywords, and nothing leaves the page.
      if (isDemoBaseURL(endpoint.baseURL)) return null;
      const model = await getEmbeddingModel(db);
      return model ? endpoint.embedder(model) : null;
    },
    lastReportedPrompt: (sessionId) => latestReportedPrompt(db, sessionId),
    timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    now: () => Date.now(),
    newId: () => crypto.randomUUID(),
  };
}

/** What the run controller calls before runAgent; it also tells the chat how memories were recalled. */
export function createRunContextPreparer(db: ToolscopeDB): (args: RunContextArgs) => Promise<PreparedRun> {
  const deps = dbRunContextDeps(db);
  return async (args) => {
    const prepared = await prepareRunContext(args, deps);
    // With memory off nothing was searched: a "0 memories recalled" line would suggest a search that found nothing.
    if (args.recall === false) recallNotices.clear(args.session.id);
    else recallNotices.record(args.session.id, prepared.recall);
    return prepared;
  };
}
