import type { ChatMessage } from './messages';

/**
 * Test cases and suites (architecture.md, "Test cases and suites"): a case freezes one model step's request and the
 * recorded tool results of its session, so running it needs only a model. The one list of check kinds.
 */
export type CaseCheck =
  | { kind: 'calls_tool'; tool: string }
  /** A JSON Schema the arguments of the call to `tool` must fit (checked with ajv). */
  | { kind: 'arguments_match'; tool: string; schema: Record<string, unknown> }
  | { kind: 'answer_contains'; text: string }
  /** A JavaScript regular expression source, no flags. */
  | { kind: 'answer_matches'; pattern: string }
  | { kind: 'max_cost'; usd: number }
  | JudgeCheck;

/**
 * A model as judge: asked `question` (yes or no) about the run's final answer. `judgeModel` is "<model>" (the page's
 * own endpoint) or "<model> @ <base URL>"; where the reply has logprobs, the probability of "yes" must reach `threshold`.
 */
export type JudgeCheck = { kind: 'judge'; question: string; judgeModel: string; threshold: number };

/** The default "Threshold" of a judge check. */
export const DEFAULT_JUDGE_THRESHOLD = 0.5;
/** "Repeats" of a suite run: each case x model runs this many times. */
export const REPEATS_MIN = 1;
export const REPEATS_MAX = 20;

/** A tool the frozen request offered, as the model saw it. */
export type FrozenTool = { name: string; description: string; parameters: Record<string, unknown> };

/** The request of the step, as it was sent: the system prompt (with its date and time then), messages, tools, parameters. */
export type FrozenRequest = {
  model: string;
  systemPrompt?: string;
  messages: ChatMessage[];
  tools: FrozenTool[];
  temperature?: number;
  maxOutputTokens?: number;
};

/** One tool call of the session with its output: what a run of the case answers a matching call with. */
export type RecordedToolResult = { name: string; arguments: string; result: string; isError: boolean };

/** `repeats`: the last run's Repeats, where "Run suite" starts (absent: 1). */
export type EvalSuiteRecord = { id: string; name: string; createdAt: number; updatedAt: number; repeats?: number };

export type EvalCaseRecord = {
  id: string;
  suiteId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Where it was saved from; the session may since be gone. */
  source?: { sessionId: string; messageId: string };
  request: FrozenRequest;
  recorded: RecordedToolResult[];
  checks: CaseCheck[];
};

export const CELL_VERDICTS = ['pending', 'pass', 'fail', 'stopped'] as const;
export type CellVerdict = (typeof CELL_VERDICTS)[number];

/**
 * One judge request of a run: its verdict in words ("The judge (<model>) said no, 0.12") and its own tokens and cost,
 * never counted as the case's (architecture.md, "Test cases and suites").
 */
export type JudgeCall = {
  /** "Judge model" as the check names it. */
  model: string;
  verdict: 'yes' | 'no' | 'failed';
  /** The probability of "yes" from the reply's logprobs; null when the endpoint sent none. */
  probability: number | null;
  words: string;
  inputTokens: number | null;
  outputTokens: number | null;
  /** null: no price for the judge model (or no usage reported). */
  costUsd: number | null;
};

/**
 * One run of one case on one model in a suite run: a table cell holds `repeats` of them. `reasons` are the failed
 * checks (or the error) in words; `costUsd` is the case's own, `judge` the judge requests apart.
 */
export type EvalCell = {
  caseId: string;
  caseName: string;
  model: string;
  /** Which repeat this is, from 0; absent in runs stored before Repeats (one run each). */
  repeat?: number;
  verdict: CellVerdict;
  reasons: string[];
  judge?: JudgeCall[];
  /** The session the run was recorded in (opens on the timeline). */
  sessionId?: string;
  costUsd: number | null;
  ttftMs: number | null;
  durationMs: number | null;
};

export type EvalRunRecord = {
  id: string;
  suiteId: string;
  startedAt: number;
  finishedAt: number | null;
  /** The "Models" lines as typed: "<model>" or "<model> @ <base URL>". */
  models: string[];
  /** Runs of each case x model (absent: 1). */
  repeats?: number;
  state: 'running' | 'finished' | 'stopped';
  cells: EvalCell[];
};
