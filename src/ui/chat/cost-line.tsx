import { costOf, costText } from '../../domain/cost';
import type { Usage } from '../../domain/messages';
import { useSessionPrice } from '../data/use-session-price';
import './cost-line.css';

/**
 * What some tokens of a session cost, beside their usage line ("Turn 2 cost: $0.0012", "Session cost: cost not
 * known"); an unknown price says so, never $0 (architecture.md, "What a run cost").
 */
export function CostLine({ sessionId, usage, label }: { sessionId: string; usage: Usage; label: string }) {
  const price = useSessionPrice(sessionId);
  if (price === undefined) return null;
  const cost = costOf(usage, price);
  return (
    <div className="cost" aria-label={label}>
      {label}: {cost.kind === 'unknown' ? 'not known (no price for this model)' : costText(cost)}
    </div>
  );
}
