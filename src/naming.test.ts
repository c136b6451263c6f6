import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * One meaning per name (architecture.md, "Layers"): a newcomer who finds `LiveRun` or `run-write-buffer.ts` in one
 * place must not meet a different thing of the same name elsewhere. Checked over every .ts/.tsx file under src/:
 * no two files export a type, interface, class, function, enum or variable of the same name; no two files share a
 * base name (the extension aside); and nothing exported takes the name of a TypeScript or DOM global (a type named `Partial` hides
 * TypeScript's own in every file that imports it).
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  if (
    (ts.isTypeAliasDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isFunctionDeclaration(statement) ||
      ts.isEnumDeclaration(statement) ||
      ts.isModuleDeclaration(statement)) &&
    statement.name &&
    ts.isIdentifier(statement.name)
  ) {
    return [statement.name.text];
  }
  return [];
}

/** The names a module declares and exports itself (re-exports of another module's names are not new meanings). */
function exportedNames(fileName: string, text: string): string[] {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const local = new Set<string>();
  const out = new Set<string>();
  for (const st of sf.statements) {
    for (const name of declaredNames(st)) {
      local.add(name);
      if (isExported(st)) out.add(name);
    }
  }
  for (const st of sf.statements) {
    if (!ts.isExportDeclaration(st) || st.moduleSpecifier || !st.exportClause || !ts.isNamedExports(st.exportClause))
      continue;
    for (const el of st.exportClause.elements) if (local.has((el.propertyName ?? el.name).text)) out.add(el.name.text);
  }
  return [...out];
}

/** Each name exported by more than one file, with those files. */
function duplicateExports(files: readonly { path: string; names: readonly string[] }[]): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const f of files) for (const n of f.names) where.set(n, [...(where.get(n) ?? []), f.path]);
  return Object.fromEntries([...where].filter(([, paths]) => paths.length > 1));
}

/** Each base name (without .ts or .tsx: a store's `x.ts` and a view's `x.tsx` are two meanings too) more than one file has. */
function duplicateBaseNames(paths: readonly string[]): Record<string, string[]> {
  const where = new Map<string, string[]>();
  for (const p of paths) {
    const base = path.basename(p).replace(/\.tsx?$/, '');
    where.set(base, [...(where.get(base) ?? []), p]);
  }
  return Object.fromEntries([...where].filter(([, ps]) => ps.length > 1));
}

/** Global names of the libraries tsconfig.json compiles against (ES, DOM, ...), read from their declaration files. */
let globals: Set<string> | null = null;
function globalNames(): Set<string> {
  globals ??= readGlobalNames();
  return globals;
}

function readGlobalNames(): Set<string> {
  const config = ts.readConfigFile(path.join(SRC, '..', 'tsconfig.json'), ts.sys.readFile).config as {
    compilerOptions?: { lib?: string[] };
  };
  const libDir = path.dirname(ts.getDefaultLibFilePath({}));
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (lib: string) => {
    const file = `lib.${lib.toLowerCase()}.d.ts`;
    if (seen.has(file)) return;
    seen.add(file);
    const sf = ts.createSourceFile(file, readFileSync(path.join(libDir, file), 'utf8'), ts.ScriptTarget.Latest, false);
    for (const ref of sf.libReferenceDirectives) visit(ref.fileName);
    for (const st of sf.statements) for (const n of declaredNames(st)) names.add(n);
  };
  for (const lib of config.compilerOptions?.lib ?? []) visit(lib);
  return names;
}

describe('one meaning per name across src/', () => {
  const files = sourceFiles(SRC).map((p) => ({
    path: path.relative(SRC, p),
    names: exportedNames(p, readFileSync(p, 'utf8')),
  }));

  it('finds what it looks for (the checks below would not pass vacuously)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(
      exportedNames(
        'a.ts',
        'export type A = 1; export interface B {} export class C {} export function d() {}\nexport const e = 1, f = 2; const g = 3; export { g, g as h }; export { x } from "./x";',
      ),
    ).toEqual(['A', 'B', 'C', 'd', 'e', 'f', 'g', 'h']);
    expect(
      duplicateExports([
        { path: 'a.ts', names: ['RunState', 'x'] },
        { path: 'b/c.ts', names: ['RunState'] },
      ]),
    ).toEqual({ RunState: ['a.ts', 'b/c.ts'] });
    expect(duplicateBaseNames(['db/run-state.ts', 'store/run-state.ts', 'store/other.ts'])).toEqual({
      'run-state': ['db/run-state.ts', 'store/run-state.ts'],
    });
    expect(duplicateBaseNames(['store/question.ts', 'ui/question.tsx'])).toEqual({
      question: ['store/question.ts', 'ui/question.tsx'],
    });
    expect([...globalNames()]).toEqual(expect.arrayContaining(['Partial', 'Record', 'Response', 'Event']));
  });

  it('no two files export the same name', () => {
    expect(duplicateExports(files)).toEqual({});
  });

  it('no two files share a base name', () => {
    expect(duplicateBaseNames(files.map((f) => f.path))).toEqual({});
  });

  it('nothing exported shadows a TypeScript or DOM global', () => {
    const lib = globalNames();
    expect(files.flatMap((f) => f.names.filter((n) => lib.has(n)).map((n) => `${n} in ${f.path}`))).toEqual([]);
  });
});
