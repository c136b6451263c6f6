import { useSession } from '../data/session/use-session';
import { lazy, Suspense, useState } from 'react';
import { formatMs } from '../../timeline/format';
import { turnName } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import { useCostText } from './use-cost-text';
import type { CallModel, RunModel, TimelineModel, TurnModel } from '../../timeline/model';
import { STATUS_STYLES } from '../../timeline/outcome-style';
import { LongText } from '../shared/long-text';
import { textPieces } from '../shared/text-pieces';
import { RESULT_DISPLAY_CHARS } from '../chat/tool-call-card';
import { tokensInOut } from '../chat/usage-text';
import { AttemptLeftOut } from '../chat/left-out-notes';
import { showInChat } from '../shared/chat-link';
import { McpCallDetails } from '../mcp/servers/mcp-call-details';
import { ViewEventDetails } from '../mcp/apps/view-event-details';
import { attemptRows, callRows, runRows, type DetailRow } from '../../timeline/detail-rows';
import { ReplayRunButton } from '../replay/replay-run-button';
import { bytesReceivedText } from '../../domain/bytes-received';
import { StepActions, UnrecordedStepActions } from '../step/step-actions';
import { ContextLedgerTable } from './context-ledger-table';
import { CostOnModelsTable } from './cost-on-models-table';

// Looked up when a call's details open (docs/wire-capture.md, "Tools").
const ToolRequestResponse = lazy(() => import('../wire/tool-request-response'));

const CUT = 2000;

type Props = { model: TimelineModel; bar: Bar; onClose: () => void };

/** What was selected, resolved against the unfiltered model so filters never hide details. */
function resolve(
  model: TimelineModel,
  bar: Bar,
): { run: RunModel; turn: TurnModel | null; call: CallModel | null } | null {
  const run = model.runs[bar.runIndex];
  if (!run) return null;
  const turn = bar.turn === null ? null : (run.turns.find((t) => t.turn === bar.turn) ?? null);
  const call = bar.callId && turn ? (turn.calls.find((c) => c.callId === bar.callId) ?? null) : null;
  return { run, turn, call };
}

/** Re-indenting a megabyte would stall the page; such text is shown as it came. */
const PRETTY_MAX_CHARS = 256_000;

function pretty(text: string): { ok: true; text: string } | { ok: false; text: string } {
  if (text.length > PRETTY_MAX_CHARS) return { ok: true, text };
  try {
    return { ok: true, text: JSON.stringify(JSON.parse(text), null, 2) };
  } catch {
    return { ok: false, text };
  }
}

function CutText({ text, label }: { text: string; label: string }) {
  const [all, setAll] = useState(false);
  const long = text.length > CUT;
  // Opened, a long text shows a page at a time (and never past the display limit), so a stored megabyte cannot stall the page.
  const onePage = text.length <= RESULT_DISPLAY_CHARS && textPieces(text, 'plain').pageEnds.length <= 1;
  return (
    <>
      {all || !long ? (
        <LongText
          text={text}
          format="plain"
          as="pre"
          className="tl-pre"
          label={label}
          maxChars={RESULT_DISPLAY_CHARS}
          cutReason="over the display limit"
        />
      ) : (
        <pre className="tl-pre" aria-label={label} role="group" tabIndex={0}>{`${text.slice(0, CUT)}…`}</pre>
      )}
      {long && (
        <button type="button" onClick={() => setAll((v) => !v)}>
          {all ? 'Show less' : `${onePage ? 'Show all' : 'Show more'} (${text.length.toLocaleString()} characters)`}
        </button>
      )}
    </>
  );
}

