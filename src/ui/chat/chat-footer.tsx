import { BreakpointsButton } from '../debug/breakpoints-button';
import '../context/context.css';
import type { SessionRecord } from '../../domain/session';
import { costOf, costText } from '../../domain/cost';
import { useRunStore } from '../../store/run/run-store';
import { CompactNowButton } from '../context/compact-now-button';
import { ContextMeter } from '../context/context-meter';
import { RecallNotice } from '../context/recall-notice';
import { useSessionPrice } from '../data/settings/use-session-price';
import type { Usage } from '../../domain/messages';
import { tokensInOut } from './usage-text';

/** What the session's tokens cost, when the price is known (an unknown one is said once, in Settings). */
function SessionCost({ session }: { session: SessionRecord }) {
  const price = useSessionPrice(session.id);
  if (!price) return null;
  const cost = costOf(session.usage, price);
  if (cost.kind === 'unknown') return null;
  return (
    <span className="cost">
      <span className="visually-hidden">Session cost: </span>
      {costText(cost)}
    </span>
  );
}

/**
 * "Session: 2,755 tokens (2,700 in, 55 out)", the words of `usageText`; a narrow screen shows only the total (and
 * whether it is estimated), the rest stays for screen readers (architecture.md, "Narrow screens").
 */
function SessionUsage({ usage }: { usage: Usage }) {
  return (
    <>
      <span className="usage-detail">Session: </span>
      {usage.totalTokens.toLocaleString('en-US')} tokens
      <span className="usage-detail"> ({tokensInOut(usage)})</span>
      {usage.estimated ? ', estimated' : ''}
    </>
  );
}

/**
 * The chat's one compact footer above the Message box (architecture.md, "A calm chat"): how full the context window
 * is, the session's tokens and cost, manual compaction, and how memories were recalled.
 */
export function ChatFooter({ session }: { session: SessionRecord }) {
  const running = useRunStore((s) => !!s.runs[session.id] && !s.runs[session.id]!.ended);
  return (
    <div className="chat-footer">
      <ContextMeter sessionId={session.id} />
      {session.usage.totalTokens > 0 && (
        <span className="session-figures">
          <span className="usage session-usage" role="group" aria-label="Session usage">
            <SessionUsage usage={session.usage} />
          </span>
          <SessionCost session={session} />
        </span>
      )}
      <CompactNowButton sessionId={session.id} disabled={running} />
      <BreakpointsButton session={session} />
      <RecallNotice sessionId={session.id} />
    </div>
  );
}
