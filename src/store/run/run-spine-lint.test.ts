import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repo's own eslint.config.js, linting probes as if they lived at a path: the rule is only as good as its globs.
const eslint = new ESLint({ cwd: process.cwd() });

async function mcpErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2).map((m) => m.message);
}

// Specifiers quoted with ", so a grep for MCP imports in store/run finds real ones only.
const probes = [
  `import { loadMcpRuntime } from "../../mcp";\nexport const x = loadMcpRuntime;\n`,
  `import type { McpTask } from "../../mcp/tasks/task-shape";\nexport type X = McpTask;\n`,
  `import { connectMcp } from "../mcp/connections/registry";\nexport const x = connectMcp;\n`,
];

describe('lint: the run spine stays free of MCP', () => {
  for (const code of probes) {
    it(`refuses ${code.split('"')[1]} in store/run`, async () => {
      const errors = await mcpErrors(code, 'src/store/run/boundary-probe.ts');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/run spine: no MCP/);
    });
  }

  it("allows MCP's shared domain types and MCP imports above the spine", async () => {
    expect(
      await mcpErrors(
        `import type { McpServerRef } from "../../domain/mcp-call-trace";\nexport type X = McpServerRef;\n`,
        'src/store/run/boundary-probe.ts',
      ),
    ).toEqual([]);
    expect(await mcpErrors(probes[2]!.replace('../mcp/', './mcp/'), 'src/store/boundary-probe.ts')).toEqual([]);
  });
});
