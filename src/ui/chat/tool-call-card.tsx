import { Fragment, lazy, memo, Suspense, useMemo, useRef, useState } from 'react';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from '../../tools/output-limit';
import { logHeading, splitLog } from '../../tools/log-cut';
import type { ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { chatRun, useRunStore } from '../../store/run/run-store';
import type { LiveToolCallStatus } from '../../store/run/live-run';
import { mcpProgressText } from '../../domain/mcp-call-trace';
import { useUnmatchedCalls } from '../../store/run/unmatched-calls';
// The approval and repeated-call cards (and the argument checking behind them) load when a run first asks: they
// are never on the first screen, so they stay out of the first load.
const ApprovalCard = lazy(() => import('./approval-card').then((m) => ({ default: m.ApprovalCard })));
const RepeatCard = lazy(() => import('./repeat-card'));
import { LongText } from '../shared/long-text';
import { textPieces } from '../shared/text-pieces';
import { prettyArgs } from './pretty-args';
import { MessageImages } from './message-image-list';
import { AppViewSlot } from '../mcp/apps/app-view-slot';
import { useToolRowsOpen } from '../../store/tool-rows-open';
import { argsSummary, foldsByDefault, formatDuration } from './tool-row-summary';
import { ToolCallActions } from './tool-call-actions';
import { useClipped } from './use-clipped';
import './tool-cards.css';

// A task's lane loads with the first tool card, never with the page (architecture.md, "MCP Tasks").
const TaskLaneSlot = lazy(() => import('../mcp/tasks/task-lane-slot'));
// A re-run's question about a call with no recording loads when one is asked (architecture.md, "Re-run from here").
const UnmatchedCallCard = lazy(() => import('./unmatched-call-card').then((m) => ({ default: m.UnmatchedCallCard })));

type Props = {
  sessionId: string;
  callId: string;
  name: string;
  arguments: string;
  /** Arguments still streaming in. */
  partial?: boolean;
  result?: ToolMessage | undefined;
  record?: ToolCallRecord | undefined;
  /** The person edited its arguments at a pause. */
  argsEdited?: boolean;
  /** Folded into its turn's summary row (tool-turn.tsx): kept mounted, not shown. */
  hidden?: boolean;
};

// Loads with the first running tool that reports progress, not with the page.
const ToolLiveProgress = lazy(() => import('./tool-live-progress').then((m) => ({ default: m.ToolLiveProgress })));

const PREVIEW_CHARS = 280;
/**
 * Tool output is cut at 64 KB before it is stored, but older versions kept whatever a tool returned: what is past
 * this is not shown (a marker says how much), so one stored megabyte cannot stall the chat.
 */
// Above the output limit by room for its marker, so a result cut when it was made shows whole, its own marker last.
export const RESULT_DISPLAY_CHARS = DEFAULT_OUTPUT_LIMIT_BYTES + 1024;
const RESULT_CUT_REASON = `over the ${RESULT_DISPLAY_CHARS.toLocaleString('en-US')}-character display limit for a tool result`;

const STATUS_TEXT: Record<LiveToolCallStatus | 'pending', string> = {
  streaming: 'receiving arguments',
  pending: 'pending',
  awaiting_approval: 'waiting for approval',
  running: 'running',
  ok: 'ok',
  error: 'error',
  timeout: 'timed out',
  cancelled: 'cancelled',
  denied: 'denied',
  interrupted: 'interrupted',
};

export const ToolCallCard = memo(function ToolCallCard(p: Props) {
  const live = useRunStore((s) => chatRun(s, p.sessionId)?.tools[p.callId]);
  const approval = useRunStore((s) => s.approvals[p.callId]);
  const unmatched = useUnmatchedCalls((s) => s.calls[p.callId]);
  // The call's server and its latest progress come from the event spine (live) or the stored row (after a reload).
  const mcpServer = live?.mcpServer ?? p.record?.mcpServer;
  const mcpProgress = live?.progress?.mcp;
  const [expanded, setExpanded] = useState(false);

  const status: LiveToolCallStatus | 'pending' =
    p.result?.outcome ??
    live?.status ??
    (p.record ? (p.record.status as LiveToolCallStatus | 'pending') : p.partial ? 'streaming' : 'pending');
  const durationMs = live?.durationMs ?? p.record?.durationMs ?? null;
  const result = p.result?.content ?? live?.result ?? p.record?.result ?? null;
  const isError = p.result?.isError ?? live?.isError ?? p.record?.isError ?? false;
  const args = live?.arguments || p.arguments;
  // A re-run's call answered from the session's recordings says so: the tool did not run (architecture.md, "Re-run from here").
  const recorded = live?.recorded ?? p.record?.recorded ?? false;
  // Edited at a pause (architecture.md, "Breakpoints"): its arguments, its result, or answered by hand.
  const edited = p.argsEdited === true || (p.result?.edits?.length ?? 0) > 0;
  const shownArgs = useMemo(() => prettyArgs(args, !!p.partial), [args, p.partial]);
  const long = result !== null && result.length > PREVIEW_CHARS;
  // "Show all" when one page holds it; otherwise it opens a page at a time.
  const onePage = useMemo(
    () => result !== null && result.length <= RESULT_DISPLAY_CHARS && textPieces(result, 'plain').pageEnds.length <= 1,
    [result],
  );
  // The tool's console output is kept with its record; without it a user debugging a tool in a run sees only the result.
  const logs = p.record?.logs;
  // The entry saying how many were dropped is drawn apart, under the paged text, so it shows without "Show more".
  const log = useMemo(() => splitLog(logs ?? []), [logs]);
  const logText = useMemo(() => log.entries.map((l) => `[${l.level}] ${l.text}`).join('\n'), [log]);
  // A finished call is one calm row until opened; running, waiting and failed calls stay open (architecture.md,
  // "Calm tool rows"). The person's choice holds for the page's life.
  const chosen = useToolRowsOpen((s) => s.open[p.callId]);
  const setRowOpen = useToolRowsOpen((s) => s.setRowOpen);
  const foldable = foldsByDefault(status, isError) && !approval && !unmatched;
  const open = !foldable || chosen === true;
  const inFlight =
    status === 'streaming' || status === 'pending' || status === 'awaiting_approval' || status === 'running';
  // A failed call's error is one line until opened (screens.md, "Calm tool rows"); the whole text is in the page.
  const errorLine = isError && !expanded;
  const resultBox = useRef<HTMLPreElement>(null);
  const clipped = useClipped(resultBox, open && errorLine ? result : null);
  const opens = long || (isError && (expanded || clipped));

  return (
    <div
      className={open ? 'tool-card' : 'tool-card tool-card-folded'}
      data-call-id={p.callId}
      data-row={inFlight ? 'live' : open ? 'open' : 'folded'}
      aria-label={`Tool call ${p.name}`}
      role="group"
      hidden={p.hidden}
    >
      <div className="tool-card-head">
        {foldable ? (
          <button
            type="button"
            className="tool-card-toggle"
            aria-expanded={open}
            onClick={() => setRowOpen(p.callId, !open)}
          >
            {/* Spaces between the parts: the button's name reads "get_weather city: "Paris" ok 12 ms". */}
            <strong>{p.name || '…'}</strong> <span className="tool-card-summary">{argsSummary(args)}</span>{' '}
            <span className={`status status-${status}`}>{STATUS_TEXT[status]}</span>
            {recorded && (
              <>
                {' '}
                <span className="hint tool-recorded">recorded</span>
              </>
            )}
            {edited && (
              <>
                {' '}
                <span className="hint tool-edited">edited</span>
              </>
            )}
            {durationMs !== null && (
              <>
                {' '}
                <span className="hint">{formatDuration(durationMs)}</span>
              </>
            )}
          </button>
        ) : (
          // Separate words on screen and in the accessible text, as the assistant's role line ("get_weather · error ·
          // edited · 12 ms"): a span's margin parts them on screen only.
          [
            <strong key="name">{p.name || '…'}</strong>,
            <span key="status" className={`status status-${status}`}>
              {STATUS_TEXT[status]}
            </span>,
            ...(recorded
              ? [
                  <span key="recorded" className="hint tool-recorded">
                    recorded
                  </span>,
                ]
              : []),
            ...(edited
              ? [
                  <span key="edited" className="hint tool-edited">
                    edited
                  </span>,
                ]
              : []),
            ...(durationMs !== null
              ? [
                  <span key="duration" className="hint">
                    {formatDuration(durationMs)}
                  </span>,
                ]
              : []),
          ].map((part, i) => (
            <Fragment key={i}>
              {i > 0 && ' · '}
              {part}
            </Fragment>
          ))
        )}
        {mcpServer !== undefined && (
          <span className="hint mcp-call">
            MCP {mcpServer.serverName} ({mcpServer.protocolRevision})
            {status === 'running' && mcpProgress !== undefined && (
              <span role="status" aria-label="Progress">
                {' '}
                · {mcpProgressText(mcpProgress)}
              </span>
            )}
          </span>
        )}
        <ToolCallActions
          sessionId={p.sessionId}
          callId={p.callId}
          name={p.name}
          finished={open && !inFlight}
          result={status === 'ok' || status === 'error' ? result : null}
        />
      </div>
      {open && <LongText text={shownArgs} format="plain" as="pre" label="Arguments" live={p.partial} />}
      {approval && (
        <Suspense fallback={<p className="hint">Loading…</p>}>
          {approval.repeat !== undefined ? (
            <RepeatCard approval={{ ...approval, repeat: approval.repeat }} />
          ) : (
            <ApprovalCard approval={approval} />
          )}
        </Suspense>
      )}
      {unmatched && (
        <Suspense fallback={null}>
          <UnmatchedCallCard call={unmatched} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <TaskLaneSlot callId={p.callId} />
      </Suspense>
      {status === 'running' && live?.progress !== undefined && (
        <Suspense fallback={null}>
          <ToolLiveProgress progress={live.progress} />
        </Suspense>
      )}
      {open && result !== null && (
        <div className={errorLine ? 'tool-card-result tool-error-line' : 'tool-card-result'}>
          <span className="hint">{isError ? 'Error result' : 'Result'}</span>
          {!errorLine && (expanded || !long) ? (
            <LongText
              text={result}
              format="plain"
              as="pre"
              label="Result"
              className={isError ? 'verdict-bad' : undefined}
              maxChars={RESULT_DISPLAY_CHARS}
              cutReason={RESULT_CUT_REASON}
            />
          ) : (
            <pre
              ref={resultBox}
              aria-label="Result"
              role="group"
              tabIndex={0}
              className={isError ? 'verdict-bad' : undefined}
            >
              {long ? `${result.slice(0, PREVIEW_CHARS)}…` : result}
            </pre>
          )}
          <MessageImages images={p.result?.images} />
          {opens && (
            <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded
                ? 'Show less'
                : `${onePage ? 'Show all' : 'Show more'} (${result.length.toLocaleString()} characters)`}
            </button>
          )}
        </div>
      )}
      {open && (logs?.length ?? 0) > 0 && (
        <details className="tool-card-logs">
          <summary>{logHeading(log)}</summary>
          {logText !== '' && <LongText text={logText} format="plain" as="pre" label="Logs" />}
          {log.dropped !== null && (
            <p className="tool-card-log-cut" role="note" aria-label="Log cut">
              [{log.dropped.entry.level}] {log.dropped.entry.text}
            </p>
          )}
        </details>
      )}
      <AppViewSlot sessionId={p.sessionId} callId={p.callId} record={p.record} />
    </div>
  );
});
