import type { ErrorObject } from 'ajv';
// Generated from session-schema.json at build time (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/validate';
import type { ExportFileV1 } from './format-v1';
import { pointerToPath } from '../json-path';
import { isRecord } from '../../domain/is-record';

export type FileIssue = {
  /** Where in the file, as `$.sessions[0].messages[3].role`. */
  path: string;
  /** What was expected there, in words. */
  expected: string;
};

type SchemaResult = { ok: true; file: ExportFileV1 } | { ok: false; issues: FileIssue[]; total: number };

export const MAX_LISTED_ISSUES = 20;

function describe(e: ErrorObject): FileIssue {
  const params = e.params as Record<string, unknown>;
  let path = e.instancePath;
  let expected: string;
  switch (e.keyword) {
    case 'required':
      path += `/${String(params.missingProperty)}`;
      expected = 'a value (this property is required)';
      break;
    case 'additionalProperties':
      path += `/${String(params.additionalProperty)}`;
      expected = 'nothing: this property is not part of the format';
      break;
    case 'enum':
      expected = `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'const':
      expected = `exactly ${JSON.stringify(params.allowedValue)}`;
      break;
    case 'type':
      expected = `a value of type ${String(params.type).replace(',', ' or ')}`;
      break;
    case 'maxLength':
      expected =
        params.limit === 0
          ? 'an empty string (secret header values are never part of an export)'
          : `a string of at most ${String(params.limit)} characters`;
      break;
    case 'minLength':
      expected = `a string of at least ${String(params.limit)} characters`;
      break;
    case 'maxItems':
      expected = `a list of at most ${String(params.limit)} items`;
      break;
    case 'discriminator': {
      const tag = String(params.tag);
      path += `/${tag}`;
      expected = params.error === 'tag' ? `a string "${tag}"` : `a known "${tag}" value`;
      break;
    }
    case 'format':
      expected = `a ${String(params.format)} string (e.g. 2026-01-31T12:00:00.000Z)`;
      break;
    default:
      expected = `a value that ${e.message ?? 'matches the schema'}`;
  }
  return { path: pointerToPath(path), expected };
}

/** Checks a parsed file against the version-1 schema; lists at most MAX_LISTED_ISSUES problems. */
export function validateExportFile(data: unknown): SchemaResult {
  if (validate(data)) return { ok: true, file: data as ExportFileV1 };
  return { ok: false, ...describeErrors(validate.errors ?? []) };
}

/** Turns ajv errors into path + expectation pairs, most specific first, at most MAX_LISTED_ISSUES. */
export function describeErrors(errors: ErrorObject[]): { issues: FileIssue[]; total: number } {
  // anyOf/if/discriminator add summary errors next to the specific ones; the specific ones say more.
  const useful = errors.filter(
    (e) =>
      e.keyword !== 'if' &&
      e.keyword !== 'anyOf' &&
      !(e.keyword === 'discriminator' && (e.params as { error?: string }).error === 'mapping'),
  );
  const relevant = useful.length > 0 ? useful : errors;
  // A badly broken big file can yield millions of errors; only the first few hundred are worth describing.
  const described = relevant.slice(0, 500).map(describe);
  const seen = new Set<string>();
  const issues: FileIssue[] = [];
  for (const issue of described) {
    const key = `${issue.path}\u0000${issue.expected}`;
    if (seen.has(key)) continue;
    // A failed `anyOf [X, null]` also reports "expected null" at the parent of X's real problem.
    const isAncestor = described.some(
      (o) =>
        o.path.length > issue.path.length &&
        o.path.startsWith(issue.path) &&
        /^[.[]/.test(o.path.slice(issue.path.length)),
    );
    if (isAncestor) continue;
    seen.add(key);
    issues.push(issue);
  }
  return {
    issues: issues.slice(0, MAX_LISTED_ISSUES),
    total: Math.max(issues.length, relevant.length > 500 ? relevant.length : 0),
  };
}

/**
 * A quick look before full validation, so a file that is not an export at all gets a plain answer. (A file of OpenAI
 * messages never gets here: check-file.ts imports it as a new session.)
 */
export function checkEnvelope(data: unknown): FileIssue | null {
  if (!isRecord(data)) {
    return {
      path: '$',
      expected: `a JSON object (a Toolscope session export) or a list of OpenAI chat messages, found ${describeJsonValue(data)}`,
    };
  }
  const rec = data as Record<string, unknown>;
  if (rec.format !== 'toolscope-session') {
    return { path: '$.format', expected: '"toolscope-session": this file is not a Toolscope session export' };
  }
  if (rec.version !== 1) {
    return {
      path: '$.version',
      expected: `1: this app reads version 1 of the format, the file says ${JSON.stringify(rec.version ?? null)}`,
    };
  }
  return null;
}

function describeJsonValue(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return `an array of ${data.length} item${data.length === 1 ? '' : 's'}`;
  return typeof data === 'string' ? 'a string' : `a ${typeof data}`;
}
