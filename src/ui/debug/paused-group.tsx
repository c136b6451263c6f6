import './debug.css';
import { useMemo, useState } from 'react';
import { argumentsCheck, checkResultEdit, requestEditCheck, requestFormatOf } from '../../agent/pause';
import type { StoredPause } from '../data/run/use-stored-pause';
import { decideStoredPause } from '../../store/run/breakpoint-actions';
import { defaultSchemaValidator } from '../../tools/validation/default-validator';
import type { PauseDecision, PausePoint } from '../../domain/breakpoints';
import { stopRun } from '../../store/session/chat-actions';
import { useRunStore, type PendingPause } from '../../store/run/run-store';
import { prettyArgs } from '../chat/pretty-args';
import { useSession } from '../data/session/use-session';
import { currentBaseURL, endpointWire } from '../../store/settings/endpoint-door';
import type { ApiFormat } from '../../domain/session';

/** What the paused group is called: "Paused before model request", "Paused before <tool>", "Paused after <tool>". */
function pauseTitle(point: PausePoint): string {
  if (point.at === 'request') return 'Paused before model request';
  return point.at === 'before_tool' ? `Paused before ${point.name}` : `Paused after ${point.name}`;
}

type Editing = 'request' | 'arguments' | 'answer' | 'result' | null;

/**
 * The run waiting at a breakpoint in this session, if any (architecture.md, "Breakpoints"): this tab's live run, or
 * the pause a reload left, which Continue and Step resume and Stop repairs.
 */
export function PausedSlot({ sessionId, stored }: { sessionId: string; stored: StoredPause | null }) {
  const live = useRunStore((s) => s.pauses[sessionId]);
  const session = useSession(sessionId);
  // A pause a reload left is checked in the API the session speaks, as the run it resumes will send it.
  const format = session ? endpointWire(session.endpoint?.baseURL ?? currentBaseURL(), session).format : undefined;
  const pause = useMemo(
    () => live ?? (stored ? storedPending(sessionId, stored, format) : undefined),
    [live, stored, sessionId, format],
  );
  // Keyed by the point: a new pause opens with its own boxes, filled from it.
  return pause ? <PausedGroup key={pointKey(pause)} pause={pause} /> : null;
}

function storedPending(sessionId: string, stored: StoredPause, format: ApiFormat | undefined): PendingPause {
  const { point } = stored;
  const decide = (d: PauseDecision) => void decideStoredPause(sessionId, stored, d);
  const check =
    point.at === 'request'
      ? requestEditCheck(format ?? requestFormatOf(point.body))
      : point.at === 'before_tool'
        ? storedArgumentsCheck(point.name, point.schema)
        : checkResultEdit;
  return { sessionId, point, check, resolve: decide, stop: () => decide({ action: 'stop' }) };
}

/** The tool's schema as the pause recorded it: edited arguments are checked against it as the live run would. */
function storedArgumentsCheck(name: string, schema: Record<string, unknown> | undefined) {
  const validate = schema
    ? (value: unknown) => defaultSchemaValidator().validateArgs({ id: `paused:${name}`, parameters: schema }, value)
    : undefined;
  return argumentsCheck(name, validate);
}

function pointKey(p: PendingPause): string {
  return p.point.at === 'request' ? `request-${p.point.turn}` : `${p.point.at}-${p.point.callId}`;
}

/**
 * What a person can do at a pause: look, edit what goes in (or comes back), then Continue, Step or Stop. An edit is
 * checked before anything is sent; a bad one is said in words here and nothing moves.
 */
function PausedGroup({ pause }: { pause: PendingPause }) {
  const { point } = pause;
  const [editing, setEditing] = useState<Editing>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = pauseTitle(point);

  const open = (what: Exclude<Editing, null>) => {
    setEditing(what);
    setProblem(null);
    setText(
      what === 'request' && point.at === 'request'
        ? point.body
        : what === 'arguments' && point.at === 'before_tool'
          ? prettyArgs(point.arguments, false)
          : what === 'result' && point.at === 'after_tool'
            ? point.result
            : '',
    );
  };

  const go = async (action: 'continue' | 'step') => {
    if (editing === null) return pause.resolve({ action });
    setBusy(true);
    const why = editing === 'answer' || editing === 'result' ? null : await pause.check(text);
    setBusy(false);
    if (why !== null) return setProblem(why);
    const decision: PauseDecision = editing === 'answer' ? { action, answer: text } : { action, edited: text };
    pause.resolve(decision);
  };

  const box =
    editing === 'request' ? 'Request' : editing === 'arguments' ? 'Arguments' : editing === null ? null : 'Tool result';
  return (
    <div role="group" aria-label={title} className="paused-group">
      <p className="paused-title">
        <strong>{title}</strong> · turn {point.turn}
      </p>
      {point.at === 'before_tool' && editing === null && (
        <pre className="paused-preview">{prettyArgs(point.arguments, false)}</pre>
      )}
      {point.at === 'after_tool' && editing === null && <pre className="paused-preview">{point.result}</pre>}
      <div className="paused-actions">
        {point.at === 'request' && (
          <button type="button" aria-pressed={editing === 'request'} onClick={() => open('request')}>
            Edit request
          </button>
        )}
        {point.at === 'before_tool' && (
          <>
            <button type="button" aria-pressed={editing === 'arguments'} onClick={() => open('arguments')}>
              Edit arguments
            </button>
            <button type="button" aria-pressed={editing === 'answer'} onClick={() => open('answer')}>
              Answer by hand
            </button>
          </>
        )}
        {point.at === 'after_tool' && (
          <button type="button" aria-pressed={editing === 'result'} onClick={() => open('result')}>
            Edit result
          </button>
        )}
      </div>
      {box !== null && (
        <label className="paused-editor">
          {box}
          <textarea
            value={text}
            rows={box === 'Request' ? 14 : 6}
            spellCheck={false}
            aria-invalid={problem !== null}
            onChange={(e) => {
              setText(e.target.value);
              setProblem(null);
            }}
          />
        </label>
      )}
      {problem !== null && (
        <p role="alert" className="paused-problem">
          {problem} Nothing was sent.
        </p>
      )}
      <div className="paused-actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void go('continue')}>
          Continue
        </button>
        <button type="button" disabled={busy} onClick={() => void go('step')}>
          Step
        </button>
        <button type="button" onClick={() => (pause.stop ? pause.stop() : stopRun(pause.sessionId))}>
          Stop
        </button>
      </div>
    </div>
  );
}
