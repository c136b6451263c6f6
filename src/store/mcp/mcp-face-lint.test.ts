import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repo's own eslint.config.js, linting probes as if they lived at a path: the rule is only as good as its globs.
const eslint = new ESLint({ cwd: process.cwd() });

async function faceErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages
    .filter((m) => (m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax') && m.severity === 2)
    .map((m) => m.message);
}

// Specifiers quoted with ", so a grep for store/mcp imports in src/ui finds real ones only.
const reachingPast = [
  [
    'src/ui/mcp/servers/boundary-probe.tsx',
    `import { connectMcp } from "../../../store/mcp/connections/registry";\nexport const x = connectMcp;\n`,
  ],
  [
    'src/ui/chat/boundary-probe.ts',
    `import type { McpPrompt } from "../../store/mcp/asks/asks";\nexport type X = McpPrompt;\n`,
  ],
  ['src/ui/chat/boundary-probe.ts', `export const x = () => import("../../store/mcp/attach/resource-message");\n`],
  [
    'src/ui/data/boundary-probe.ts',
    `import { useMcpTaskLanes } from "../../store/mcp/tasks/task-lanes";\nexport const x = useMcpTaskLanes;\n`,
  ],
] as const;

describe('lint: src/ui reaches the page side of MCP only through its face', () => {
  for (const [path, code] of reachingPast) {
    it(`refuses ${code.split('"')[1]} in ${path}`, async () => {
      const errors = await faceErrors(code, path);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/only through store\/mcp\/mcp-face/);
    });
  }

  it('allows the face in src/ui, and the capability files inside store/', async () => {
    expect(
      await faceErrors(
        `import { connectMcp, type McpPrompt } from "../../../store/mcp/mcp-face";\nexport const x = connectMcp;\nexport type X = McpPrompt;\n`,
        'src/ui/mcp/servers/boundary-probe.tsx',
      ),
    ).toEqual([]);
    expect(
      await faceErrors(reachingPast[0][1].replace('../../../store/mcp/', '../'), 'src/store/mcp/boundary-probe.ts'),
    ).toEqual([]);
  });
});
