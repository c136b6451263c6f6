import type { CaseCheck, EvalCaseRecord } from '../domain/eval-case';
import { parseModelTargets } from '../llm/model-targets';
import {
  familyOf,
  PROMPT_VAR,
  PROMPTFOO_KEY_VARS,
  promptValue,
  providerEntry,
  promptfooTarget,
  requestConfig,
  type PromptfooFamily,
  type PromptfooTarget,
} from './promptfoo-providers';
import { toYaml, type YamlValue } from './yaml-text';

/**
 * A suite as a promptfoo config (architecture.md, "Test cases and suites"): one provider per model in the API its
 * endpoint speaks (promptfoo-providers.ts: its base URL, the key from an environment variable, never the key itself),
 * one test per case with the frozen messages as variables, its own request settings (one prompt per case and API) and
 * an assertion per check. promptfoo sends one request per test and grades its answer: it does not run tools (see
 * ONE_STEP_NOTE).
 */

/** The environment variable the exported OpenAI-compatible providers (and judges) read their key from. */
const PROMPTFOO_KEY_VAR = PROMPTFOO_KEY_VARS.openai;

/**
 * The tool calls in `output` as `calls` of `{ name, args }` (args a JSON string), whichever provider gave it: OpenAI's
 * (the calls, or the message with them), Anthropic's (text and each `tool_use` block as JSON, between blank lines) or
 * Google's (the parts, `functionCall` ones among them).
 */
const CALLS_OF_OUTPUT =
  'const parse = (s) => { try { return JSON.parse(s); } catch { return null; } };' +
  " const o = typeof output === 'string' ? parse(output) : output;" +
  ' const items = Array.isArray(o) ? o : o && Array.isArray(o.tool_calls) ? o.tool_calls : o && typeof o === "object" ? [o]' +
  " : typeof output === 'string' ? output.split('\\n\\n').map(parse) : [];" +
  ' const calls = items.flatMap((c) => !c || typeof c !== "object" ? []' +
  ' : c.function ? [{ name: c.function.name, args: c.function.arguments }]' +
  " : c.type === 'tool_use' ? [{ name: c.name, args: JSON.stringify(c.input ?? {}) }]" +
  ' : c.functionCall ? [{ name: c.functionCall.name, args: JSON.stringify(c.functionCall.args ?? {}) }] : []);';

const jsString = (s: string) => JSON.stringify(s);

/** What the export needs besides the cases: the runs per case x model, and the page's endpoint (a bare judge's). */
type PromptfooOptions = {
  repeats: number;
  ownBaseURL: string;
  /** The API a judge's endpoint speaks (the door's `endpointWire`); absent: Chat Completions. */
  wireOf?: (baseURL: string) => Parameters<typeof promptfooTarget>[2];
};

/**
 * A judge check's provider: "<model> @ <base URL>", or the page's own endpoint for a bare model, in the API its
 * endpoint speaks (a judge on a Claude or Gemini endpoint is promptfoo's Anthropic or Google provider).
 */
function judgeProvider(judgeModel: string, options: PromptfooOptions): YamlValue {
  const { model, baseURL, wire } = judgeTarget(judgeModel, options);
  if (wire !== undefined && familyOf(wire.format) !== 'openai') {
    const { label: _label, ...entry } = providerEntry(promptfooTarget(model, baseURL, wire));
    return entry;
  }
  return { id: `openai:chat:${model}`, config: { apiBaseUrl: baseURL, apiKeyEnvar: PROMPTFOO_KEY_VAR } };
}

function judgeTarget(judgeModel: string, options: PromptfooOptions) {
  const { ownBaseURL } = options;
  const read = parseModelTargets(judgeModel, { ownBaseURL, isSavedEndpoint: () => true });
  const t = read.ok ? read.targets[0] : undefined;
  const baseURL = t?.baseURL ?? ownBaseURL;
  return { model: t?.model ?? judgeModel, baseURL, wire: options.wireOf?.(baseURL) };
}

