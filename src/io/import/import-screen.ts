import type { ExportFileV1, ScreenedFileV1 } from '../session-file/format-v1';
import { screenImportedTools, type RefusedTool } from './imported-tools';
import { cutOverLimitValues } from '../output-cut';

/** A checked file after the import's own rules: what remains to be written, and what was left out and why. */
export type ScreenedImport = {
  file: ScreenedFileV1;
  refusedTools: RefusedTool[];
  /** Tool results, errors and log entries cut to the tool output limit. */
  cutValues: number;
};

/** Runs after the format checks (checkExportData) and before clashes are looked for; writes nothing. */
export function screenImport(file: ExportFileV1): ScreenedImport {
  const tools = screenImportedTools(file.tools);
  const cut = cutOverLimitValues(file);
  return { file: { ...cut.file, tools: tools.accepted }, refusedTools: tools.refused, cutValues: cut.cut };
}
