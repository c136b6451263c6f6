import { chatRun, useRunStore } from '../../store/run/run-store';
import { AssistantBody } from './assistant-body';

/** The live message; it alone re-renders on each frame's batch of deltas. */
export function StreamingMessage({ sessionId }: { sessionId: string }) {
  const streaming = useRunStore((s) => chatRun(s, sessionId)?.streaming ?? null);
  if (!streaming) return null;
  const answering = !!streaming.text || streaming.toolCalls.length > 0;
  const phase = answering ? 'writing…' : streaming.reasoning ? 'thinking…' : 'waiting for the model…';
  return (
    <article
      className="message message-assistant"
      aria-label="Assistant message"
      aria-busy="true"
      data-status="streaming"
    >
      <div className="message-role">
        Assistant <span className="hint">{phase}</span>
      </div>
      <AssistantBody
        sessionId={sessionId}
        text={streaming.text}
        reasoning={streaming.reasoning}
        refusal={null}
        toolCalls={streaming.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }))}
        partial
        {...(streaming.providerTools ? { providerTools: streaming.providerTools } : {})}
      />
    </article>
  );
}
