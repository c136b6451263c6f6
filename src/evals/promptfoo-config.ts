import { toWireMessages } from '../agent/to-wire';
import type { CaseCheck, EvalCaseRecord, FrozenTool } from '../domain/eval-case';
import { toYaml, type YamlValue } from './yaml-text';

/**
 * A suite as a promptfoo config (architecture.md, "Test cases and suites"): one provider per model (OpenAI-compatible,
 * its base URL, the key from an environment variable, never the key itself), one test per case with the frozen
 * messages as its `messages` variable and an assertion per check. promptfoo sends one request per test and grades its
 * answer: it does not run tools, so a case whose answer needs the recorded tool results comes out as it would at the
 * step itself (the frozen request already carries the results the step was sent).
 */
export type PromptfooTarget = { model: string; baseURL: string };

/** The environment variable the exported providers read their key from. */
export const PROMPTFOO_KEY_VAR = 'TOOLSCOPE_API_KEY';

/** `output` as promptfoo's OpenAI provider gives it: text, the tool calls, or the message with both. */
const CALLS_OF_OUTPUT =
  "const o = typeof output === 'string' ? (() => { try { return JSON.parse(output); } catch { return null; } })() : output;" +
  ' const calls = Array.isArray(o) ? o : o && Array.isArray(o.tool_calls) ? o.tool_calls : [];';

const jsString = (s: string) => JSON.stringify(s);

function assertion(check: CaseCheck): YamlValue {
  switch (check.kind) {
    case 'calls_tool':
      return {
        type: 'javascript',
        // One line is an expression to promptfoo (it adds the `return`), so the body goes in a function called at once.
        value: `(() => { ${CALLS_OF_OUTPUT} return calls.some((c) => c && c.function && c.function.name === ${jsString(check.tool)}); })()`,
        metric: `Calls tool ${check.tool}`,
      };
    case 'arguments_match':
      // The call's arguments become the output the JSON Schema check (ajv, inside promptfoo) reads.
      return {
        type: 'is-json',
        value: check.schema as YamlValue,
        transform: `(() => { ${CALLS_OF_OUTPUT} const c = calls.find((x) => x && x.function && x.function.name === ${jsString(check.tool)}); return c ? c.function.arguments : 'no call to ' + ${jsString(check.tool)}; })()`,
        metric: `Arguments of ${check.tool}`,
      };
    case 'answer_contains':
      return { type: 'contains', value: check.text };
    case 'answer_matches':
      return { type: 'regex', value: check.pattern };
    case 'max_cost':
      return { type: 'cost', threshold: check.usd };
  }
}

function toolsOf(cases: readonly EvalCaseRecord[]): FrozenTool[] {
  const byName = new Map<string, FrozenTool>();
  for (const c of cases) for (const t of c.request.tools) if (!byName.has(t.name)) byName.set(t.name, t);
  return [...byName.values()];
}

export function promptfooConfig(suiteName: string, cases: readonly EvalCaseRecord[], targets: readonly PromptfooTarget[]): string {
  const tools = toolsOf(cases);
  const first = cases[0]?.request;
  const config: YamlValue = {
    description: `Toolscope suite: ${suiteName}`,
    // Each test's frozen messages are the whole prompt: promptfoo reads a JSON list of messages as a chat.
    prompts: ['{{ messages | dump }}'],
    providers: targets.map((t) => ({
      id: `openai:chat:${t.model}`,
      label: t.model,
      config: {
        apiBaseUrl: t.baseURL,
        apiKeyEnvar: PROMPTFOO_KEY_VAR,
        ...(first?.temperature !== undefined ? { temperature: first.temperature } : {}),
        ...(first?.maxOutputTokens !== undefined ? { max_tokens: first.maxOutputTokens } : {}),
        ...(tools.length > 0 ? { tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters as YamlValue } })) } : {}),
      },
    })),
    tests: cases.map((c) => ({
      description: c.name,
      vars: { messages: toWireMessages(c.request.messages, c.request.systemPrompt) as unknown as YamlValue },
      assert: c.checks.map(assertion),
    })),
  };
  return `# Made by Toolscope from the suite "${suiteName.replace(/[\r\n]/g, ' ')}". Run: ${PROMPTFOO_KEY_VAR}=<key> npx promptfoo eval -c <this file>\n${toYaml(config)}`;
}
