import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { ToolSpec } from '../../agent/tool-executor';
import { contextUsage, type ContextUsage } from '../../context/context-usage';
import { contextLimitFor } from '../../context/model-limits';
import { createRememberTool } from '../../context/remember-tool';
import { lastReportedPrompt, type ReportedPrompt } from '../../context/reported-prompt';
import { assembleSystemPrompt } from '../../context/system-prompt';
import { loadTokenCounter, memoizeCounter, type TokenCounter } from '../../context/token-estimate';
import { db } from '../../db/database';
import { listRunEvents } from '../../db/events-repo';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import { listRuns } from '../../db/runs-repo';
import { listTools } from '../../db/tools-repo';

const rememberSpec = createRememberTool(async () => undefined).spec;

/** The latest recorded prompt layers and the latest provider-reported prompt size, newest runs first. */
async function lastRequestFacts(sessionId: string) {
  const runs = (await listRuns(db, sessionId)).reverse().slice(0, 3);
  let layers: { id: string; title: string; text: string }[] | null = null;
  let lastReported: ReportedPrompt | null = null;
  for (const run of runs) {
    const events = await listRunEvents(db, run.id);
    lastReported ??= lastReportedPrompt(events);
    if (layers === null) {
      const started = events.findLast((s) => s.type === 'request_started');
      if (started?.type === 'request_started') layers = started.systemLayers ?? null;
    }
    if (layers !== null && lastReported !== null) break;
  }
  return { layers, lastReported };
}

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
    const [records, tools, facts] = await Promise.all([listMessages(db, sessionId), listTools(db), lastRequestFacts(sessionId)]);
    const specs: ToolSpec[] = tools.filter((t) => t.enabled).map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
    return contextUsage({
      messages: records.map(fromMessageRecord),
      systemText: facts.layers ? assembleSystemPrompt(facts.layers) : (session.settings.systemPrompt ?? ''),
      tools: [...specs, rememberSpec],
      limit: contextLimitFor(session.model, session.settings.contextLimit).tokens,
      lastReported: facts.lastReported,
      count: counter.count,
    });
  }, [sessionId, counter]);
  return usage ?? null;
}
