import { memo } from 'react';
import type { ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import type { ChatRow } from './chat-rows';
import { MessageByRole } from './message-by-role';
import { StreamingMessage } from './streaming-message';
import { BranchNav } from './branch-controls';
import { EditForm } from './edit-form';
import { StepComparison } from '../step/step-debug-actions';
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
  /** A recorded trace: its path is not changed (no edit, no regenerate), though a step may be re-run as a branch. */
  readOnly?: boolean;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
};

export const MessageRow = memo(function MessageRow({
  sessionId,
  row,
  toolResults,
  toolRecords,
  siblings,
  busy = false,
  readOnly = false,
}: Props) {
  const editing = useEditDrafts((s) => row.kind === 'message' && editDraftKey(sessionId, row.message.id) in s.drafts);
  if (row.kind === 'streaming') return <StreamingMessage sessionId={sessionId} />;
  return (
    <MessageByRole
      sessionId={sessionId}
      message={row.message}
      toolResults={toolResults}
      toolRecords={toolRecords}
      userFooter={(m) => (
        <>
          <MessageActionBar
            actions={MESSAGE_ACTIONS}
            ctx={{ sessionId, message: m, busy: busy || readOnly, running: busy, editing }}
          >
            <BranchNav sessionId={sessionId} siblings={siblings} busy={busy} />
            <UserMeta message={m} />
          </MessageActionBar>
          {editing && <EditForm sessionId={sessionId} messageId={m.id} busy={busy} />}
        </>
      )}
      assistantFooter={(m) =>
        m.status !== 'streaming' && (
          <>
            <MessageActionBar
              actions={MESSAGE_ACTIONS}
              ctx={{ sessionId, message: m, busy: busy || readOnly, running: busy, editing }}
            >
              <BranchNav sessionId={sessionId} siblings={siblings} busy={busy} />
              <AssistantMeta sessionId={sessionId} message={m} />
            </MessageActionBar>
            <StepComparison sessionId={sessionId} message={m} busy={busy} />
          </>
        )
      }
      summary={(m) => <SummaryMessage message={m} />}
    />
  );
});
