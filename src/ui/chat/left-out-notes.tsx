import './left-out-notes.css';
import { useContext } from 'react';
import type { LeftOutNote } from '../../domain/left-out-note';
import type { TimelineModel } from '../../timeline/model';
import { sessionTurn } from '../../timeline/session-turns';
import { useNamedLeftOut, useStoredLeftOut } from '../data/run/use-left-out';
import { TurnOffsetsContext } from '../data/session/session-turn-offsets';
import { LEFT_OUT_NAME, leftOutLine } from './left-out-text';

/**
 * What a request left out of the history and why (docs/wire-formats.md, "What is kept verbatim"), as a quiet note:
 * under the reply in the chat, under the attempt in the timeline's turn details, and on an answer of "Try on other
 * models".
 */
function LeftOutList({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="hint left-out-note" role="note" aria-label={LEFT_OUT_NAME}>
      <p className="left-out-lead">{LEFT_OUT_NAME}:</p>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** The notes, each reply they name by its turn in the session when the chat knows it. */
function NamedLeftOut({ read }: { read: ReturnType<typeof useStoredLeftOut> }) {
  const offsets = useContext(TurnOffsetsContext);
  if (!read || read.length === 0) return null;
  const lines = read.map(({ note, of }) => {
    const offset = of && offsets ? offsets.get(of.runId) : undefined;
    return leftOutLine(note, of && offset !== undefined ? sessionTurn(offset, of.turn) : null);
  });
  return <LeftOutList lines={lines} />;
}

/** The note under a reply, read from its run's stored events; nothing when its request left nothing out. */
export function ReplyLeftOut({ runId, messageId }: { runId: string; messageId: string }) {
  return <NamedLeftOut read={useStoredLeftOut(runId, messageId)} />;
}

/** The note on an answer of "Try on other models": what that model's request left out of the step's history. */
export function AnswerLeftOut({ notes }: { notes: readonly LeftOutNote[] }) {
  return <NamedLeftOut read={useNamedLeftOut(notes)} />;
}

/** The note under one attempt in the timeline's turn details, each reply it names by its turn in the session. */
export function AttemptLeftOut({ notes, model }: { notes: readonly LeftOutNote[] | undefined; model: TimelineModel }) {
  if (!notes) return null;
  const turnOf = (messageId: string | undefined): number | null =>
    messageId === undefined
      ? null
      : (model.runs.flatMap((r) => r.turns).find((t) => t.messageId === messageId)?.sessionTurn ?? null);
  return <LeftOutList lines={notes.map((n) => leftOutLine(n, turnOf(n.messageId)))} />;
}
