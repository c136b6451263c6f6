import { isLimitStop, type SessionRecord } from '../../domain/session';
import { useState } from 'react';
import { continueRun, refusalSentence } from '../../store/session/chat-actions';
import { useRunStore } from '../../store/run/run-store';
import { ErrorAlert } from './error-alert';
import { alertMessage, errorCopy } from './error-copy';
import { LimitAlert } from './limit-alert';
import { RetryCountdown } from './retry-countdown';
import { ToolsOffer } from './tools-offer';
import { EndpointQuestion } from './endpoint-question-card';
import { DEFAULT_CONFIG } from '../../domain/loop-config';

/** Everything that went wrong in this session, each with the action that fixes it. */
export function ChatAlerts({ session }: { session: SessionRecord }) {
  const id = session.id;
  const run = useRunStore((s) => s.runs[id]);
  const sideErrors = useRunStore((s) => s.sideErrors);
  const dismissSide = useRunStore((s) => s.dismissSideError);
  const dismissRun = useRunStore((s) => s.dismissRunError);
  // Why the last Continue or Retry started nothing, kept for the session it was clicked in.
  const [refused, setRefused] = useState<{ sessionId: string; text: string } | null>(null);
  const retry = () => {
    setRefused(null);
    void continueRun(id).then((outcome) => {
      const text = refusalSentence(outcome);
      if (text) setRefused({ sessionId: id, text });
    });
  };

  const mine = sideErrors.filter((e) => e.sessionId === id || e.sessionId === null);
  // A stored failure from an earlier page (or another tab) when this tab has no run of its own.
  const stored = !run && session.status === 'failed' ? session.lastError : undefined;
  // This tab's run says it live; otherwise the stored session does (after a reload, or a run in another tab).
  const liveLimit = run?.ended && isLimitStop(run.stopReason) ? run.stopReason : null;
  const storedLimit = !run && session.status === 'finished' && session.limitStop ? session.limitStop : null;
  const limit = liveLimit ?? storedLimit;

  return (
    <div className="chat-alerts">
      {run?.retry && !run.ended && (
        <div className="alert" role="alert" data-error-kind={run.retry.error.kind}>
          <strong>{errorCopy(run.retry.error).title}</strong>
          <span>{alertMessage(run.retry.error)}</span>
          <span>
            Attempt {run.retry.attempt} failed. <RetryCountdown atMs={run.retry.retryAtMs} />
          </span>
        </div>
      )}
      {run?.error && run.ended && (
        <ErrorAlert error={run.error} onRetry={retry} onDismiss={() => dismissRun(id)} sessionId={id} />
      )}
      {stored && <ErrorAlert error={stored} onRetry={retry} />}
      <EndpointQuestion session={session} />
      <ToolsOffer session={session} error={run?.ended ? (run.error ?? undefined) : stored} />
      {limit && (
        <LimitAlert
          stopReason={limit}
          maxTurns={session.settings.maxTurns ?? DEFAULT_CONFIG.maxTurns}
          maxToolCalls={session.settings.maxToolCallsPerTurn ?? DEFAULT_CONFIG.maxToolCallsPerTurn}
          onContinue={retry}
        />
      )}
      {refused?.sessionId === id && (
        <p role="status" className="hint">
          {refused.text}
        </p>
      )}
      {mine.map((e, i) => (
        <ErrorAlert key={`${e.error.kind}-${i}`} error={e.error} onDismiss={() => dismissSide(e)} sessionId={id} />
      ))}
    </div>
  );
}
