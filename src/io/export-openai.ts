import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolscopeDB } from '../db/database';
import { fromMessageRecord, loadPathRecords } from '../db/messages-repo';
import { toOpenAIMessages } from './openai-messages';

/** One session's active path as a plain ChatCompletionMessageParam[]; reads only the sessions and messages tables. */
export async function buildOpenAIExport(
  db: ToolscopeDB,
  sessionId: string,
): Promise<{ title: string; messages: ChatCompletionMessageParam[] } | null> {
  return db.transaction('r', [db.sessions, db.messages], async () => {
    const session = await db.sessions.get(sessionId);
    if (!session) return null;
    const records = await loadPathRecords(db, sessionId);
    return { title: session.title, messages: toOpenAIMessages(records.map(fromMessageRecord), session.settings.systemPrompt) };
  });
}
