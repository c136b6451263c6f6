import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import schema from './session-schema.json';
import type { ExportFileV1 } from './format-v1';
import { describeErrors, type FileIssue } from './validate-file';

let compiled: ValidateFunction | null = null;

/**
 * Drops, in place, fields the version-1 format does not define (storage-only keys, or fields added to a
 * record type after v1 was frozen) so an export always passes its own schema, and reports anything
 * still wrong. Exporting never fails on a warning: getting the data out matters more.
 */
export function sanitizeForExport(file: ExportFileV1): FileIssue[] {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictTypes: false, removeAdditional: true });
    addFormats(ajv, ['date-time']);
    compiled = ajv.compile(schema);
  }
  if (compiled(file)) return [];
  return describeErrors(compiled.errors ?? []).issues;
}
