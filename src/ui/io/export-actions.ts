import { loadedRunController } from '../../store/app-controller';
import type { ExportScope } from '../../io/session-file/export-sessions';
import { buildOpenAIMessages, buildSessionsFile } from '../data/io/session-export';
import { downloadText } from '../shared/download';

// The export code (and ajv) loads on first use, keeping it out of the initial bundle.
const loadExport = () => Promise.all([import('../../io/session-file/export-sessions'), import('../../io/file-name')]);

/**
 * Writes a Toolscope file. A session whose run could not be stored (storage full) is exported with the part
 * only memory holds laid over what IndexedDB has, and the merged file is checked again (schema + history).
 */
export async function exportJson(
  scope: ExportScope,
  includeMemories: boolean,
  includeRawTraffic = false,
): Promise<string> {
  const [{ file, warnings }, [{ serializeExport }, { exportFileName }]] = await Promise.all([
    buildSessionsFile(scope, includeMemories, includeRawTraffic),
    loadExport(),
  ]);
  if (file.sessions.length === 0) throw new Error('There is no session to export.');
  let unsavedCount = 0;
  const merged = file.sessions.map((entry) => {
    const unsaved = loadedRunController()?.unsavedRecords(entry.session.id) ?? null;
    if (unsaved) unsavedCount++;
    return { entry, unsaved };
  });
  if (unsavedCount > 0) {
    const [{ withUnsaved }, { sanitizeForExport }, { checkIntegrity }] = await Promise.all([
      import('../data/io/with-unsaved'),
      import('../../io/session-file/sanitize-export'),
      import('../../io/session-file/integrity'),
    ]);
    file.sessions = merged.map(({ entry, unsaved }) => (unsaved ? withUnsaved(entry, unsaved) : entry));
    warnings.push(...sanitizeForExport(file), ...checkIntegrity(file).issues);
  }
  const now = new Date(file.exportedAt);
  const name =
    scope.kind === 'session'
      ? exportFileName({ kind: 'session', title: file.sessions[0]!.session.title }, now)
      : exportFileName({ kind: scope.kind, count: file.sessions.length }, now);
  downloadText(name, serializeExport(file));
  const n = file.sessions.length;
  const kept = unsavedCount > 0 ? ' It includes the part of the run that browser storage could not save.' : '';
  const note =
    warnings.length > 0
      ? ` Warning: ${warnings[0]!.path} is not ${warnings[0]!.expected}; the file may not import.`
      : '';
  return `Exported ${n} session${n === 1 ? '' : 's'} as ${name}.${kept}${note}`;
}

/**
 * An OpenAI-messages export ready to save. `dropped`: what the file leaves out, in words; with `confirm` it is said
 * before saving, otherwise (reasoning text only) in the status after.
 */
export type OpenAIExportPlan = { dropped: string | null; confirm: boolean; save: () => string };

export async function prepareOpenAIExport(sessionId: string): Promise<OpenAIExportPlan> {
  const [{ exportFileName }, result] = await Promise.all([
    import('../../io/file-name'),
    buildOpenAIMessages(sessionId),
  ]);
  if (!result) throw new Error('The session no longer exists.');
  const name = exportFileName({ kind: 'openai', title: result.title }, new Date());
  return {
    dropped: result.dropped,
    confirm: result.confirm,
    save: () => {
      downloadText(name, `${JSON.stringify(result.messages, null, 2)}\n`);
      const said = result.confirm
        ? ' Reasoning, provider tools and sources were left out.'
        : result.dropped
          ? ` ${result.dropped}`
          : '';
      return `Exported ${result.messages.length} OpenAI messages as ${name}.${said}`;
    },
  };
}
