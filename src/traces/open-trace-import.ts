/** The import's checks and its one writer, as opening a trace uses them: one chunk, loaded on the first open. */
export { importCheckedFile } from '../io/import/import-file';
export { analyzeImport } from '../io/import/import-plan';
export { screenImport } from '../io/import/import-screen';
export { checkExportData } from '../io/session-file/check-file';
