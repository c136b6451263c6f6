import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repo's own eslint.config.js, linting code as if it lived at a path: the rule is only as good as its globs.
const eslint = new ESLint({ cwd: process.cwd() });

async function setStateErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax' && /setState/.test(m.message))
    .map((m) => m.message);
}

const code = `import { create } from "zustand";\nconst useS = create(() => ({ n: 0 }));\nexport function bump() { useS.setState((s) => ({ n: s.n + 1 })); }\n`;

describe('lint: the UI changes store state only through actions', () => {
  for (const filePath of [
    'src/ui/chat/set-state-probe.tsx',
    'src/ui/set-state-probe.ts',
    'src/ui/data/set-state-probe.ts',
  ]) {
    it(`setState in ${filePath} is an error`, async () => {
      const errors = await setStateErrors(code, filePath);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/through the store's actions/);
    });
  }

  it('the store itself may call setState', async () => {
    expect(await setStateErrors(code, 'src/store/set-state-probe.ts')).toEqual([]);
  });
});
