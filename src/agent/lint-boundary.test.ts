import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints code as if it lived at a path, with the repo's own eslint.config.js: the layer rule is
// only as good as its `files` globs, so this checks the real config, not a copy of it.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2).map((m) => m.message);
}

const engine = [
  'src/agent/boundary-probe.ts',
  'src/llm/boundary-probe.ts',
  'src/tools/boundary-probe.ts',
  'src/db/boundary-probe.ts',
  'src/timeline/boundary-probe.ts',
  'src/compare/boundary-probe.ts',
  'src/mcp/boundary-probe.ts',
  'src/sync/boundary-probe.ts',
  'src/evals/boundary-probe.ts',
];

describe('lint: the engine layers stay framework-free', () => {
  for (const filePath of engine) {
    for (const lib of ['react', 'zustand']) {
      it(`${lib} in ${filePath} is an error`, async () => {
        const messages = await restrictedImports(`import * as m from '${lib}';\nexport const x = m;\n`, filePath);
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatch(/framework-free/);
      });
    }
  }

  it('react and zustand in src/ui are fine', async () => {
    const code = `import { useState } from 'react';\nimport { create } from 'zustand';\nexport const x = [useState, create];\n`;
    expect(await restrictedImports(code, 'src/ui/boundary-probe.tsx')).toEqual([]);
    expect(await restrictedImports(code, 'src/ui/chat/boundary-probe.ts')).toEqual([]);
  });

  // Probes quote their specifiers with ", so a grep for imports of db/ in these folders finds real ones only.
  const storage = `import Dexie from "dexie";\nimport { db } from "../db/database";\nexport const x = [Dexie, db];\n`;

  it('src/agent may not import Dexie or db/ either; src/db may', async () => {
    const code = storage;
    const agent = await restrictedImports(code, 'src/agent/boundary-probe.ts');
    expect(agent).toHaveLength(2);
    for (const m of agent) expect(m).toMatch(/no Dexie or db/);
    expect(
      await restrictedImports(`import Dexie from 'dexie';\nexport const x = Dexie;\n`, 'src/db/boundary-probe.ts'),
    ).toEqual([]);
  });

  it('src/mcp may not import Dexie or db/ either', async () => {
    const code = storage;
    const mcp = await restrictedImports(code, 'src/mcp/boundary-probe.ts');
    expect(mcp).toHaveLength(2);
    for (const m of mcp) expect(m).toMatch(/no Dexie or db/);
  });

  it('src/tools and src/llm may not import Dexie or db/: secrets and data arrive injected by the store', async () => {
    for (const filePath of ['src/tools/boundary-probe.ts', 'src/llm/boundary-probe.ts']) {
      const messages = await restrictedImports(storage, filePath);
      expect(messages).toHaveLength(2);
      for (const m of messages) expect(m).toMatch(/arrive injected by the store/);
    }
    const nested = `import { toolSecretSource } from "../../db/tools-repo";\nexport const x = toolSecretSource;\n`;
    expect(await restrictedImports(nested, 'src/tools/sandbox/boundary-probe.ts')).toHaveLength(1);
    expect(
      await restrictedImports(
        `import type { SecretSource } from "./secret-source";\nexport type X = SecretSource;\n`,
        'src/tools/boundary-probe.ts',
      ),
    ).toEqual([]);
  });

  it('src/agent may not import context/ (the context hook is its port); domain/ is fine', async () => {
    const code = `import { requestView } from "../context/request-view";\nexport const x = requestView;\n`;
    const messages = await restrictedImports(code, 'src/agent/boundary-probe.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/does not import context/);
    expect(
      await restrictedImports(
        `import { requestView } from "../domain/request-view";\nexport const x = requestView;\n`,
        'src/agent/boundary-probe.ts',
      ),
    ).toEqual([]);
    expect(await restrictedImports(code, 'src/agent/boundary-probe.test.ts')).toHaveLength(1);
  });

  it('src/domain imports nothing of ours', async () => {
    for (const from of ['../agent/events', '../db/records', '../tools/builtins']) {
      const messages = await restrictedImports(
        `import type { X } from "${from}";\nexport type Y = X;\n`,
        'src/domain/boundary-probe.ts',
      );
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(/imports nothing of ours/);
    }
    expect(
      await restrictedImports(
        `import type { ChatMessage } from "./messages";\nexport type Y = ChatMessage;\n`,
        'src/domain/boundary-probe.ts',
      ),
    ).toEqual([]);
  });
});

describe('lint: in the UI only src/ui/data touches storage', () => {
  async function errors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    if (!result) throw new Error(`no lint result for ${filePath}`);
    return result.messages.filter((m) => m.severity === 2).map((m) => m.message);
  }
  const fromDb = `import { db } from "../../db/database";\nimport type { ToolCallRecord } from "../../db/records";\nexport const x: [typeof db, ToolCallRecord | null] = [db, null];\n`;
  const live = `import { useLiveQuery } from 'dexie-react-hooks';\nimport Dexie from 'dexie';\nexport const x = [useLiveQuery, Dexie];\n`;
  const lazy = `export const load = () => import('../../db/database');\n`;

  it('a component importing db/ (values or types), Dexie or its React hooks is an error naming ui/data', async () => {
    for (const [code, count] of [
      [fromDb, 2],
      [live, 2],
      [lazy, 1],
    ] as const) {
      const messages = await errors(code, 'src/ui/chat/boundary-probe.tsx');
      expect(messages).toHaveLength(count);
      for (const m of messages) expect(m).toMatch(/Only src\/ui\/data reads and writes storage/);
    }
    expect(await errors(fromDb, 'src/ui/boundary-probe.ts')).toHaveLength(2);
  });

  it('the same imports in a src/ui/data file are fine, and so are components importing ui/data', async () => {
    for (const probe of ['src/ui/data/boundary-probe.ts', 'src/ui/data/session/boundary-probe.ts']) {
      for (const code of [fromDb, live, lazy]) expect(await errors(code, probe)).toEqual([]);
    }
    const component = `import { useTools } from '../data/tools/use-tools';\nexport const x = useTools;\n`;
    expect(await errors(component, 'src/ui/tools/boundary-probe.tsx')).toEqual([]);
  });

  it('the UI rule keeps the no-.only check for tests under src/ui', async () => {
    expect(await errors(`it.only('x', () => undefined);\n`, 'src/ui/chat/boundary-probe.test.ts')).toEqual([
      'No .only in tests.',
    ]);
  });
});

