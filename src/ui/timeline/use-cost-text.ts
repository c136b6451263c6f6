import { addCost, costOf, costText, ZERO_COST } from '../../domain/cost';
import type { Usage } from '../../domain/messages';
import { priceOf } from '../../domain/model-prices';
import { usePriceOverrides } from '../data/settings/use-price-overrides';

/** Cost words for the timeline: of one model's tokens, or summed over runs (unknown when any run's price is). */
export function useCostText(): {
  of(model: string, usage: Usage): string;
  sum(runs: readonly { model: string; usage: Usage }[]): string;
} {
  const prices = usePriceOverrides();
  return {
    of: (model, usage) => costText(costOf(usage, priceOf(model, prices))),
    sum: (runs) => costText(runs.reduce((c, r) => addCost(c, costOf(r.usage, priceOf(r.model, prices))), ZERO_COST)),
  };
}
