import type { ReactNode } from 'react';
import type { AssistantMessage, ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { AssistantBody } from './assistant-body';
import { providerToolsOf } from './provider-tool-cards';
import { MessageFlag } from './message-flag';

type Props = {
  sessionId: string;
  message: AssistantMessage;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
  /** The message's footer (its quiet line and actions), inside the article. */
  children?: ReactNode;
};

export function AssistantMessageView({ sessionId, message, toolResults, toolRecords, children }: Props) {
  return (
    <article className="message message-assistant" aria-label="Assistant message" data-status={message.status}>
      <div className="message-role">
        Assistant
        <MessageFlag status={message.status} />
      </div>
      <AssistantBody
        sessionId={sessionId}
        text={message.content}
        reasoning={message.reasoning}
        refusal={message.refusal}
        toolCalls={message.toolCalls}
        partial={message.status === 'streaming'}
        toolResults={toolResults}
        toolRecords={toolRecords}
        providerTools={providerToolsOf(message.providerItems)}
        citations={message.citations}
      />
      {children}
    </article>
  );
}