describe('lint: no focused test in any form', () => {
  async function onlyErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    if (!result) throw new Error(`no lint result for ${filePath}`);
    return result.messages.filter((m) => m.severity === 2).map((m) => m.message);
  }
  // Every way Vitest and Playwright let a test or a group be focused (their chainable APIs).
  const forms = [
    "test.only('x', () => undefined);",
    "it.only('x', () => undefined);",
    "describe.only('x', () => undefined);",
    "suite.only('x', () => undefined);",
    "bench.only('x', () => undefined);",
    "test.describe.only('x', () => undefined);",
    "test.describe.serial.only('x', () => undefined);",
    "test.describe.parallel.only('x', () => undefined);",
    "it.only.each([1, 2])('x %i', () => undefined);",
    "test.only.for([1, 2])('x %i', () => undefined);",
    "describe.only.each([1])('x %i', () => undefined);",
    "test.concurrent.only('x', () => undefined);",
    "describe.sequential.only('x', () => undefined);",
    "test.skipIf(false).only('x', () => undefined);",
    "test['only']('x', () => undefined);",
  ];
  for (const code of forms) {
    for (const filePath of [
      'src/agent/only-probe.test.ts',
      'e2e/only-probe.spec.ts',
      'src/ui/chat/only-probe.test.tsx',
    ]) {
      it(`refuses ${code.split('(')[0]} in ${filePath}`, async () => {
        expect(await onlyErrors(`${code}\n`, filePath)).toEqual(['No .only in tests.']);
      });
    }
  }

  it('lets the other chains and other objects named only be', async () => {
    const fine = [
      "test.skip('x', () => undefined);",
      "test.describe.configure({ mode: 'serial' });",
      "describe.skipIf(true)('x', () => undefined);",
      'const options = { only: true };\nexport const x = options.only;',
    ];
    for (const code of fine) expect(await onlyErrors(`${code}\n`, 'src/agent/only-probe.test.ts')).toEqual([]);
  });
});
