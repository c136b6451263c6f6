import type { ChatMessage } from './messages';

/**
 * Test cases and suites (architecture.md, "Test cases and suites"): a case freezes one model step's request and the
 * recorded tool results of its session, so running it needs only a model. The one list of check kinds.
 */
export const CHECK_KINDS = ['calls_tool', 'arguments_match', 'answer_contains', 'answer_matches', 'max_cost'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export type CaseCheck =
  | { kind: 'calls_tool'; tool: string }
  /** A JSON Schema the arguments of the call to `tool` must fit (checked with ajv). */
  | { kind: 'arguments_match'; tool: string; schema: Record<string, unknown> }
  | { kind: 'answer_contains'; text: string }
  /** A JavaScript regular expression source, no flags. */
  | { kind: 'answer_matches'; pattern: string }
  | { kind: 'max_cost'; usd: number };

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

export type EvalSuiteRecord = { id: string; name: string; createdAt: number; updatedAt: number };

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

/** One case on one model in a suite run. `reasons` are the failed checks (or the error) in words. */
export type EvalCell = {
  caseId: string;
  caseName: string;
  model: string;
  verdict: CellVerdict;
  reasons: string[];
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
  state: 'running' | 'finished' | 'stopped';
  cells: EvalCell[];
};
