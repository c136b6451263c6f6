import { db } from '../../../db/database';
import { readCollectorConfig, saveCollectorConfig, type CollectorConfig } from '../../../db/collector-repo';
import { readPriceOverrides, savePriceOverrides } from '../../../db/prices-repo';
import type { ModelPrice } from '../../../domain/model-prices';

/** The collector and the person's prices, read when Settings opens and written by its "Save collector and prices". */
export async function readTraceSettings(): Promise<{ collector: CollectorConfig; prices: Record<string, ModelPrice> }> {
  const [collector, prices] = await Promise.all([readCollectorConfig(db), readPriceOverrides(db)]);
  return { collector, prices };
}

export async function saveTraceSettings(collector: CollectorConfig, prices: Record<string, ModelPrice>): Promise<void> {
  await Promise.all([saveCollectorConfig(db, collector), savePriceOverrides(db, prices)]);
}
