import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { readPriceOverrides } from '../../../db/prices-repo';
import type { ModelPrice } from '../../../domain/model-prices';

const NONE: Record<string, ModelPrice> = {};

/** The person's own prices per model (live: Settings may change them while a view shows costs). */
export function usePriceOverrides(): Record<string, ModelPrice> {
  return useLiveQuery(() => readPriceOverrides(db), [], NONE);
}

/** The same, undefined until the first read: for a view that must not show the built-in prices alone first. */
export function usePriceOverridesLoaded(): Record<string, ModelPrice> | undefined {
  return useLiveQuery(() => readPriceOverrides(db), []);
}
