import { formatMs, formatTokens } from '../../timeline/format';
import { CALL_OUTCOMES, STATUS_STYLES, STOP_REASON_WORDS } from '../../timeline/outcome-style';
import type { TimelineStats } from '../../timeline/summary';

/** The numbers above the chart. */
export function TimelineSummary({ s, cost }: { s: TimelineStats; cost?: string }) {
  const stop =
    s.lastRunState === 'live'
      ? 'running'
      : s.lastRunState === 'interrupted'
        ? 'interrupted'
        : s.stopReason
          ? STOP_REASON_WORDS[s.stopReason]
          : '—';
  const outcomes = CALL_OUTCOMES.filter((o) => s.byOutcome[o] > 0);
  return (
    <div role="group" aria-label="Timeline summary">
      <dl className="tl-summary">
        <div>
          <dt>Total</dt>
          <dd data-testid="tl-total">
            {formatMs(s.totalMs)}
            {s.runs > 1 ? ` in ${s.runs} runs` : ''}
          </dd>
        </div>
        <div>
          <dt>Model</dt>
          <dd>{formatMs(s.modelMs)}</dd>
        </div>
        <div>
          <dt>Tools</dt>
          <dd title="Wall time with any tool running; the sum counts parallel calls separately">
            {formatMs(s.toolMs)}
            {s.toolSumMs > s.toolMs + 1 ? ` (${formatMs(s.toolSumMs)} summed)` : ''}
          </dd>
        </div>
        {s.approvalMs > 0 && (
          <div>
            <dt>Approvals</dt>
            <dd>{formatMs(s.approvalMs)}</dd>
          </div>
        )}
        <div>
          <dt>Turns</dt>
          <dd>{s.turns}</dd>
        </div>
        <div>
          <dt>Tool calls</dt>
          <dd data-testid="tl-calls">
            {s.toolCalls}
            {outcomes.length > 0 && ' ('}
            {outcomes.map((o, i) => (
              <span key={o} className={`tl-status tl-status-${o}`}>
                {i > 0 ? ', ' : ''}
                {STATUS_STYLES[o].icon} {s.byOutcome[o]} {STATUS_STYLES[o].word}
              </span>
            ))}
            {outcomes.length > 0 && ')'}
          </dd>
        </div>
        {s.retries > 0 && (
          <div>
            <dt>Retries</dt>
            <dd>{s.retries}</dd>
          </div>
        )}
        <div>
          <dt>Tokens</dt>
          <dd>
            {formatTokens(s.tokensIn)} in / {formatTokens(s.tokensOut)} out{s.tokensEstimated ? ' (est.)' : ''}
          </dd>
        </div>
        {cost !== undefined && (
          <div>
            <dt>Cost</dt>
            <dd data-testid="tl-cost">{cost}</dd>
          </div>
        )}
        <div>
          <dt>Stop reason</dt>
          <dd data-testid="tl-stop">{stop}</dd>
        </div>
      </dl>
    </div>
  );
}
