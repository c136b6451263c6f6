import type { ToolscopeDB } from '../../db/database';
import { createImportJob } from '../import/import-job';
import type { ImportOutcome } from '../import/import-file';
import type { ImportChoices } from '../import/import-plan';
import type { ImportFailure } from '../import/import-protocol';

/**
 * Imports a file's text the way the page's import button does (the import job: check the picked file, then commit
 * with the person's choices), so tests assert what the page shows and stores, not a shortcut the page never takes.
 */
export async function importThroughJob(
  db: ToolscopeDB,
  text: string,
  choices: ImportChoices = {},
): Promise<ImportOutcome | { ok: false; failure: ImportFailure }> {
  const job = createImportJob(db, () => {});
  const checked = await job.check([new File([text], 'import.json', { type: 'application/json' })]);
  if (!checked.ok) return checked;
  return job.commit(choices);
}
