import { lazy, Suspense } from 'react';
import type { AssistantMessage } from '../../domain/messages';
import {
  INTERRUPTED_ANSWER,
  shownOutcome,
  type ComparisonAnswer,
  type ModelComparison,
} from '../../domain/model-comparison';
import { costOf, costText } from '../../domain/cost';
import { priceOf } from '../../domain/model-prices';
import { modelTargetLabel } from '../../llm/model-targets';
import { sameArguments } from '../../agent/recorded-results';
import { changedWords, wordDiff } from '../../compare/word-diff';
import { stopComparison, useComparisonRuns } from '../../store/step/try-on-models-runs';
import { runAnswerAgain } from '../../store/step/try-on-models';
import { continueWith } from '../../store/step/continue-with';
import { AnswerLeftOut } from '../chat/left-out-notes';

// Its code loads only when an answer's request is stored and shown (architecture.md, "Speed targets": first load).
const AnswerRequestResponse = lazy(() => import('../wire/answer-request-response'));

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

/**
 * The answer's text as it reads, the words it adds to the original reply (or changes) marked; how many words of the
 * original it leaves out is said beside it, so the text itself stays the answer's own.
 */
function AnswerText({ text, original }: { text: string; original: string }) {
  const parts = wordDiff(original, text);
  const added = changedWords(parts.filter((p) => p.kind === 'added'));
  const removed = changedWords(parts.filter((p) => p.kind === 'removed'));
  const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;
  return (
    <>
      <pre className="comparison-text" data-added-words={added} data-removed-words={removed}>
        {parts.map((p, i) => (p.kind === 'same' ? p.text : p.kind === 'added' ? <ins key={i}>{p.text}</ins> : null))}
      </pre>
      <p className="comparison-diff-note">
        {added + removed === 0
          ? 'Same text as the original reply.'
          : `Against the original reply: ${words(added)} new (underlined), ${words(removed)} left out.`}
      </p>
    </>
  );
}

type AnswerProps = {
  sessionId: string;
  comparisonId: string;
  index: number;
  answer: ComparisonAnswer;
  message: AssistantMessage;
  busy: boolean;
  comparing: boolean;
};

function Answer({ sessionId, comparisonId, index, answer, message, busy, comparing }: AnswerProps) {
  const name = modelTargetLabel(answer);
  const shown = shownOutcome(answer, false);
  const cost = answer.usage ? costText(costOf(answer.usage, priceOf(answer.model), 'one call')) : '—';
  return (
    <section role="group" aria-label={name} className="comparison-answer" data-outcome={shown}>
      <h4>{name}</h4>
      {shown === 'interrupted' ? (
        <p role="note">{INTERRUPTED_ANSWER}</p>
      ) : answer.error ? (
        <p role="note">{answer.error}</p>
      ) : null}
      {answer.leftOut && <AnswerLeftOut notes={answer.leftOut} />}
      {answer.text && <AnswerText text={answer.text} original={message.content} />}
      {answer.toolCalls.length > 0 && (
        <ul aria-label="Tool calls">
          {answer.toolCalls.map((c) => (
            <CallLine key={c.id} call={c} original={message} />
          ))}
        </ul>
      )}
      <dl className="comparison-stats">
        <dt>Time to first token</dt>
        <dd>{ms(answer.timeToFirstTokenMs)}</dd>
        <dt>Output tokens per second</dt>
        <dd>{answer.outputTokensPerSecond === null ? '—' : answer.outputTokensPerSecond.toFixed(1)}</dd>
        <dt>Tokens</dt>
        <dd>{answer.usage ? answer.usage.totalTokens.toLocaleString('en-US') : '—'}</dd>
        <dt>Cost</dt>
        <dd>{cost}</dd>
        <dt>Finish reason</dt>
        <dd>{answer.finishReason ?? shown}</dd>
      </dl>
      {shown === 'done' ? (
        <button type="button" disabled={busy} onClick={() => void continueWith(sessionId, message, answer)}>
          Continue with {name}
        </button>
      ) : (
        <button
          type="button"
          disabled={comparing}
          onClick={() => void runAnswerAgain(sessionId, message, comparisonId, index)}
        >
          Run again
        </button>
      )}
      <Suspense fallback={null}>
        <AnswerRequestResponse sessionId={sessionId} comparisonId={comparisonId} index={index} messageId={message.id} />
      </Suspense>
    </section>
  );
}

/** A slot this page is asking for now: the text so far. */
function Streaming({ answer, text }: { answer: ComparisonAnswer; text: string }) {
  const name = modelTargetLabel(answer);
  return (
    <section role="group" aria-label={name} aria-busy="true" className="comparison-answer" data-outcome="streaming">
      <h4>{name}</h4>
      <pre className="comparison-text">{text}</pre>
    </section>
  );
}

/** One comparison: its answers as stored, a slot still asked for streaming, Stop while any is. */
function Comparison({
  sessionId,
  message,
  comparison,
  busy,
}: {
  sessionId: string;
  message: AssistantMessage;
  comparison: ModelComparison;
  busy: boolean;
}) {
  const live = useComparisonRuns((s) => s.live[comparison.id]);
  return (
    <div className="comparison-stored">
      {comparison.answers.map((a, i) =>
        shownOutcome(a, live?.slots.includes(i) ?? false) === 'streaming' ? (
          <Streaming key={`${a.model}-${i}`} answer={a} text={live?.texts[i] ?? ''} />
        ) : (
          <Answer
            key={`${a.model}-${i}`}
            sessionId={sessionId}
            comparisonId={comparison.id}
            index={i}
            answer={a}
            message={message}
            busy={busy}
            comparing={live !== undefined}
          />
        ),
      )}
      {live && (
        <button type="button" onClick={() => stopComparison(comparison.id)}>
          Stop
        </button>
      )}
    </div>
  );
}

/** Region "Model comparison" under a step: its stored comparisons, newest first, each answer as it comes in. */
export default function ModelComparisonView({ sessionId, message, stored, busy }: Props) {
  return (
    <section role="region" aria-label="Model comparison" className="model-comparison">
      {[...stored].reverse().map((c) => (
        <Comparison key={c.id} sessionId={sessionId} message={message} comparison={c} busy={busy} />
      ))}
    </section>
  );
}
