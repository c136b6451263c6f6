import type { ToolSpec } from '../agent/tool-executor';
import { lastReportedPrompt, type ReportedPrompt } from './reported-prompt';
import { offeredFunctions, stepSend } from './step-send';
import { toolsOfferedToday } from './tools-offered-today';
import type { SessionSettings } from '../domain/session';
import type { PromptLayer } from '../domain/prompt-layer';
import { db } from '../db/database';
import { listRunEvents } from '../db/events-repo';
import { listRuns } from '../db/runs-repo';
import { listTools } from '../db/tools-repo';

type NextRequestParts = { systemText: string; tools: ToolSpec[]; lastReported: ReportedPrompt | null };

/**
 * What the next request will carry besides the history, as near as the page can tell without preparing a run:
 * the system prompt the last step sent (`stepSend`: its recorded layers, else the session's own prompt), the tools
 * offered today (`toolsOfferedToday`, as a run prepares them), and the newest provider-reported prompt size to correct
 * the estimate with.
 */
export async function nextRequestParts(
  sessionId: string,
  settings: Pick<SessionSettings, 'systemPrompt' | 'toolsEnabled' | 'memoryEnabled'>,
): Promise<NextRequestParts> {
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
  const sent = stepSend({ sentLayers: layers, offeredTools: null }, settings, () =>
    toolsOfferedToday(settings, { definitions: tools }),
  );
  return { systemText: sent.systemPrompt ?? '', tools: offeredFunctions(sent.tools), lastReported };
}
