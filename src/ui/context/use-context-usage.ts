import { useLiveQuery } from 'dexie-react-hooks';
import Dexie from 'dexie';
import type { ToolSpec } from '../../agent/tool-executor';
import { contextUsage, type ContextUsage } from '../../context/context-usage';
import { contextLimitFor } from '../../context/model-limits';
import { createRememberTool } from '../../context/remember-tool';
import { assembleSystemPrompt } from '../../context/system-prompt';
import { db } from '../../db/database';
import { fromMessageRecord, listMessages } from '../../db/messages-repo';
import { listRuns } from '../../db/runs-repo';
import { listTools } from '../../db/tools-repo';

const rememberSpec = createRememberTool(async () => undefined).spec;

/** The latest recorded prompt layers and the latest provider-reported prompt size, newest runs first. */
async function lastRequestFacts(sessionId: string) {
  const runs = (await listRuns(db, sessionId)).sort((a, b) => b.startedAt - a.startedAt).slice(0, 3);
  let layers: { id: string; title: string; text: string }[] | null = null;
  let lastReported: { estimated: number; reported: number } | null = null;
  for (const run of runs) {
    const events = await db.events.where('[runId+seq]').between([run.id, Dexie.minKey], [run.id, Dexie.maxKey]).toArray();
    for (let i = events.length - 1; i >= 0 && (layers === null || lastReported === null); i--) {
      const e = events[i];
      if (e?.type !== 'request_finished' || e.usage.estimated) continue;
      const started = events.find((s) => s.type === 'request_started' && s.turn === e.turn && s.attempt === e.attempt);
      if (started?.type !== 'request_started') continue;
      layers ??= started.systemLayers ?? null;
      if (lastReported === null && started.contextTokens !== undefined) lastReported = { estimated: started.contextTokens, reported: e.usage.promptTokens };
    }
    if (layers === null) {
      const started = events.findLast((s) => s.type === 'request_started');
      if (started?.type === 'request_started') layers = started.systemLayers ?? null;
    }
    if (layers !== null && lastReported !== null) break;
  }
  return { layers, lastReported };
}

/** Live estimate of how full the next request's context window is (re-reads as messages are stored). */
export function useContextUsage(sessionId: string): ContextUsage | null {
  const usage = useLiveQuery(async () => {
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
    });
  }, [sessionId]);
  return usage ?? null;
}
