import { useSentPrompt } from '../data/step/use-sent-prompt';
import { offeredToolSourceText, type OfferedTool } from '../../domain/offered-tools';
import type { MessageActionContext } from '../chat/actions/message-action';

/** The request's tool list as recorded: name, origin, description and schema of each. */
function SentTools({ tools }: { tools: OfferedTool[] | null }) {
  if (!tools)
    return (
      <p className="hint">No record of the tools this request offered (it ran before tool lists were recorded).</p>
    );
  return (
    <section className="sent-tools" aria-label="Tools offered">
      <h4>Tools offered ({tools.length})</h4>
      {tools.length === 0 && <p className="hint">None: this request offered no tools.</p>}
      <ul>
        {tools.map((t) => (
          <li key={t.name}>
            <details>
              <summary>
                {t.name} <span className="hint">({offeredToolSourceText(t.source)})</span>
              </summary>
              <p>{t.description}</p>
              <pre>{JSON.stringify(t.parameters, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Layers({ runId, messageId }: { runId: string; messageId: string }) {
  const sent = useSentPrompt(runId, messageId);
  if (!sent) return <p className="hint">Loading…</p>;
  if (!sent.layers) {
    return (
      <div className="sent-layers">
        <p className="hint">
          No record of the system prompt for this turn (it ran before prompt layers were recorded).
        </p>
        <SentTools tools={sent.tools} />
      </div>
    );
  }
  return (
    <div className="sent-layers">
      {sent.tokens !== null && (
        <p className="hint">
          Request size: about {sent.tokens.toLocaleString('en-US')} tokens
          {sent.limit !== null ? ` of ${sent.limit.toLocaleString('en-US')}` : ''} (estimated).
        </p>
      )}
      {sent.layers.map((l, i) => (
        <section key={`${l.id}-${i}`} className="sent-layer" data-layer={l.id} aria-label={l.title}>
          <h4>
            {i + 1}. {l.title}
          </h4>
          <pre>{l.text}</pre>
        </section>
      ))}
      <SentTools tools={sent.tools} />
    </div>
  );
}

/** "What was sent" (a message action's panel): the system prompt's layers exactly as this assistant turn's request carried them. */
export function SentPromptPanel({ ctx }: { ctx: MessageActionContext }) {
  const m = ctx.message;
  if (m.role !== 'assistant') return null;
  return <Layers runId={m.runId} messageId={m.id} />;
}
