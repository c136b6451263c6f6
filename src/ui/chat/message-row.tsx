import { memo } from 'react';
import type { ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { AssistantMessageView } from './assistant-message';
import type { ChatRow } from './chat-rows';
import { LongText } from './long-text';
import { StreamingMessage } from './streaming-message';
import { UserMessageView } from './user-message';
import { MessageActions } from '../context/message-actions';
import { BranchControls } from './branch-controls';
import { StepDebugActions } from './step-debug-actions';
import type { Siblings } from '../../domain/branches';
import { SummaryMessage } from '../context/summary-message';

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
  if (row.kind === 'streaming') return <StreamingMessage sessionId={sessionId} />;
  const m = row.message;
  switch (m.role) {
    case 'user':
      return <><UserMessageView message={m} /><MessageActions sessionId={sessionId} message={m} /><BranchControls sessionId={sessionId} message={m} siblings={siblings} busy={busy} /></>;
    case 'assistant':
      return (
        <>
          <AssistantMessageView sessionId={sessionId} message={m} toolResults={toolResults} toolRecords={toolRecords} />
          <MessageActions sessionId={sessionId} message={m} />
          {m.status !== 'streaming' && <BranchControls sessionId={sessionId} message={m} siblings={siblings} busy={busy} />}
          {m.status !== 'streaming' && <StepDebugActions sessionId={sessionId} message={m} busy={busy} />}
        </>
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
