// Generated at build time with Ajv's removeAdditional (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/sanitize';
import type { ExportFileV1 } from './format-v1';
import { describeErrors, type FileIssue } from './validate-file';

/**
 * Drops, in place, fields the version-1 format does not define (storage-only keys, or fields added to a
 * record type after v1 was frozen) so an export always passes its own schema, and reports anything
 * still wrong. Exporting never fails on a warning: getting the data out matters more.
 */
export function sanitizeForExport(file: ExportFileV1): FileIssue[] {
  if (validate(file)) return [];
  return describeErrors(validate.errors ?? []).issues;
}
