import { memo, useState } from 'react';
import type { ChatMessage, SystemMessage } from '../../domain/messages';
import { useMessagesById } from '../data/session/use-messages-by-id';
import { LongText } from '../shared/long-text';

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

const ROLE: Record<ChatMessage['role'], string> = {
  user: 'You',
  assistant: 'Assistant',
  tool: 'Tool result',
  system: 'Summary',
};

/** The originals stay in IndexedDB; they are read only when the reader opens them. */
function Originals({ ids }: { ids: string[] }) {
  const messages = useMessagesById(ids);
  if (!messages) return <p className="hint">Loading…</p>;
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
