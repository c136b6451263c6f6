import type { ChatMessage, ToolMessage } from '../../domain/messages';

export type ChatRow =
  | { kind: 'message'; key: string; message: ChatMessage }
  /** The assistant message this tab is streaming right now; it renders from the run store. */
  | { kind: 'streaming'; key: string; messageId: string };

type ChatModel = { rows: ChatRow[]; toolResults: Map<string, ToolMessage> };

/**
 * Merges the stored history (live from IndexedDB) with what this tab's run appended but the persister
 * has not written yet, and the live streaming message. Tool results are not rows of their own: they
 * show inside the tool-call card of the assistant message that asked for them.
 */
export function buildChatModel(
  stored: readonly ChatMessage[],
  appended: readonly ChatMessage[],
  streamingId: string | null,
): ChatModel {
  const rows: ChatRow[] = [];
  const toolResults = new Map<string, ToolMessage>();
  const seen = new Set<string>();
  const add = (m: ChatMessage) => {
    if (m.id === streamingId) return;
    if (m.role === 'tool') {
      toolResults.set(m.toolCallId, m);
      seen.add(m.id);
      return;
    }
    seen.add(m.id);
    rows.push({ kind: 'message', key: m.id, message: m });
  };
  const appendedById = new Map(appended.map((m) => [m.id, m]));
  // This tab's copy is newer than a stored streaming partial of the same message, but it keeps the stored
  // place: messages another tab stored after this tab's run ended must still come after it.
  for (const m of stored) add(appendedById.get(m.id) ?? m);
  for (const m of appended) if (!seen.has(m.id)) add(m);
  if (streamingId) rows.push({ kind: 'streaming', key: streamingId, messageId: streamingId });
  return { rows, toolResults };
}