const judgeFamily = (judgeModel: string, options: PromptfooOptions): PromptfooFamily =>
  familyOf(judgeTarget(judgeModel, options).wire?.format);

function assertion(check: CaseCheck, options: PromptfooOptions): YamlValue {
  switch (check.kind) {
    case 'calls_tool':
      return {
        type: 'javascript',
        // One line is an expression to promptfoo (it adds the `return`), so the body goes in a function called at once.
        value: `(() => { ${CALLS_OF_OUTPUT} return calls.some((c) => c.name === ${jsString(check.tool)}); })()`,
        metric: `Calls tool ${check.tool}`,
      };
    case 'arguments_match':
      // The call's arguments become the output the JSON Schema check (ajv, inside promptfoo) reads.
      return {
        type: 'is-json',
        value: check.schema as YamlValue,
        transform:
          `(() => { ${CALLS_OF_OUTPUT} const c = calls.find((x) => x.name === ${jsString(check.tool)}); ` +
          `return c ? c.args : 'no call to ' + ${jsString(check.tool)}; })()`,
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
        provider: judgeProvider(check.judgeModel, options),
        metric: `Judged by ${check.judgeModel}`,
      };
  }
}

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
  const families = [...new Set(targets.map((t) => familyOf(t.format)))];
  // One family: its prompts are "case-N". Several: "case-N:<family>", each provider limited to its family's, and a
  // test's "case-N" still names them all (promptfoo matches a label and the labels under it).
  const label = (i: number, family: PromptfooFamily) =>
    families.length > 1 ? `${promptLabel(i)}:${family}` : promptLabel(i);
  const config: YamlValue = {
    description: `Toolscope suite: ${suiteName}. ${ONE_STEP_NOTE}`,
    // Each case x model runs this many times, as the page's Repeats (promptfoo keeps a cache per repeat).
    ...(options.repeats > 1 ? { evaluateOptions: { repeat: options.repeats } } : {}),
    // One prompt per case and API: each test's frozen messages are the whole prompt (a JSON list of messages reads as
    // a chat), and the prompt carries the case's own temperature, max tokens and tools.
    prompts: cases.flatMap((c, i) =>
      families.map((f) => ({ label: label(i, f), raw: `{{ ${PROMPT_VAR[f]} | dump }}`, config: requestConfig(f, c) })),
    ),
    providers: targets.map((t) => ({
      ...providerEntry(t),
      ...(families.length > 1 ? { prompts: cases.map((_, i) => label(i, familyOf(t.format))) } : {}),
    })),
    tests: cases.map((c, i) => ({
      description: c.name,
      prompts: [promptLabel(i)],
      metadata: {
        toolscopeCaseId: c.id,
        grades: endsAtUser(c) && c.request.tools.length > 0 ? 'one step of a run that may call tools' : 'one step',
      },
      vars: Object.fromEntries(families.map((f) => [PROMPT_VAR[f], promptValue(f, c)])),
      assert: c.checks.map((check) => assertion(check, options)),
    })),
  };
  // The judges' keys too: a judge on a Claude or Gemini endpoint reads promptfoo's variable for that provider.
  const judgeFamilies = cases.flatMap((c) =>
    c.checks.flatMap((check) => (check.kind === 'judge' ? [judgeFamily(check.judgeModel, options)] : [])),
  );
  const keys = [...new Set([...families, ...judgeFamilies])].map((f) => `${PROMPTFOO_KEY_VARS[f]}=<key>`).join(' ');
  return (
    `# Made by Toolscope from the suite "${suiteName.replace(/[\r\n]/g, ' ')}". Run: ${keys} ` +
    `npx promptfoo eval -c <this file>\n# ${ONE_STEP_NOTE}\n${toYaml(config)}`
  );
}

const promptLabel = (i: number) => `case-${i + 1}`;

const endsAtUser = (c: EvalCaseRecord) => c.request.messages.at(-1)?.role === 'user';
