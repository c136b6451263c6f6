/**
 * What a run's recorded tokens would have cost on every model with a price (architecture.md, "What a run cost"):
 * priced from the tokens alone, so nothing is sent. A model counts as priced when the person's own prices or the
 * built-in table list it; the person's entry wins over the table's for the same name.
 */
import { costOf, type Cost } from './cost';
import type { Usage } from './messages';
import { PRICE_TABLE, type ModelPrice, type PriceList } from './model-prices';

type ModelCostRow = { model: string; price: ModelPrice; cost: Extract<Cost, { kind: 'known' }> };

/** Every priced model once (names compared without case, the person's spelling kept), cheapest first, then by name. */
export function costOnModels(
  usage: Usage,
  overrides: PriceList = {},
  table: PriceList = PRICE_TABLE.prices,
): ModelCostRow[] {
  const byName = new Map<string, { model: string; price: ModelPrice }>();
  // The table first, so the person's entry of the same name replaces it.
  for (const list of [table, overrides]) {
    for (const [model, price] of Object.entries(list))
      byName.set(model.trim().toLowerCase(), { model: model.trim(), price });
  }
  const rows: ModelCostRow[] = [];
  for (const { model, price } of byName.values()) {
    const cost = costOf(usage, price);
    // costOf with a price is always known; the check keeps the type honest without a cast.
    if (cost.kind === 'known') rows.push({ model, price, cost });
  }
  return rows.sort((a, b) => a.cost.usd - b.cost.usd || a.model.localeCompare(b.model));
}
