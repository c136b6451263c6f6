import { memo } from 'react';
import type { ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { AssistantMessageView } from './assistant-message';
import type { ChatRow } from './chat-rows';
import { LongText } from './long-text';
import { StreamingMessage } from './streaming-message';
import { UserMessageView } from './user-message';
import { BranchNav } from './branch-controls';
import { EditForm } from './edit-form';
import { StepComparison } from './step-debug-actions';
import type { Siblings } from '../../domain/branches';
import { SummaryMessage } from '../context/summary-message';
import { MessageActionBar } from './actions/message-action-bar';
import { MESSAGE_ACTIONS } from './actions/message-actions';
import { AssistantMeta, UserMeta } from './message-meta';
import { editDraftKey, useEditDrafts } from '../../store/session/edit-drafts';

type Props = {
  sessionId: string;
  row: ChatRow;
  /** The alternatives at this message, when it has siblings on other branches. */
  siblings?: Siblings | undefined;
  /** The session is running: edit, regenerate and branch switching wait. */
  busy?: boolean;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
};

export const MessageRow = memo(function MessageRow({ sessionId, row, toolResults, toolRecords, siblings, busy = false }: Props) {
  const editing = useEditDrafts((s) => row.kind === 'message' && editDraftKey(sessionId, row.message.id) in s.drafts);
  if (row.kind === 'streaming') return <StreamingMessage sessionId={sessionId} />;
  const m = row.message;
  switch (m.role) {
    case 'user':
      return (
        <UserMessageView message={m}>
          <MessageActionBar actions={MESSAGE_ACTIONS} ctx={{ sessionId, message: m, busy, editing }}>
            <BranchNav sessionId={sessionId} siblings={siblings} busy={busy} />
            <UserMeta message={m} />
          </MessageActionBar>
          {editing && <EditForm sessionId={sessionId} messageId={m.id} busy={busy} />}
        </UserMessageView>
      );
    case 'assistant':
      return (
        <AssistantMessageView sessionId={sessionId} message={m} toolResults={toolResults} toolRecords={toolRecords}>
          {m.status !== 'streaming' && (
            <MessageActionBar actions={MESSAGE_ACTIONS} ctx={{ sessionId, message: m, busy, editing }}>
              <BranchNav sessionId={sessionId} siblings={siblings} busy={busy} />
              <AssistantMeta sessionId={sessionId} message={m} />
            </MessageActionBar>
          )}
          {m.status !== 'streaming' && <StepComparison sessionId={sessionId} message={m} busy={busy} />}
        </AssistantMessageView>
      );
    case 'system':
      if (m.summaryOf) return <SummaryMessage message={m} />;
      return (
        <article className="message message-system" aria-label="System message">
          <div className="message-role">System</div>
          <LongText text={m.content} format="markdown" />
        </article>
      );
    case 'tool':
      return null;
  }
});
