/** Test-only: fresh copies of the frozen version-1 fixture. */
import fixture from './__fixtures__/export-v1.json';
import type { ExportFileV1 } from './format-v1';

export function fixtureFile(): ExportFileV1 {
  return structuredClone(fixture) as ExportFileV1;
}

