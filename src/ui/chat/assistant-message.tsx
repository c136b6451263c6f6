import { Fragment, type ReactNode } from 'react';
import type { AssistantMessage, ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { AssistantBody } from './assistant-body';
import { ReplyLeftOut } from './left-out-notes';
import { providerToolsOf } from './provider-tool-cards';
import { MessageFlag, messageFlagText } from './message-flag';

type Props = {
  sessionId: string;
  message: AssistantMessage;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
  /** The message's footer (its quiet line and actions), inside the article. */
  children?: ReactNode;
};

/**
 * The role line and its flags as separate words on screen and in the accessible text ("Assistant · edited"): a
 * span's margin parts them on screen only, and a screen reader or `textContent` would run them together.
 */
function RoleLine({ message }: { message: AssistantMessage }) {
  const flags: ReactNode[] = [];
  if (messageFlagText(message.status) !== null) flags.push(<MessageFlag key="status" status={message.status} />);
  if (message.edits?.some((e) => e.kind === 'request'))
    flags.push(
      <span key="edited" className="hint message-edited">
        edited
      </span>,
    );
  return (
    <div className="message-role">
      Assistant
      {flags.map((f, i) => (
        <Fragment key={i}>
          {' · '}
          {f}
        </Fragment>
      ))}
    </div>
  );
}

export function AssistantMessageView({ sessionId, message, toolResults, toolRecords, children }: Props) {
  const argEdits = message.edits?.flatMap((e) => (e.kind === 'arguments' ? [e.callId] : [])) ?? [];
  const editedCalls = argEdits.length > 0 ? new Set(argEdits) : undefined;
  return (
    <article className="message message-assistant" aria-label="Assistant message" data-status={message.status}>
      <RoleLine message={message} />
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
        wireParts={message.wireParts}
        {...(editedCalls ? { editedCalls } : {})}
      />
      <ReplyLeftOut runId={message.runId} messageId={message.id} />
      {children}
    </article>
  );
}
