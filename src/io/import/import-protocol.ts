import type { CheckFailure, CheckPhase } from '../session-file/check-file';
import type { ImportAnalysis, ImportChoices } from './import-plan';
import type { ImportOutcome } from './import-file';
import type { ImportedToolSummary, RefusedTool } from './imported-tools';
import type { ImportedMcpServer } from './import-mcp-servers';
import type { ForeignNotes } from '../foreign/session-builder';

export type ImportPhase = 'reading' | CheckPhase | 'analyzing' | 'writing';

/** Small facts about a checked file for the dialog; the file itself stays where it was parsed. */
export type ImportPreview = {
  bytes: number;
  sessions: { id: string; title: string; messageCount: number; toolCallCount: number }[];
  /** The tools that pass the editor's checks, in file order. */
  tools: ImportedToolSummary[];
  refusedTools: RefusedTool[];
  /** Tool results, errors and log entries over the tool output limit; the import cuts them. */
  cutValues: number;
  memories: number;
  /** The file's MCP servers and the header names each needs values for. */
  mcpServers?: ImportedMcpServer[];
  /** Another app's file (ChatGPT, Claude, AG-UI): what it held and what the import leaves out, in words. */
  foreign?: ForeignNotes;
};

export type ImportFailure = CheckFailure | { stage: 'too_large' | 'read' | 'write' | 'archive'; message: string };

export type CheckedImport =
  | { ok: true; preview: ImportPreview; analysis: ImportAnalysis }
  | { ok: false; failure: ImportFailure };

export type ToImportWorker = { type: 'check'; files: File[] } | { type: 'commit'; choices: ImportChoices };

export type FromImportWorker =
  | { type: 'progress'; phase: ImportPhase; done: number; total: number }
  | { type: 'checked'; result: CheckedImport }
  | { type: 'done'; outcome: ImportOutcome };
