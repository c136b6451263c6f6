import Dexie, { type DBCore, type DBCoreMutateRequest, type DBCoreMutateResponse } from 'dexie';
import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { checkExportText } from '../session-file/check-file';
import { describeWriteError } from './import-file';
import { importThroughJob } from '../testing/import-through-job';
import { analyzeImport, planImport } from './import-plan';
import { screenImport } from './import-screen';
import { writeImport } from './import-write';
import { fixtureFile } from '../testing/export-fixture';
import { snapshot } from '../testing/table-snapshot';

const FILE = JSON.stringify(fixtureFile());
const quota = () => new DOMException('The current transaction exceeded its quota limitations.', 'QuotaExceededError');

/**
 * Firefox and WebKit refuse the write request itself when the origin is over quota: IndexedDB fires `error` on each
 * add with a QuotaExceededError, and Dexie's bulkAdd collects them into a BulkError. This middleware answers a
 * table's adds that way, where IndexedDB hands Dexie its results.
 */
function refuseAddsTo(table: string) {
  return {
    stack: 'dbcore' as const,
    name: 'quota-on-add',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => {
        const t = down.table(name);
        if (name !== table) return t;
        return {
          ...t,
          mutate: (req: DBCoreMutateRequest): Promise<DBCoreMutateResponse> => {
            if (req.type !== 'add') return t.mutate(req);
            const failures = Object.fromEntries(req.values.map((_, i) => [i, quota()]));
            return Promise.resolve({ numFailures: req.values.length, failures, results: [], lastResult: undefined });
          },
        };
      },
    }),
  };
}

describe('an import the database refuses', () => {
  it('over quota on the write requests (a BulkError of QuotaExceededErrors): says storage is full, writes nothing', async () => {
    const { db } = freshDB('imp-quota-requests');
    db.use(refuseAddsTo('messages'));
    const before = await snapshot(db);
    const out = await importThroughJob(db, FILE);
    expect(out).toEqual({
      ok: false,
      failure: {
        stage: 'write',
        message: expect.stringContaining('no room left to store this file (storage full)') as unknown,
      },
    });
    expect(JSON.stringify(out)).not.toContain('collides');
    expect(await snapshot(db)).toEqual(before);
  });

  it('a record stored after the check (a real ConstraintError): says it collides and to import again, writes nothing', async () => {
    const { db } = freshDB('imp-constraint');
    const checked = checkExportText(FILE);
    if (!checked.ok) throw new Error('the fixture is valid');
    const file = screenImport(checked.file).file;
    // Checked against an empty database, so the plan adds the file's records under their own ids ...
    const plan = planImport(file, await analyzeImport(db, file), {});
    // ... then, before the write, another tab imports the same file.
    expect((await importThroughJob(db, FILE)).ok).toBe(true);
    const before = await snapshot(db);
    const err = await writeImport(db, plan).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Dexie.BulkError);
    expect(describeWriteError(err)).toMatch(
      /^A record in the file collides with one stored since the file was checked .*Import the file again/,
    );
    expect(await snapshot(db)).toEqual(before);
  });

  it('reads the cause through any wrapping Dexie gives it', () => {
    const full = /^The browser has no room left to store this file \(storage full\)\. Free space/;
    expect(describeWriteError(quota())).toMatch(full);
    // Chromium: the transaction aborts at commit, Dexie rejects with an AbortError around the DOMException.
    expect(describeWriteError(new Dexie.AbortError('Transaction aborted', quota()))).toMatch(full);
    expect(describeWriteError(new Dexie.BulkError('1 of 1 operations failed', { 0: quota() }))).toMatch(full);
    expect(
      describeWriteError(
        new Dexie.BulkError('1 of 1 operations failed', { 0: new DOMException('Key exists', 'ConstraintError') }),
      ),
    ).toMatch(/collides/);
    expect(
      describeWriteError(
        new Dexie.BulkError('1 of 1 operations failed', { 0: new DOMException('Bad key', 'DataError') }),
      ),
    ).toMatch(/^Writing the import failed: 1 of 1 operations failed/);
  });
});
