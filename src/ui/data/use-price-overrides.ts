import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import { readPriceOverrides } from '../../db/prices-repo';
import type { ModelPrice } from '../../domain/model-prices';

const NONE: Record<string, ModelPrice> = {};

/** The person's own prices per model (live: Settings may change them while a view shows costs). */
export function usePriceOverrides(): Record<string, ModelPrice> {
  return useLiveQuery(() => readPriceOverrides(db), [], NONE);
}
