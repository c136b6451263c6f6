/** Test-only: fresh copies of the frozen version-1 fixture. */
import fixture from '../session-file/__fixtures__/export-v1.json';
import type { ExportFileV1 } from '../session-file/format-v1';

export function fixtureFile(): ExportFileV1 {
  return structuredClone(fixture) as ExportFileV1;
}

/** A file as its import stores it: the one intended change is that imported tools arrive switched off. */
export function asImported(file: ExportFileV1): ExportFileV1 {
  return { ...file, tools: file.tools.map((t) => ({ ...t, enabled: false })) };
}
