/**
 * The export actions as the buttons call them: what an export does (reading sessions, building and checking the
 * file) loads with the first export, not with the page (architecture.md, "Speed targets": first load).
 */
type ExportActions = typeof import('./export-actions');
type TraceExport = typeof import('../data/traces/trace-export');

export const lazyExportJson: ExportActions['exportJson'] = (...args) =>
  import('./export-actions').then((m) => m.exportJson(...args));
export const lazyPrepareOpenAIExport: ExportActions['prepareOpenAIExport'] = (...args) =>
  import('./export-actions').then((m) => m.prepareOpenAIExport(...args));
export const lazyExportTraceFile: TraceExport['exportTraceFile'] = (...args) =>
  import('../data/traces/trace-export').then((m) => m.exportTraceFile(...args));
