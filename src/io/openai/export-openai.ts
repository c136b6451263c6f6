import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolscopeDB } from '../../db/database';
import { fromMessageRecord, loadPathRecords } from '../../db/messages-repo';
import { lateResultsOf, withLateToolResults } from '../../domain/late-tool-results';
import { toOpenAIMessages } from './openai-messages';
import { describeLosses, lossesNeedConfirmation, openAIExportLosses } from './openai-export-losses';

/**
 * One session's active path as a plain ChatCompletionMessageParam[]; reads only the sessions, messages and task
 * tables. A task result that arrived after its call's run ended is the call's result here too, as in the history the
 * model reads (architecture.md, "MCP Tasks"); the stored messages are not touched.
 * `dropped` says in words what the format cannot carry (null: nothing); `confirm`: the person sees it before saving.
 */
export async function buildOpenAIExport(
  db: ToolscopeDB,
  sessionId: string,
): Promise<{ title: string; messages: ChatCompletionMessageParam[]; dropped: string | null; confirm: boolean } | null> {
  return db.transaction('r', [db.sessions, db.messages, db.mcpTasks], async () => {
    const session = await db.sessions.get(sessionId);
    if (!session) return null;
    const [records, tasks] = await Promise.all([
      loadPathRecords(db, sessionId),
      db.mcpTasks.where('sessionId').equals(sessionId).toArray(),
    ]);
    const history = withLateToolResults(records.map(fromMessageRecord), lateResultsOf(tasks));
    const losses = openAIExportLosses(history);
    return {
      title: session.title,
      messages: toOpenAIMessages(history, session.settings.systemPrompt),
      dropped: describeLosses(losses),
      confirm: lossesNeedConfirmation(losses),
    };
  });
}
