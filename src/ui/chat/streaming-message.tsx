import { useRunStore } from '../../store/run-store';
import { AssistantBody } from './assistant-body';

/** The live message; it alone re-renders on each frame's batch of deltas. */
export function StreamingMessage({ sessionId }: { sessionId: string }) {
  const streaming = useRunStore((s) => s.runs[sessionId]?.streaming ?? null);
  if (!streaming) return null;
  const waiting = !streaming.text && !streaming.reasoning && streaming.toolCalls.length === 0;
  return (
    <article className="message message-assistant" aria-label="Assistant message" aria-busy="true" data-status="streaming">
      <div className="message-role">
        Assistant <span className="hint">{waiting ? 'waiting for the model…' : 'writing…'}</span>
      </div>
      <AssistantBody
        sessionId={sessionId}
        text={streaming.text}
        reasoning={streaming.reasoning}
        refusal={null}
        toolCalls={streaming.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments }))}
        partial
      />
    </article>
  );
}
