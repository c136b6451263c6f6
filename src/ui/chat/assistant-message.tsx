import { memo } from 'react';
import type { AssistantMessage, ToolMessage } from '../../domain/messages';
import { useRunStore } from '../../store/run/run-store';
import type { ToolCallRecord } from '../data/record-types';
import { useStoredTurnUsage } from '../data/use-turn-usage';
import { AssistantBody } from './assistant-body';
import { providerToolsOf } from './provider-tools';
import { MessageFlag } from './message-flag';
import { useSessionTurn } from '../data/session-turn-offsets';
import { usageText } from './usage-text';
import { CostLine } from './cost-line';
import { SaveCaseButton } from '../evals/save-case-button';

type Props = {
  sessionId: string;
  message: AssistantMessage;
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
};

export const AssistantMessageView = memo(function AssistantMessageView({ sessionId, message, toolResults, toolRecords }: Props) {
  // This page's run knows its turns' usage first-hand; otherwise (after a reload, another tab's run, an
  // import) it comes from the stored request_finished events.
  const live = useRunStore((s) => {
    const run = s.runs[sessionId];
    return run && run.runId === message.runId ? run.turnUsage[message.turn] : undefined;
  });
  const stored = useStoredTurnUsage(message.runId, message.turn, live !== undefined);
  const usage = live ?? stored ?? undefined;
  // The session's count, as the timeline numbers turns: a second run's first turn is not "Turn 1" again.
  const turn = useSessionTurn(message.runId, message.turn);
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
      {usage && turn !== null && <div className="usage">Turn {turn}: {usageText(usage)}</div>}
      {usage && turn !== null && <CostLine sessionId={sessionId} usage={usage} label={`Turn ${turn} cost`} />}
      {/* A step that came from a model request and is settled can become a test case (moves into the message's actions list). */}
      {message.status !== 'streaming' && <div className="message-actions"><SaveCaseButton sessionId={sessionId} messageId={message.id} /></div>}
    </article>
  );
});
