import { useSentPrompt } from '../data/use-sent-prompt';
import type { MessageActionContext } from '../chat/actions/message-action';

function Layers({ runId, messageId }: { runId: string; messageId: string }) {
  const sent = useSentPrompt(runId, messageId);
  if (!sent) return <p className="hint">Loading…</p>;
  if (!sent.layers) return <p className="hint">No record of the system prompt for this turn (it ran before prompt layers were recorded).</p>;
  return (
    <div className="sent-layers">
      {sent.tokens !== null && (
        <p className="hint">
          Request size: about {sent.tokens.toLocaleString('en-US')} tokens{sent.limit !== null ? ` of ${sent.limit.toLocaleString('en-US')}` : ''} (estimated).
        </p>
      )}
      {sent.layers.map((l, i) => (
        <section key={`${l.id}-${i}`} className="sent-layer" data-layer={l.id} aria-label={l.title}>
          <h4>{i + 1}. {l.title}</h4>
          <pre>{l.text}</pre>
        </section>
      ))}
    </div>
  );
}

/** "What was sent" (a message action's panel): the system prompt's layers exactly as this assistant turn's request carried them. */
export function SentPromptPanel({ ctx }: { ctx: MessageActionContext }) {
  const m = ctx.message;
  if (m.role !== 'assistant') return null;
  return <Layers runId={m.runId} messageId={m.id} />;
}
