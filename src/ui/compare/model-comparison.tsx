import type { AssistantMessage } from '../../domain/messages';
import type { ComparisonAnswer, ModelComparison } from '../../domain/model-comparison';
import { costOf, costText } from '../../domain/cost';
import { priceOf } from '../../domain/model-prices';
import { modelTargetLabel } from '../../llm/model-targets';
import { sameArguments } from '../../agent/recorded-results';
import { stopComparison, useComparisonRuns } from '../../store/session/comparison-runs';
import { rerunFromHere } from '../../store/session/rerun-actions';

type Props = { sessionId: string; message: AssistantMessage; stored: readonly ModelComparison[]; busy: boolean };

const ms = (v: number | null) => (v === null ? '—' : `${Math.round(v)} ms`);

/** A tool call of the answer, marked when the original step made no call with that tool and those arguments. */
function CallLine({ call, original }: { call: { name: string; arguments: string }; original: AssistantMessage }) {
  const same = original.toolCalls.some((o) => o.name === call.name && sameArguments(o.arguments, call.arguments));
  return (
    <li data-differs={same ? undefined : 'true'}>
      <code>{call.name}</code> <code>{call.arguments}</code>
      {!same && <strong> (differs from the original)</strong>}
    </li>
  );
}

function Answer({ sessionId, answer, message, busy }: { sessionId: string; answer: ComparisonAnswer; message: AssistantMessage; busy: boolean }) {
  const name = modelTargetLabel(answer);
  const cost = answer.usage ? costText(costOf(answer.usage, priceOf(answer.model))) : '—';
  return (
    <section role="group" aria-label={name} className="comparison-answer" data-outcome={answer.outcome}>
      <h4>{name}</h4>
      {answer.error ? <p role="note">{answer.error}</p> : null}
      {answer.text && <pre className="comparison-text">{answer.text}</pre>}
      {answer.toolCalls.length > 0 && (
        <ul aria-label="Tool calls">
          {answer.toolCalls.map((c) => <CallLine key={c.id} call={c} original={message} />)}
        </ul>
      )}
      <dl className="comparison-stats">
        <dt>Time to first token</dt><dd>{ms(answer.timeToFirstTokenMs)}</dd>
        <dt>Output tokens per second</dt><dd>{answer.outputTokensPerSecond === null ? '—' : answer.outputTokensPerSecond.toFixed(1)}</dd>
        <dt>Tokens</dt><dd>{answer.usage ? answer.usage.totalTokens.toLocaleString('en-US') : '—'}</dd>
        <dt>Cost</dt><dd>{cost}</dd>
        <dt>Finish reason</dt><dd>{answer.finishReason ?? answer.outcome}</dd>
      </dl>
      {answer.outcome === 'done' && answer.baseURL === undefined && (
        <button type="button" disabled={busy} onClick={() => void rerunFromHere(sessionId, message.id, message.runId, { model: answer.model, toolResults: 'live' })}>
          Continue with {answer.model}
        </button>
      )}
    </section>
  );
}

/** Region "Model comparison" under a step: the comparison streaming now, then the stored ones, newest first. */
export default function ModelComparisonView({ sessionId, message, stored, busy }: Props) {
  const live = useComparisonRuns((s) => s.live[message.id]);
  return (
    <section role="region" aria-label="Model comparison" className="model-comparison">
      {live && (
        <div className="comparison-live">
          {live.models.map((m, i) => (
            <section key={m} role="group" aria-label={m} aria-busy="true" className="comparison-answer">
              <h4>{m}</h4>
              <pre className="comparison-text">{live.texts[i]}</pre>
            </section>
          ))}
          <button type="button" onClick={() => stopComparison(message.id)}>Stop</button>
        </div>
      )}
      {[...stored].reverse().map((c) => (
        <div key={c.id} className="comparison-stored">
          {c.answers.map((a, i) => <Answer key={`${a.model}-${i}`} sessionId={sessionId} answer={a} message={message} busy={busy} />)}
        </div>
      ))}
    </section>
  );
}
