import { db } from '../../../db/database';
import { fromMessageRecord, loadPathRecords } from '../../../db/messages-repo';
import type { AguiFileShape } from '../../../io/foreign/agui-export';

/**
 * Reads for the interop exports (architecture.md, "Import and export of other formats"): a session's shown path, and
 * its runs for how each ended. The formats' code loads on first use, out of the first page load.
 */
async function shownPath(sessionId: string) {
  const session = await db.sessions.get(sessionId);
  if (!session) throw new Error('The session no longer exists.');
  const path = (await loadPathRecords(db, sessionId)).map(fromMessageRecord);
  return { session, path };
}

/** The session as AG-UI events, each checked against the protocol's schemas and for fields it does not define. */
export async function buildAguiEvents(
  sessionId: string,
  shape: AguiFileShape,
): Promise<{ title: string; text: string; count: number }> {
  const [{ session, path }, runs, { sessionToAgui, aguiFileText }, { aguiEventProblem, undefinedFields }] =
    await Promise.all([
      shownPath(sessionId),
      db.runs.where('sessionId').equals(sessionId).toArray(),
      import('../../../io/foreign/agui-export'),
      import('../../../io/foreign/agui-check'),
    ]);
  const events = sessionToAgui(session, path, runs);
  for (let i = 0; i < events.length; i++) {
    const problem =
      aguiEventProblem(events[i], `$[${i}]`) ??
      (undefinedFields(events[i], `$[${i}]`)[0]
        ? { path: undefinedFields(events[i], `$[${i}]`)[0]!, expected: 'no field the protocol does not define' }
        : null);
    if (problem)
      throw new Error(
        `event ${i + 1} would not be valid AG-UI (${problem.path}: ${problem.expected}); nothing was saved.`,
      );
  }
  return { title: session.title, text: aguiFileText(events, shape), count: events.length };
}

export async function buildSessionMarkdown(sessionId: string): Promise<string> {
  const [{ session, path }, { sessionToMarkdown }] = await Promise.all([
    shownPath(sessionId),
    import('../../../io/markdown/markdown-export'),
  ]);
  return sessionToMarkdown(session.title, path);
}

export async function buildMessageMarkdown(sessionId: string, messageId: string): Promise<string> {
  const [{ path }, { messageToMarkdown }] = await Promise.all([
    shownPath(sessionId),
    import('../../../io/markdown/markdown-export'),
  ]);
  const md = messageToMarkdown(messageId, path);
  if (md === null) throw new Error('The message is not on the shown path any more.');
  return md;
}
