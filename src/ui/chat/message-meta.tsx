import { Fragment } from 'react';
import { costOf } from '../../domain/cost';
import type { AssistantMessage, UserMessage } from '../../domain/messages';
import { chatRun, useRunStore } from '../../store/run/run-store';
import { useSessionTurn } from '../data/session/session-turn-offsets';
import { useSessionPrice } from '../data/settings/use-session-price';
import { useStoredTurnFigures } from '../data/run/use-turn-usage';
import { metaParts, type MetaPart } from './message-meta-text';

function MetaLine({ parts, at }: { parts: MetaPart[]; at: number }) {
  // Nothing known (an imported turn without events): when it was written, so every finished message has its line.
  if (parts.length === 0)
    return (
      <p className="message-meta">
        <SentAt at={at} />
      </p>
    );
  return (
    <p className="message-meta">
      {parts.map((p, i) => (
        <Fragment key={p.kind}>
          {i > 0 && <span aria-hidden="true"> · </span>}
          <span className={p.kind === 'usage' ? 'usage' : p.kind}>
            {p.lead && <span className="visually-hidden">{p.lead}</span>}
            {p.text}
          </span>
        </Fragment>
      ))}
    </p>
  );
}

function SentAt({ at }: { at: number }) {
  const d = new Date(at);
  return <time dateTime={d.toISOString()}>{d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}</time>;
}

export function UserMeta({ message }: { message: UserMessage }) {
  return (
    <p className="message-meta">
      <SentAt at={message.createdAt} />
    </p>
  );
}

/** Tokens · cost · duration of the turn that wrote this message, each only when known (architecture.md, "A calm chat"). */
export function AssistantMeta({ sessionId, message }: { sessionId: string; message: AssistantMessage }) {
  // This page's run knows its turns first-hand; otherwise (after a reload, another tab's run, an import) the stored
  // request events do.
  const live = useRunStore((s) => {
    const run = chatRun(s, sessionId);
    return run && run.runId === message.runId ? run.turnUsage[message.turn] : undefined;
  });
  const liveMs = useRunStore((s) => {
    const run = chatRun(s, sessionId);
    return run && run.runId === message.runId ? run.turnMs[message.turn] : undefined;
  });
  const stored = useStoredTurnFigures(message.runId, message.turn, live !== undefined);
  const usage = live ?? stored?.usage ?? null;
  const ms = live !== undefined ? (liveMs ?? null) : (stored?.ms ?? null);
  // The session's count, as the timeline numbers turns: a second run's first turn is not "Turn 1" again.
  const turn = useSessionTurn(message.runId, message.turn);
  const price = useSessionPrice(sessionId);
  const cost = usage && price !== undefined ? costOf(usage, price, 'one call') : null;
  // Until the session's turn numbers are read, the line waits rather than show a number that then changes.
  if (turn === null) return <p className="message-meta" />;
  return <MetaLine parts={metaParts(turn, usage, cost, ms)} at={message.createdAt} />;
}
