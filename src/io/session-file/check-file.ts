import type { ExportFileV1 } from './format-v1';
import { checkIntegrity } from './integrity';
import { hostileShapeFailure, parseJsonText, type ParseFailure } from '../import/parse-file';
import { fileFormat } from '../import/file-format';
import { openAIMessagesToExport } from '../openai/openai-messages-import';
import { otlpTracesToExport } from '../otlp/otlp-import';
import { checkEnvelope, validateExportFile, type FileIssue } from './validate-file';

export type CheckPhase = 'parsing' | 'screening' | 'validating' | 'integrity';

export type CheckFailure =
  | { stage: 'json'; message: string; error: ParseFailure }
  | { stage: 'hostile' | 'envelope' | 'schema' | 'integrity'; message: string; issues: FileIssue[]; total: number };

export type CheckResult = { ok: true; file: ExportFileV1 } | { ok: false; failure: CheckFailure };

/** Above this the file is refused before reading it into memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Everything an import checks before it may touch the database: JSON syntax, hostile keys and nesting,
 * the format envelope, the full schema, and referential integrity plus history validity.
 */
export function checkExportText(text: string, onPhase: (phase: CheckPhase) => void = () => {}): CheckResult {
  onPhase('parsing');
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, failure: { stage: 'json', message: parsed.error.message, error: parsed.error } };
  return checkExportData(parsed.data, onPhase);
}

export function checkExportData(
  data: unknown,
  onPhase: (phase: CheckPhase) => void = () => {},
  // How a file of OpenAI messages becomes a new session: its ids, and the time it is stamped with.
  fresh: { now: () => number; newId: () => string } = { now: Date.now, newId: () => crypto.randomUUID() },
): CheckResult {
  onPhase('screening');
  const hostile = hostileShapeFailure(data);
  if (hostile) return { ok: false, failure: hostile };
  // Another app's export is converted before it gets here (import-job.ts); here it fails the envelope check below.
  const format = fileFormat({ step: 'parsed', data });
  if (format.kind === 'openai_messages') {
    onPhase('validating');
    const converted = openAIMessagesToExport(data, { now: fresh.now(), newId: fresh.newId });
    if (!converted.ok)
      return {
        ok: false,
        failure: {
          stage: converted.stage,
          message: converted.message,
          issues: converted.issues,
          total: converted.total,
        },
      };
    // The session it makes is checked like any export file, so nothing reaches the database unchecked.
    return checkExportData(converted.file, onPhase, fresh);
  }
  if (format.kind === 'otlp') {
    onPhase('validating');
    const converted = otlpTracesToExport(data, { now: fresh.now(), newId: fresh.newId });
    if (!converted.ok)
      return {
        ok: false,
        failure: {
          stage: converted.stage,
          message: converted.message,
          issues: converted.issues,
          total: converted.total,
        },
      };
    return checkExportData(converted.file, onPhase, fresh);
  }
  const envelope = checkEnvelope(data);
  if (envelope) {
    return {
      ok: false,
      failure: {
        stage: 'envelope',
        message: 'This is not a Toolscope session export (version 1).',
        issues: [envelope],
        total: 1,
      },
    };
  }
  onPhase('validating');
  const schema = validateExportFile(data);
  if (!schema.ok) {
    return {
      ok: false,
      failure: {
        stage: 'schema',
        message: `The file does not match the version-1 format (${schema.total} problem${schema.total === 1 ? '' : 's'}).`,
        issues: schema.issues,
        total: schema.total,
      },
    };
  }
  onPhase('integrity');
  const integrity = checkIntegrity(schema.file);
  if (integrity.total > 0) {
    return {
      ok: false,
      failure: {
        stage: 'integrity',
        message: `The file's records do not fit together (${integrity.total} problem${integrity.total === 1 ? '' : 's'}).`,
        issues: integrity.issues,
        total: integrity.total,
      },
    };
  }
  return { ok: true, file: schema.file };
}
