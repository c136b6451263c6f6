import type { ToolSpec } from '../agent/tool-executor';
import { createRememberTool } from './remember-tool';
import { lastReportedPrompt, type ReportedPrompt } from './reported-prompt';
import { stepSend } from './step-send';
import type { PromptLayer } from '../domain/prompt-layer';
import { db } from '../db/database';
import { listRunEvents } from '../db/events-repo';
import { listRuns } from '../db/runs-repo';
import { listTools } from '../db/tools-repo';

const rememberSpec = createRememberTool(async () => undefined).spec;

type NextRequestParts = { systemText: string; tools: ToolSpec[]; lastReported: ReportedPrompt | null };

/**
 * What the next request will carry besides the history, as near as the page can tell without preparing a run:
 * the system prompt the last step sent (`stepSend`: its recorded layers, else the session's own prompt), the
 * enabled tools plus `remember`, and the newest provider-reported prompt size to correct the estimate with.
 */
export async function nextRequestParts(sessionId: string, sessionPrompt: string): Promise<NextRequestParts> {
  const [runs, tools] = await Promise.all([listRuns(db, sessionId), listTools(db)]);
  let layers: PromptLayer[] | null = null;
  let lastReported: ReportedPrompt | null = null;
  for (const run of runs.reverse().slice(0, 3)) {
    const events = await listRunEvents(db, run.id);
    lastReported ??= lastReportedPrompt(events);
    if (layers === null) {
      const started = events.findLast((s) => s.type === 'request_started');
      if (started?.type === 'request_started') layers = started.systemLayers ?? null;
    }
    if (layers !== null && lastReported !== null) break;
  }
  const specs: ToolSpec[] = tools
    .filter((t) => t.enabled)
    .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  const systemText =
    stepSend({ sentLayers: layers, offeredTools: null }, { systemPrompt: sessionPrompt }, () => []).systemPrompt ?? '';
  return { systemText, tools: [...specs, rememberSpec], lastReported };
}
