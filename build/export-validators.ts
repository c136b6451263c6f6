import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type StandaloneCode from 'ajv/dist/standalone';
import type { Plugin } from 'vite';

// Required, not imported: this file runs in Node, where a default import of this CommonJS module is its whole
// exports object, while the types describe the function under `.default`.
const standaloneCode = (createRequire(import.meta.url)('ajv/dist/standalone') as { default: typeof StandaloneCode })
  .default;

/**
 * The export file's JSON Schema is fixed, so its validators are generated as plain code when the app is built
 * (and when Vitest or the dev server loads the module) with Ajv's standalone code. The page then validates and
 * sanitizes exports without compiling anything at run time: no `new Function`, no 'unsafe-eval' needed.
 */

const SCHEMA_FILE = fileURLToPath(new URL('../src/io/session-file/session-schema.json', import.meta.url));
/** Chat Completions messages, the other kind of file the import takes (a new session). */
const OPENAI_MESSAGES_SCHEMA_FILE = fileURLToPath(
  new URL('../src/io/openai/openai-messages-schema.json', import.meta.url),
);
/** OTLP/JSON traces, imported as read-only sessions (io/otlp/otlp-import.ts) and the shape the trace export is held to. */
const OTLP_TRACES_SCHEMA_FILE = fileURLToPath(new URL('../src/io/otlp/otlp-trace-schema.json', import.meta.url));

/** `import { validate } from 'virtual:export-schema/validate'` checks a parsed file as-is. */
const VALIDATE_ID = 'virtual:export-schema/validate';
/** `import { validate } from 'virtual:export-schema/sanitize'` also drops properties the format does not define. */
const SANITIZE_ID = 'virtual:export-schema/sanitize';

/** `import { validate } from 'virtual:export-schema/openai-messages'` checks a Chat Completions messages file. */
const OPENAI_MESSAGES_ID = 'virtual:export-schema/openai-messages';
const OTLP_TRACES_ID = 'virtual:export-schema/otlp-traces';
/** Test suite files (src/evals/suite-file.ts). */
const SUITE_SCHEMA_FILE = fileURLToPath(new URL('../src/evals/suite-schema.json', import.meta.url));
const SUITE_ID = 'virtual:export-schema/suite';

const MODULES: Record<string, { file: string; options: Options }> = {
  [VALIDATE_ID]: { file: SCHEMA_FILE, options: {} },
  [SANITIZE_ID]: { file: SCHEMA_FILE, options: { removeAdditional: true } },
  [OPENAI_MESSAGES_ID]: { file: OPENAI_MESSAGES_SCHEMA_FILE, options: {} },
  [OTLP_TRACES_ID]: { file: OTLP_TRACES_SCHEMA_FILE, options: {} },
  [SUITE_ID]: { file: SUITE_SCHEMA_FILE, options: {} },
};

/**
 * Standalone code for the schema with the options the import and export checks use. `inlineRefs: false` makes each
 * definition one function instead of a copy per use, which keeps the module about a third smaller.
 */
export function exportValidatorSource(schema: object, extra: Options = {}): string {
  const ajv = new Ajv({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictTypes: false,
    inlineRefs: false,
    ...extra,
    code: { source: true, esm: true },
  });
  addFormats(ajv, ['date-time']);
  return toEsm(standaloneCode(ajv, ajv.compile(schema)));
}

/**
 * Ajv's "esm" output still reaches its runtime helpers (string length in code points, the date-time format) with
 * `require(...)`, which an ES module in the browser does not have. Each becomes an import. Bundlers and Node disagree
 * on what `import * as` of a CommonJS module holds (its exports, or `{ default: exports }`), so `cjsExports` accepts
 * both shapes.
 */
export function toEsm(code: string): string {
  const names = new Map<string, string>();
  const body = code.replace(/require\(("[^"]+")\)/g, (_match, spec: string) => {
    let name = names.get(spec);
    if (name === undefined) {
      name = `required${names.size}`;
      names.set(spec, name);
    }
    return name;
  });
  if (/\brequire\s*\(/.test(body)) throw new Error('ajv standalone code still calls require() after conversion');
  const head = [...names].map(
    ([spec, name]) => `import * as ${name}Ns from ${spec};\nconst ${name} = cjsExports(${name}Ns);`,
  );
  const helper =
    'function cjsExports(ns) { const d = ns.default; return d !== null && typeof d === "object" && d.__esModule ? d : ns; }';
  return `${head.join('\n')}\n${helper}\n${body}\n`;
}

// Shared by the page's and the workers' plugin instances: the schema is compiled once per build.
const generated = new Map<string, string>();

export function exportValidatorsPlugin(): Plugin {
  return {
    name: 'toolscope-export-validators',
    resolveId: {
      filter: { id: /^virtual:export-schema\// },
      handler(id) {
        return id in MODULES ? `\0${id}` : null;
      },
    },
    load: {
      filter: { id: /^\0virtual:export-schema\// },
      handler(id) {
        const key = id.slice(1);
        const module = MODULES[key];
        if (module === undefined) return null;
        this.addWatchFile(module.file);
        let code = generated.get(key);
        if (code === undefined) {
          code = exportValidatorSource(JSON.parse(readFileSync(module.file, 'utf8')) as object, module.options);
          generated.set(key, code);
        }
        return code;
      },
    },
    watchChange(id) {
      if (
        id === SCHEMA_FILE ||
        id === OPENAI_MESSAGES_SCHEMA_FILE ||
        id === OTLP_TRACES_SCHEMA_FILE ||
        id === SUITE_SCHEMA_FILE
      )
        generated.clear();
    },
  };
}
