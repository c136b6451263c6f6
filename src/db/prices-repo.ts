import { isPriceList, type ModelPrice } from '../domain/model-prices';
import type { ToolscopeDB } from './database';
import { getSetting, setSetting } from './settings-repo';

/** A person's own price per model (US dollars per million tokens), over the shipped table (domain/model-prices.ts). */
const KEY = 'modelPrices';

export function readPriceOverrides(db: ToolscopeDB): Promise<Record<string, ModelPrice>> {
  return getSetting(db, KEY, isPriceList, {});
}

export function savePriceOverrides(db: ToolscopeDB, prices: Record<string, ModelPrice>): Promise<void> {
  return setSetting(db, KEY, prices);
}
