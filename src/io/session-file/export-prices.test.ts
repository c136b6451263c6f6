import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPriceOverrides, savePriceOverrides } from '../../db/prices-repo';
import { freshDB } from '../../db/testing/fresh-db';
import { buildExport, serializeExport } from './export-sessions';
import { importThroughJob } from '../testing/import-through-job';

// A frozen file written before prices travelled: it must still import, and adds no price.
const FROZEN = readFileSync(new URL('./__fixtures__/export-v1-full.json', import.meta.url), 'utf8');

describe("a person's own prices in the export", () => {
  it('travel with the file and are added on import where the person has no price of their own; theirs stay', async () => {
    const { db: a } = freshDB(`prices-a-${Math.random()}`);
    expect(await importThroughJob(a, FROZEN)).toMatchObject({ ok: true });
    expect(await readPriceOverrides(a)).toEqual({});
    await savePriceOverrides(a, {
      'mock-gpt': { input: 2, cachedInput: 0.5, output: 8 },
      'local-llama': { input: 0, output: 0 },
    });
    const { file } = await buildExport(a, { kind: 'all' });
    expect(file.modelPrices).toEqual({
      'local-llama': { input: 0, output: 0 },
      'mock-gpt': { input: 2, cachedInput: 0.5, output: 8 },
    });

    const { db: b } = freshDB(`prices-b-${Math.random()}`);
    await savePriceOverrides(b, { 'mock-gpt': { input: 3, output: 9 } });
    const outcome = await importThroughJob(b, serializeExport(file));
    expect(outcome).toMatchObject({ ok: true, summary: { addedPrices: ['local-llama'], keptPrices: ['mock-gpt'] } });
    expect(await readPriceOverrides(b)).toEqual({
      'mock-gpt': { input: 3, output: 9 },
      'local-llama': { input: 0, output: 0 },
    });
  });

  it('an export without own prices has no modelPrices field; a bad price refuses the whole file and writes nothing', async () => {
    const { db } = freshDB(`prices-c-${Math.random()}`);
    expect(await importThroughJob(db, FROZEN)).toMatchObject({ ok: true });
    const { file } = await buildExport(db, { kind: 'all' });
    expect('modelPrices' in file).toBe(false);

    const { db: fresh } = freshDB(`prices-d-${Math.random()}`);
    const bad = { ...file, modelPrices: { 'mock-gpt': { input: -1, output: 2 } } };
    const refused = await importThroughJob(fresh, JSON.stringify(bad));
    expect(refused.ok).toBe(false);
    expect(await fresh.sessions.count()).toBe(0);
    expect(await readPriceOverrides(fresh)).toEqual({});
  });
});
