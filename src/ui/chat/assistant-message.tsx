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
  const argEdits = message.edits?.flatMap((e) => (e.kind === 'arguments' ? [e.callId] : [])) ?? [];
  const editedCalls = argEdits.length > 0 ? new Set(argEdits) : undefined;
  return (
    <article className="message message-assistant" aria-label="Assistant message" data-status={message.status}>
      <div className="message-role">
        Assistant
        <MessageFlag status={message.status} />
        {message.edits?.some((e) => e.kind === 'request') && <span className="hint message-edited">edited</span>}
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
        {...(editedCalls ? { editedCalls } : {})}
      />
      {children}
    </article>
  );
}
