import type { ReactNode } from 'react';
import type { AssistantMessage, ChatMessage, SystemMessage, ToolMessage, UserMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { AssistantMessageView } from './assistant-message';
import { LongText } from '../shared/long-text';
import { UserMessageView } from './user-message';

type Props = {
  sessionId: string;
  message: ChatMessage;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
  /** What sits inside a person's message under its text: the chat's actions and branch counter, or only the counter. */
  userFooter?: (m: UserMessage) => ReactNode;
  /** The same for a reply. */
  assistantFooter?: (m: AssistantMessage) => ReactNode;
  /** A compaction summary's own view (the chat reads the originals from storage); absent: a plain system message. */
  summary?: (m: SystemMessage) => ReactNode;
};

/**
 * One history message as the chat draws it, by role: the chat's rows and the shared view of a link are this one
 * piece with different footers (architecture.md, "Share links"). Tool results are drawn in their call's card.
 */
export function MessageByRole({
  sessionId,
  message: m,
  toolResults,
  toolRecords,
  userFooter,
  assistantFooter,
  summary,
}: Props) {
  switch (m.role) {
    case 'user':
      return <UserMessageView message={m}>{userFooter?.(m)}</UserMessageView>;
    case 'assistant':
      return (
        <AssistantMessageView sessionId={sessionId} message={m} toolResults={toolResults} toolRecords={toolRecords}>
          {assistantFooter?.(m)}
        </AssistantMessageView>
      );
    case 'system':
      if (m.summaryOf && summary) return summary(m);
      return (
        <article className="message message-system" aria-label="System message">
          <div className="message-role">System</div>
          <LongText text={m.content} format="markdown" />
        </article>
      );
    case 'tool':
      return null;
  }
}
