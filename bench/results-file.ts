import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sets top-level fields of bench/results/latest.json, keeping the other benches' figures there. */
export function mergeFigures(fields: Record<string, unknown>): void {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'latest.json');
  let latest: Record<string, unknown> = {};
  try {
    latest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // No other figures yet: these stand alone.
  }
  writeFileSync(file, `${JSON.stringify({ ...latest, ...fields }, null, 2)}\n`);
}

/** Sets one bench's figures under `key` in bench/results/latest.json, keeping the other benches' figures there. */
export function recordFigures(key: string, figures: unknown): void {
  mergeFigures({ [key]: figures });
}
