import { memo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ChatMessage, SystemMessage } from '../../domain/messages';
import { db } from '../../db/database';
import { fromMessageRecord } from '../../db/messages-repo';
import type { MessageRecord } from '../../db/records';
import { LongText } from '../chat/long-text';

function originalText(m: ChatMessage): string {
  switch (m.role) {
    case 'assistant':
      return [m.content, ...m.toolCalls.map((c) => `→ ${c.name}(${c.arguments})`)].filter(Boolean).join('\n');
    case 'tool':
      return `${m.name}: ${m.content}`;
    default:
      return m.content;
  }
}

const ROLE: Record<ChatMessage['role'], string> = { user: 'You', assistant: 'Assistant', tool: 'Tool result', system: 'Summary' };

/** The originals stay in IndexedDB; they are read only when the reader opens them. */
function Originals({ ids }: { ids: string[] }) {
  const found = useLiveQuery(() => db.messages.bulkGet(ids), [ids]);
  if (!found) return <p className="hint">Loading…</p>;
  const messages = found.filter((m): m is MessageRecord => m !== undefined).map(fromMessageRecord);
  return (
    <ol className="compacted-originals">
      {messages.map((m) => (
        <li key={m.id} data-role={m.role}>
          <strong>{ROLE[m.role]}</strong>
          <LongText text={originalText(m)} format="plain" className="message-body" />
        </li>
      ))}
    </ol>
  );
}

/** A compaction summary in the chat: the messages it replaced in requests, collapsed under it. */
export const SummaryMessage = memo(function SummaryMessage({ message }: { message: SystemMessage }) {
  const ids = message.summaryOf ?? [];
  const [open, setOpen] = useState(false);
  return (
    <article className="message message-system message-summary" aria-label="Summary of earlier messages">
      <div className="message-role">{ids.length} earlier messages summarised</div>
      <LongText text={message.content} format="markdown" />
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Show the {ids.length} original messages</summary>
        {open && <Originals ids={ids} />}
      </details>
    </article>
  );
});
