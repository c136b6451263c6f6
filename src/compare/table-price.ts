import { costOf } from '../domain/cost';
import { priceOf, type PriceList } from '../domain/model-prices';
import type { PriceOf } from './compare-paths';

/** Compare's cost slot from the price table and the person's own prices; null (shown as "not known") without a price. */
export function tablePriceOf(overrides: PriceList): PriceOf {
  return (model, usage) => {
    const cost = costOf(usage, priceOf(model, overrides));
    return cost.kind === 'known' ? { amount: cost.usd, currency: 'USD' } : null;
  };
}