function Timings({ rows }: { rows: DetailRow[] }) {
  return (
    <dl className="tl-dl">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function TurnTokens({ turn, model }: { turn: TurnModel | null; model: string }) {
  const cost = useCostText();
  if (!turn?.usage) return null;
  const u = turn.usage;
  return (
    <>
      <p>
        Tokens this turn: {tokensInOut(u)}
        {u.estimated ? ' (estimated)' : ''}
      </p>
      <p>Cost this turn: {cost.of(model, u)}</p>
    </>
  );
}

function CallDetails({
  model,
  run,
  turn,
  call,
}: {
  model: TimelineModel;
  run: RunModel;
  turn: TurnModel | null;
  call: CallModel;
}) {
  const args = pretty(call.arguments);
  const result = call.result === null ? null : pretty(call.result);
  const s = STATUS_STYLES[call.outcome];
  const timings = callRows(run, turn, call);
  return (
    <>
      <h2>
        {call.name}{' '}
        <span className={`tl-status tl-status-${call.outcome}`}>
          {s.icon} {s.word}
        </span>
      </h2>
      <Timings rows={timings} />
      <TurnTokens turn={turn} model={run.model} />
      <h3>Arguments</h3>
      {!args.ok && <p className="tl-warn">Not valid JSON; shown as sent by the model.</p>}
      <CutText text={args.text || '(empty)'} label="Arguments" />
      {call.validationErrors.length > 0 && (
        <>
          <h3>Validation errors</h3>
          <ul className="tl-errors">
            {call.validationErrors.map((v, i) => (
              <li key={i}>
                <code>{v.path || '/'}</code> {v.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{call.isError ? 'Error' : 'Result'}</h3>
      {result === null ? (
        <p>{call.outcome === 'running' ? 'Still running…' : 'No result recorded.'}</p>
      ) : (
        <CutText text={result.text} label={call.isError ? 'Error' : 'Result'} />
      )}
      <McpCallDetails call={call} />
      <Suspense fallback={null}>
        <ToolRequestResponse sessionId={model.sessionId} callId={call.callId} />
      </Suspense>
      {call.bytesReceived !== undefined && (
        <p role="status" aria-label="Bytes received">
          {bytesReceivedText(call.bytesReceived, call.bytesTotal)}
        </p>
      )}
      {call.logs.length > 0 && (
        <>
          <h3>Logs</h3>
          <pre className="tl-pre" aria-label="Logs" role="group" tabIndex={0}>
            {call.logs.map((l) => `[${formatMs(l.t)}] ${l.level}: ${l.text}`).join('\n')}
          </pre>
        </>
      )}
      <button
        type="button"
        disabled={!call.messageId}
        onClick={() => showInChat({ sessionId: model.sessionId, messageId: call.messageId, callId: call.callId })}
      >
        Show in chat
      </button>
    </>
  );
}

function TurnDetails({ model, run, turn }: { model: TimelineModel; run: RunModel; turn: TurnModel }) {
  return (
    <>
      <h2>{turnName(turn)} model request</h2>
      <TurnTokens turn={turn} model={run.model} />
      {turn.compactions.map((c) => (
        <p key={c.t}>
          Context compacted at {formatMs(c.t)}: {c.tokensBefore} → {c.tokensAfter} tokens ({c.removed} messages
          summarized)
        </p>
      ))}
      <ol className="tl-attempts">
        {turn.attempts.map((a) => {
          const s = STATUS_STYLES[a.retrying ? 'retrying' : a.outcome];
          return (
            <li key={a.attempt}>
              <strong>Attempt {a.attempt}</strong>{' '}
              <span className="tl-status">
                {s.icon} {s.word}
              </span>
              <Timings rows={attemptRows(run, a)} />
              <AttemptLeftOut notes={a.leftOut} model={model} />
            </li>
          );
        })}
      </ol>
      {turn.messageId && (
        <ContextLedgerTable
          sessionId={model.sessionId}
          messageId={turn.messageId}
          reported={turn.usage && !turn.usage.estimated ? turn.usage.promptTokens : null}
        />
      )}
      <button
        type="button"
        disabled={!turn.messageId}
        onClick={() => showInChat({ sessionId: model.sessionId, messageId: turn.messageId, callId: null })}
      >
        Show in chat
      </button>
      <TurnStepActions
        sessionId={model.sessionId}
        messageId={turn.messageId}
        running={model.runs.some((r) => r.state === 'live')}
      />
    </>
  );
}

/** The step actions of the turn's message, the same set its message offers (docs/accessible-names.md, "Step actions"). */
function TurnStepActions({
  sessionId,
  messageId,
  running,
}: {
  sessionId: string;
  messageId: string | null;
  running: boolean;
}) {
  const session = useSession(sessionId);
  const trace = session?.importedTrace === true;
  return messageId ? (
    <StepActions sessionId={sessionId} messageId={messageId} running={running} readOnly={trace} />
  ) : (
    <UnrecordedStepActions trace={trace} />
  );
}

function RunDetails({ sessionId, run }: { sessionId: string; run: RunModel }) {
  const cost = useCostText();
  return (
    <>
      <h2>Run {run.index + 1}</h2>
      <Timings rows={runRows(run, cost.of(run.model, run.usage))} />
      {run.state !== 'live' && <ReplayRunButton sessionId={sessionId} runId={run.runId} />}
      <CostOnModelsTable usage={run.usage} />
    </>
  );
}

export function DetailsPanel({ model, bar, onClose }: Props) {
  const found = resolve(model, bar);
  return (
    <aside className="tl-details" aria-label="Details">
      <button type="button" className="tl-close" onClick={onClose} aria-label="Close details">
        ×
      </button>
      {bar.viewEvent !== undefined ? (
        <ViewEventDetails event={bar.viewEvent} runs={model.runs} sessionId={bar.viewEvent.sessionId} inPanel />
      ) : !found ? (
        <p>This item is no longer in the session.</p>
      ) : found.call ? (
        <CallDetails model={model} run={found.run} turn={found.turn} call={found.call} />
      ) : found.turn ? (
        <TurnDetails model={model} run={found.run} turn={found.turn} />
      ) : (
        <RunDetails sessionId={model.sessionId} run={found.run} />
      )}
    </aside>
  );
}
