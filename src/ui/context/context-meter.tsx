import { CONTEXT_WARN_FRACTION } from '../../context/budget';
import { warningText } from './context-warning';
import { formatContextUsage } from '../../context/context-usage';
import { useContextUsage } from '../data/context/use-context-usage';

/** "Context: 12,345 / 128,000 tokens (10 %)", estimated; warning style from 80 %. */
export function ContextMeter({ sessionId }: { sessionId: string }) {
  const usage = useContextUsage(sessionId);
  if (!usage) return null;
  const warn = usage.fraction >= CONTEXT_WARN_FRACTION;
  return (
    <div
      className={`context-meter${warn ? ' warn' : ''}`}
      role="status"
      aria-label="Context usage"
      data-level={usage.level}
    >
      <meter
        min={0}
        max={usage.limit}
        low={usage.limit * CONTEXT_WARN_FRACTION}
        high={usage.limit * 0.95}
        optimum={0}
        value={Math.min(usage.tokens, usage.limit)}
        aria-hidden="true"
      />
      <span>
        Context: {formatContextUsage(usage)}{' '}
        <span className="hint">{usage.calibrated ? 'estimated, corrected by reported usage' : 'estimated'}</span>
      </span>
      {warn && <span className="context-warning"> {warningText(usage.fraction)}</span>}
    </div>
  );
}
