import { toWireMessages } from '../agent/to-wire';
import type { CaseCheck, EvalCaseRecord, FrozenTool } from '../domain/eval-case';
import { parseModelTargets } from '../llm/model-targets';
import { toYaml, type YamlValue } from './yaml-text';

/**
 * A suite as a promptfoo config (architecture.md, "Test cases and suites"): one provider per model (OpenAI-compatible,
 * its base URL, the key from an environment variable, never the key itself), one test per case with the frozen
 * messages as its `messages` variable, its own request settings (one prompt per case) and an assertion per check.
 * promptfoo sends one request per test and grades its answer: it does not run tools (see ONE_STEP_NOTE).
 */
type PromptfooTarget = { model: string; baseURL: string };

/** The environment variable the exported providers read their key from. */
export const PROMPTFOO_KEY_VAR = 'TOOLSCOPE_API_KEY';

/** `output` as promptfoo's OpenAI provider gives it: text, the tool calls, or the message with both. */
const CALLS_OF_OUTPUT =
  "const o = typeof output === 'string' ? (() => { try { return JSON.parse(output); } catch { return null; } })() : output;" +
  ' const calls = Array.isArray(o) ? o : o && Array.isArray(o.tool_calls) ? o.tool_calls : [];';

const jsString = (s: string) => JSON.stringify(s);

/** What the export needs besides the cases: the runs per case x model, and the page's endpoint (a bare judge's). */
type PromptfooOptions = { repeats: number; ownBaseURL: string };

/** A judge check's provider: "<model> @ <base URL>", or the page's own endpoint for a bare model. */
function judgeProvider(judgeModel: string, ownBaseURL: string): YamlValue {
  const read = parseModelTargets(judgeModel, { ownBaseURL, isSavedEndpoint: () => true });
  const t = read.ok ? read.targets[0] : undefined;
  return {
    id: `openai:chat:${t?.model ?? judgeModel}`,
    config: { apiBaseUrl: t?.baseURL ?? ownBaseURL, apiKeyEnvar: PROMPTFOO_KEY_VAR },
  };
}

function assertion(check: CaseCheck, options: PromptfooOptions): YamlValue {
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
        transform:
          `(() => { ${CALLS_OF_OUTPUT} const c = calls.find((x) => x && x.function && x.function.name ` +
          `=== ${jsString(check.tool)}); return c ? c.function.arguments : 'no call to ' + ${jsString(check.tool)}; })()`,
        metric: `Arguments of ${check.tool}`,
      };
    case 'answer_contains':
      return { type: 'contains', value: check.text };
    case 'answer_matches':
      return { type: 'regex', value: check.pattern };
    case 'max_cost':
      return { type: 'cost', threshold: check.usd };
    case 'judge':
      // promptfoo's grader asks its judge for {pass, score} and passes when it says pass and the score reaches the
      // threshold; the page asks for yes or no and holds the probability of yes to it (evals/judge.ts).
      return {
        type: 'llm-rubric',
        value: check.question,
        threshold: check.threshold,
        provider: judgeProvider(check.judgeModel, options.ownBaseURL),
        metric: `Judged by ${check.judgeModel}`,
      };
  }
}

/** Each case's own request settings, as its prompt's config (promptfoo merges a prompt's config into the provider's). */
function requestConfig(c: EvalCaseRecord): Record<string, YamlValue> {
  const r = c.request;
  return {
    ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
    ...(r.maxOutputTokens !== undefined ? { max_tokens: r.maxOutputTokens } : {}),
    ...(r.tools.length > 0 ? { tools: r.tools.map(wireTool) } : {}),
  };
}

const wireTool = (tool: FrozenTool): YamlValue => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters as YamlValue },
});

/**
 * What promptfoo grades differs from the page (said in the file, so a reader of its results knows): promptfoo sends a
 * case's frozen request once and grades that one answer; Toolscope runs the case on, its tool calls answered from the
 * recorded results, and grades the whole run. A case that checks an answer reached only after tool calls passes on
 * the page and fails in promptfoo.
 */
export const ONE_STEP_NOTE =
  "promptfoo grades the one answer to each case's frozen request; Toolscope runs each case on " +
  '(tool calls answered from the recorded results) and grades the whole run, so a check on an ' +
  'answer that comes only after tool calls passes in Toolscope and fails here.';

export function promptfooConfig(
  suiteName: string,
  cases: readonly EvalCaseRecord[],
  targets: readonly PromptfooTarget[],
  options: PromptfooOptions,
): string {
  const config: YamlValue = {
    description: `Toolscope suite: ${suiteName}. ${ONE_STEP_NOTE}`,
    // Each case x model runs this many times, as the page's Repeats (promptfoo keeps a cache per repeat).
    ...(options.repeats > 1 ? { evaluateOptions: { repeat: options.repeats } } : {}),
    // One prompt per case: each test's frozen messages are the whole prompt (a JSON list of messages reads as a chat),
    // and the prompt carries the case's own temperature, max tokens and tools.
    prompts: cases.map((c, i) => ({ label: promptLabel(i), raw: '{{ messages | dump }}', config: requestConfig(c) })),
    providers: targets.map((t) => ({
      id: `openai:chat:${t.model}`,
      label: t.model,
      config: { apiBaseUrl: t.baseURL, apiKeyEnvar: PROMPTFOO_KEY_VAR },
    })),
    tests: cases.map((c, i) => ({
      description: c.name,
      prompts: [promptLabel(i)],
      metadata: {
        toolscopeCaseId: c.id,
        grades: endsAtUser(c) && c.request.tools.length > 0 ? 'one step of a run that may call tools' : 'one step',
      },
      vars: { messages: toWireMessages(c.request.messages, c.request.systemPrompt) as unknown as YamlValue },
      assert: c.checks.map((check) => assertion(check, options)),
    })),
  };
  return (
    `# Made by Toolscope from the suite "${suiteName.replace(/[\r\n]/g, ' ')}". Run: ${PROMPTFOO_KEY_VAR}=<key> ` +
    `npx promptfoo eval -c <this file>\n# ${ONE_STEP_NOTE}\n${toYaml(config)}`
  );
}

const promptLabel = (i: number) => `case-${i + 1}`;

const endsAtUser = (c: EvalCaseRecord) => c.request.messages.at(-1)?.role === 'user';
