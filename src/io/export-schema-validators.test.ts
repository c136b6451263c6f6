import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { validate as generatedSanitize } from 'virtual:export-schema/sanitize';
import { validate as generatedValidate } from 'virtual:export-schema/validate';
import { exportValidatorSource, toEsm } from '../../build/export-validators';
import { fixtureFile } from './testing/export-fixture';

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('./session-file/session-schema.json', import.meta.url)), 'utf8'),
) as object;

/** The validator the app compiled on the page before: the reference the generated code must agree with. */
function compileRuntimeValidator() {
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictTypes: false });
  addFormats(ajv, ['date-time']);
  return ajv.compile(schema);
}
// Compiled once for the file: compiling the whole schema at run time is the slow part, and it holds no state.
let compiled: ReturnType<typeof compileRuntimeValidator> | null = null;
const runtimeValidator = () => (compiled ??= compileRuntimeValidator());

const key = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`).sort();

type Loose = Record<string, unknown>;
const loose = () =>
  JSON.parse(JSON.stringify(fixtureFile())) as Loose & {
    sessions: (Loose & { messages: Loose[]; events: Loose[] })[];
    tools: Loose[];
  };

const broken: [string, (f: ReturnType<typeof loose>) => void][] = [
  ['an unknown role', (f) => void (f.sessions[0]!.messages[1]!.role = 'robot')],
  [
    'a missing property and an extra one',
    (f) => {
      delete f.sessions[0]!.messages[0]!.content;
      f.sessions[0]!.messages[0]!.extra = 1;
    },
  ],
  ['an unknown event type', (f) => void (f.sessions[0]!.events[0]!.type = 'nope')],
  ['a bad date-time', (f) => void (f.exportedAt = 'yesterday')],
  [
    'an id longer than its limit, in astral characters',
    (f) => void (f.sessions[0]!.messages[0]!.id = '😀'.repeat(257)),
  ],
  [
    'a secret header with a value',
    (f) =>
      void (f.tools[0]!.http = {
        method: 'GET',
        urlTemplate: 'https://x',
        headers: [{ name: 'A', value: 'k', secret: true }],
        bodyTemplate: null,
        responseType: 'json',
      }),
  ],
];

describe('export validators generated at build time', () => {
  it('accepts the frozen fixture', () => {
    expect(generatedValidate(fixtureFile())).toBe(true);
  });

  it.each(broken)('report exactly what runtime-compiled Ajv reports for %s', (_name, breakIt) => {
    const file = loose();
    breakIt(file);
    const reference = runtimeValidator();
    expect(reference(file)).toBe(false);
    expect(generatedValidate(file)).toBe(false);
    expect(key(generatedValidate.errors)).toEqual(key(reference.errors));
  });

  it('the sanitizing variant removes properties the format does not define, in place', () => {
    const file = loose();
    file.sessions[0]!.messages[0]!.storageOnly = 'x';
    (file as Loose).extraTopLevel = true;
    expect(generatedSanitize(file)).toBe(true);
    expect(file.sessions[0]!.messages[0]).not.toHaveProperty('storageOnly');
    expect(file).not.toHaveProperty('extraTopLevel');
    expect(file).toEqual(loose());
  });

  it('is plain code: no require, no code built from strings at run time', () => {
    const source = exportValidatorSource(schema);
    expect(source).not.toMatch(/\brequire\s*\(/);
    expect(source).not.toMatch(/new Function|\beval\s*\(/);
    expect(source).toMatch(/^import \* as required\d+Ns from "ajv\//m);
  });

  it('turns each required module into one import and leaves other text alone', () => {
    const out = toEsm(
      'const a = require("m/a").default; const b = require("m/a").x; const c = require("m/b").y; // require',
    );
    expect(out.match(/^import /gm)).toHaveLength(2);
    expect(out).toContain('const a = required0.default; const b = required0.x; const c = required1.y; // require');
  });
});
