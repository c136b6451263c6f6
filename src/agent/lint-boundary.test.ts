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

const engine = ['src/agent/boundary-probe.ts', 'src/llm/boundary-probe.ts', 'src/tools/boundary-probe.ts', 'src/db/boundary-probe.ts', 'src/timeline/boundary-probe.ts', 'src/mcp/boundary-probe.ts'];

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

  it('src/agent may not import Dexie or db/ either; src/db may', async () => {
    const code = `import Dexie from 'dexie';\nimport { db } from '../db/database';\nexport const x = [Dexie, db];\n`;
    const agent = await restrictedImports(code, 'src/agent/boundary-probe.ts');
    expect(agent).toHaveLength(2);
    for (const m of agent) expect(m).toMatch(/no Dexie or db/);
    expect(await restrictedImports(`import Dexie from 'dexie';\nexport const x = Dexie;\n`, 'src/db/boundary-probe.ts')).toEqual([]);
  });

  it('src/mcp may not import Dexie or db/ either', async () => {
    const code = `import Dexie from 'dexie';\nimport { db } from '../db/database';\nexport const x = [Dexie, db];\n`;
    const mcp = await restrictedImports(code, 'src/mcp/boundary-probe.ts');
    expect(mcp).toHaveLength(2);
    for (const m of mcp) expect(m).toMatch(/no Dexie or db/);
  });
});
