import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolscopeDB } from '../db/database';
import { fromMessageRecord, loadPathRecords } from '../db/messages-repo';
import { toOpenAIMessages } from './openai-messages';
import { describeLosses, lossesNeedConfirmation, openAIExportLosses } from './openai-export-losses';

/**
 * One session's active path as a plain ChatCompletionMessageParam[]; reads only the sessions and messages tables.
 * `dropped` says in words what the format cannot carry (null: nothing); `confirm`: the person sees it before saving.
 */
export async function buildOpenAIExport(
  db: ToolscopeDB,
  sessionId: string,
): Promise<{ title: string; messages: ChatCompletionMessageParam[]; dropped: string | null; confirm: boolean } | null> {
  return db.transaction('r', [db.sessions, db.messages], async () => {
    const session = await db.sessions.get(sessionId);
    if (!session) return null;
    const history = (await loadPathRecords(db, sessionId)).map(fromMessageRecord);
    const losses = openAIExportLosses(history);
    return {
      title: session.title,
      messages: toOpenAIMessages(history, session.settings.systemPrompt),
      dropped: describeLosses(losses),
      confirm: lossesNeedConfirmation(losses),
    };
  });
}
