import type { ToolscopeDB } from '../../db/database';
import { isConstraintError, isQuotaError } from '../../db/storage-errors';
import type { CheckFailure } from '../session-file/check-file';
import { planImport, type ImportAnalysis, type ImportChoices } from './import-plan';
import type { ScreenedImport } from './import-screen';
import { writeImport, type WriteProgress, type WriteSummary } from './import-write';
import type { OpenedTraceMark } from '../../domain/session';
import type { IdFactory } from '../session-file/remap';

export type ImportSummary = WriteSummary & {
  /** Names of the file's tools left out because the tool editor would refuse them. */
  refusedTools: string[];
  /** Tool results, errors and log entries cut to the tool output limit. */
  cutValues: number;
};

export type ImportOutcome =
  | { ok: true; summary: ImportSummary }
  | { ok: false; failure: CheckFailure }
  | { ok: false; failure: { stage: 'write'; message: string } };

export async function importCheckedFile(
  db: ToolscopeDB,
  screened: ScreenedImport,
  analysis: ImportAnalysis,
  choices: ImportChoices,
  opts: { ids?: IdFactory; onProgress?: (p: WriteProgress) => void; openedTrace?: OpenedTraceMark } = {},
): Promise<ImportOutcome> {
  try {
    const written = await writeImport(
      db,
      planImport(screened.file, analysis, choices, opts.ids),
      opts.onProgress,
      opts.openedTrace,
    );
    return {
      ok: true,
      summary: { ...written, refusedTools: screened.refusedTools.map((t) => t.name), cutValues: screened.cutValues },
    };
  } catch (err) {
    return { ok: false, failure: { stage: 'write', message: describeWriteError(err) } };
  }
}

/**
 * The write failure as the import dialog shows it, after its own "Nothing was imported.". Dexie hands the cause over
 * wrapped: an aborted transaction (Chromium's quota check at commit) as an AbortError with `inner`, failed requests of
 * a bulkAdd (Firefox and WebKit refuse the request itself when over quota) as a BulkError with `failures`; the
 * whole chain is read, so a full disk is never reported as a clash.
 */
export function describeWriteError(err: unknown): string {
  if (isQuotaError(err)) {
    return (
      'The browser has no room left to store this file (storage full). Free space by deleting sessions ' +
      'you no longer need (export them first to keep them), then import the file again.'
    );
  }
  if (isConstraintError(err)) {
    return (
      'A record in the file collides with one stored since the file was checked (perhaps by another ' +
      'tab). Import the file again to choose what to do with the stored copy.'
    );
  }
  const detail = err instanceof Error ? err.message : String(err);
  return `Writing the import failed: ${detail.slice(0, 300)}`;
}
