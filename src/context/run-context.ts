import type { ContextHook } from '../agent/context-hook';
import type { ChatMessage } from '../domain/messages';
import type { ModelClient } from '../agent/model-client';
import type { ToolExecutor } from '../agent/tool-executor';
import type { MemoryRecord } from '../db/records';
import type { SessionRecord } from '../domain/session';
import { createContextManager } from './context-manager';
import type { Embedder } from '../llm/embeddings';
import { contextLimitFor } from './model-limits';
import { recallMemories, type RecallOutcome } from './recall-memories';
import { createRememberTool, withExtraTools } from './remember-tool';
import { calibrationOf, type ReportedPrompt } from './reported-prompt';
import { assembleSystemPrompt, buildLayers, DEFAULT_BASE_PROMPT, type PromptLayerId } from './system-prompt';
import type { PromptLayer } from '../domain/prompt-layer';
import type { TokenCounter } from './tokens/token-count';
import { tokenCounterFor } from './tokens/token-counter';

/** The run's endpoint as recall needs it: its address, and an embeddings client for a model (its key kept inside). */
export type RunEndpoint = { baseURL: string; embedder(model: string): Embedder };

/** Everything outside this module that preparing a run touches (storage, clocks, the embeddings endpoint). */
export type RunContextDeps = {
  listMemories(): Promise<MemoryRecord[]>;
  addMemory(text: string, sourceSessionId: string): Promise<void>;
  saveEmbeddings(vectors: { id: string; embedding: number[]; model: string }[]): Promise<void>;
  /** Null when embeddings are turned off. */
  createEmbedder(endpoint: RunEndpoint): Promise<Embedder | null>;
  counterFor?(model: string): TokenCounter;
  /** The session's newest provider-reported prompt size, so a new run starts already corrected. */
  lastReportedPrompt(sessionId: string): Promise<ReportedPrompt | null>;
  basePrompt?: string;
  timeZone(): string;
  now(): number;
  newId(): string;
};

export type RunContextArgs = {
  session: SessionRecord;
  /** The run's endpoint, opened by the endpoint door: recall's embeddings go to it. */
  endpoint: RunEndpoint;
  history: readonly ChatMessage[];
  userMessage?: string;
  tools: ToolExecutor;
  model: ModelClient;
  signal: AbortSignal;
  /** false: no memories recalled (the session's memory switch). Absent: recall. */
  recall?: boolean;
  /** false: no `remember` tool (memory or tools switched off). Absent: added. */
  rememberTool?: boolean;
};

export type PreparedRun = {
  tools: ToolExecutor;
  systemPrompt: string;
  layers: PromptLayer<PromptLayerId>[];
  context: ContextHook;
  recall: RecallOutcome;
  limitTokens: number;
};

/** What recall searches with: the new message, or on "continue" the last thing the user said. */
export function recallQuery(history: readonly ChatMessage[], userMessage?: string): string {
  if (userMessage !== undefined) return userMessage;
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m?.role === 'user') return m.content;
  }
  return '';
}

const NO_RECALL: RecallOutcome = { mode: 'keyword', items: [], newEmbeddings: [] };

async function recallFor(args: RunContextArgs, deps: RunContextDeps): Promise<RecallOutcome> {
  const memories = await deps.listMemories().catch(() => [] as MemoryRecord[]);
  const recall = await recallMemories(
    recallQuery(args.history, args.userMessage),
    memories,
    await deps.createEmbedder(args.endpoint),
    args.signal,
  );
  if (recall.newEmbeddings.length > 0) await deps.saveEmbeddings(recall.newEmbeddings).catch(() => undefined);
  return recall;
}

/**
 * Before a run: recall memories, add the `remember` tool, assemble the layered system prompt and
 * build the budget keeper the loop consults before each request. A failing memory store never stops
 * the run; it only means no memories this time.
 */
export async function prepareRunContext(args: RunContextArgs, deps: RunContextDeps): Promise<PreparedRun> {
  const { session } = args;
  const recall = args.recall === false ? NO_RECALL : await recallFor(args, deps);
  const tools =
    args.rememberTool === false
      ? args.tools
      : withExtraTools(args.tools, [createRememberTool((text) => deps.addMemory(text, session.id))]);
  const layers = buildLayers({
    basePrompt: deps.basePrompt ?? DEFAULT_BASE_PROMPT,
    sessionPrompt: session.settings.systemPrompt ?? '',
    tools: tools.list().map((t) => t.spec),
    now: new Date(deps.now()),
    timeZone: deps.timeZone(),
    memories: recall.items.map((i) => i.text),
  });
  const systemPrompt = assembleSystemPrompt(layers);

  const limitTokens = contextLimitFor(session.model, session.settings.contextLimit).tokens;
  const counter = (deps.counterFor ?? tokenCounterFor)(session.model);
  // The provider's count from the last run corrects this run's first (usually largest) request too.
  const previous = await deps.lastReportedPrompt(session.id).catch(() => null);
  const manager = createContextManager({
    model: args.model,
    modelName: session.model,
    limitTokens,
    counter,
    initialCalibration: calibrationOf(previous),
    newId: deps.newId,
    now: deps.now,
  });
  const sent = layers.map((l) => ({ id: l.id, title: l.title, text: l.text }));
  const context: ContextHook = {
    async beforeRequest(history, system, specs, signal, send) {
      const r = await manager.beforeRequest(history, system, specs, signal, send);
      return {
        compaction: r.compaction,
        systemLayers: sent,
        estimatedTokens: r.budget.tokens,
        rawEstimatedTokens: r.rawTokens,
        limitTokens,
      };
    },
    observeUsage: (estimated, reported) => manager.observeUsage(estimated, reported),
  };
  return { tools, systemPrompt, layers, context, recall, limitTokens };
}
