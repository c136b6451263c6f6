import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { contextUsage, type ContextUsage } from '../../context/context-usage';
import { contextLimitFor } from '../../context/model-limits';
import { loadTokenCounter, memoizeCounter, type TokenCounter } from '../../context/token-estimate';
import { db } from '../../db/database';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import { nextRequestParts } from './next-request-parts';

/** The same counter the run uses for this model (the real tokenizer for OpenAI models), loaded off the live query. */
function useSessionCounter(sessionId: string): { model: string; count: TokenCounter } | null {
  const model = useLiveQuery(async () => (await db.sessions.get(sessionId))?.model ?? null, [sessionId]);
  const [loaded, setLoaded] = useState<{ model: string; count: TokenCounter } | null>(null);
  useEffect(() => {
    if (typeof model !== 'string') return;
    let live = true;
    void loadTokenCounter(model).then((c) => {
      if (live) setLoaded({ model, count: memoizeCounter(c.count) });
    });
    return () => {
      live = false;
    };
  }, [model]);
  return loaded !== null && loaded.model === model ? loaded : null;
}

/** Live estimate of how full the next request's context window is (re-reads as messages are stored). */
export function useContextUsage(sessionId: string): ContextUsage | null {
  const counter = useSessionCounter(sessionId);
  const usage = useLiveQuery(async () => {
    if (!counter) return null;
    const session = await db.sessions.get(sessionId);
    if (!session) return null;
    const [records, parts] = await Promise.all([listMessages(db, sessionId), nextRequestParts(sessionId, session.settings.systemPrompt ?? '')]);
    return contextUsage({
      messages: records.map(fromMessageRecord),
      systemText: parts.systemText,
      tools: parts.tools,
      limit: contextLimitFor(session.model, session.settings.contextLimit).tokens,
      lastReported: parts.lastReported,
      count: counter.count,
    });
  }, [sessionId, counter]);
  return usage ?? null;
}
