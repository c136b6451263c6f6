import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../domain/messages';
import type { ModelClient } from '../agent/model-client';
import type { ToolExecutor } from '../agent/tool-executor';
import type { MemoryRecord } from '../db/records';
import type { SessionRecord } from '../domain/session';
import type { Embedder } from '../llm/embeddings';
import { heuristicCounter } from './tokens/token-count';
import type { ReportedPrompt } from './reported-prompt';
import { prepareRunContext, recallQuery, type RunContextDeps } from './run-context';

const session = (over: Partial<SessionRecord['settings']> = {}): SessionRecord => ({
  id: 's1',
  title: 't',
  model: 'mock-model',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  messageCount: 0,
  toolCallCount: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false },
  settings: { systemPrompt: 'Answer in French.', ...over },
});
const memory = (id: string, text: string): MemoryRecord => ({
  id,
  text,
  createdAt: 0,
  updatedAt: 0,
  sourceSessionId: null,
  embedding: null,
  embeddingModel: null,
});
const noTools: ToolExecutor = { list: () => [], get: () => undefined };
const model: ModelClient = { stream: () => (async function* () {})() };
const signal = new AbortController().signal;

/** "tea" texts point one way, everything else the other. */
const teaEmbedder: Embedder = {
  model: 'toy',
  embed: async (texts) => texts.map((t) => (t.includes('tea') ? [1, 0] : [0, 1])),
};

function fakeDeps(memories: MemoryRecord[], embedder: Embedder | null, previous: ReportedPrompt | null = null) {
  const saved: string[] = [];
  const vectors: string[] = [];
  const deps: RunContextDeps = {
    listMemories: async () => memories,
    addMemory: async (text) => {
      saved.push(text);
    },
    saveEmbeddings: async (v) => {
      vectors.push(...v.map((x) => x.id));
    },
    createEmbedder: async () => embedder,
    counterFor: () => heuristicCounter,
    lastReportedPrompt: async () => previous,
    timeZone: () => 'Europe/Berlin',
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    newId: () => 'id',
  };
  return { deps, saved, vectors };
}

describe('prepareRunContext', () => {
  it('assembles base, session, tools, workspace and recalled memories in order, and saves new vectors', async () => {
    const { deps, vectors } = fakeDeps(
      [memory('m1', 'The user drinks green tea'), memory('m2', 'The car is blue')],
      teaEmbedder,
    );
    const p = await prepareRunContext(
      {
        session: session(),
        endpoint: {
          baseURL: 'u',
          embedder: () => {
            throw new Error('the fake deps make the embedder');
          },
        },
        history: [],
        userMessage: 'What tea should I buy?',
        tools: noTools,
        model,
        signal,
      },
      deps,
    );
    expect(p.layers.map((l) => l.id)).toEqual(['base', 'session', 'tools', 'workspace', 'memories']);
    expect(p.recall.mode).toBe('embedding');
    expect(p.layers.at(-1)?.text).toBe('- The user drinks green tea');
    expect(p.systemPrompt).toContain('Answer in French.');
    expect(p.systemPrompt).toContain('2026-01-02T03:04:05.000Z (time zone Europe/Berlin)');
    expect(p.systemPrompt).toContain('- remember:');
    expect(vectors.sort()).toEqual(['m1', 'm2']);
  });

  it('falls back to keywords without an embedder and says why', async () => {
    const { deps } = fakeDeps([memory('m1', 'The user drinks green tea')], null);
    const p = await prepareRunContext(
      {
        session: session(),
        endpoint: {
          baseURL: 'u',
          embedder: () => {
            throw new Error('the fake deps make the embedder');
          },
        },
        history: [],
        userMessage: 'green tea please',
        tools: noTools,
        model,
        signal,
      },
      deps,
    );
    expect(p.recall.mode).toBe('keyword');
    expect(p.recall.fallbackReason).toMatch(/keywords/);
    expect(p.layers.at(-1)).toMatchObject({ id: 'memories', text: '- The user drinks green tea' });
  });

  it('adds a remember tool that saves to memory, and uses the session limit override', async () => {
    const { deps, saved } = fakeDeps([], null);
    const p = await prepareRunContext(
      {
        session: session({ contextLimit: 1234 }),
        endpoint: {
          baseURL: 'u',
          embedder: () => {
            throw new Error('the fake deps make the embedder');
          },
        },
        history: [],
        userMessage: 'hi',
        tools: noTools,
        model,
        signal,
      },
      deps,
    );
    const remember = p.tools.get('remember');
    expect(remember).toBeDefined();
    await remember!.run({ text: ' Likes jazz ' }, { signal, timeoutMs: 1000, callId: 'c' });
    expect(saved).toEqual(['Likes jazz']);
    expect(p.limitTokens).toBe(1234);
    const r = await p.context.beforeRequest([], p.systemPrompt, [], signal);
    expect(r).toMatchObject({ compaction: null, limitTokens: 1234 });
    expect(r.systemLayers?.map((l) => l.id)).toEqual(['base', 'session', 'tools', 'workspace']);
    expect(r.estimatedTokens).toBeGreaterThan(0);
  });

  it('starts corrected by the previous run: reported at 2x the estimate, the first request compacts', async () => {
    let summaryRequests = 0;
    const summarizer: ModelClient = {
      stream: () =>
        (async function* (): AsyncGenerator<ChatCompletionChunk> {
          summaryRequests++;
          yield {
            id: 'c',
            object: 'chat.completion.chunk',
            created: 0,
            model: 'm',
            choices: [{ index: 0, delta: { content: 'earlier talk' }, finish_reason: 'stop' }],
          };
        })(),
    };
    const history: ChatMessage[] = [];
    for (let i = 0; i < 10; i++) {
      history.push({ id: `u${i}`, createdAt: 0, role: 'user', content: 'q'.repeat(800) });
      history.push({
        id: `a${i}`,
        createdAt: 0,
        role: 'assistant',
        content: 'a'.repeat(800),
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: 'r',
        turn: 1,
      });
    }
    history.push({ id: 'latest', createdAt: 0, role: 'user', content: 'and now?' });
    const args = {
      session: session({ contextLimit: 8000 }),
      endpoint: {
        baseURL: 'u',
        embedder: () => {
          throw new Error('the fake deps make the embedder');
        },
      },
      history,
      userMessage: 'and now?',
      tools: noTools,
      model: summarizer,
      signal,
    };

    const fresh = await prepareRunContext(args, fakeDeps([], null).deps);
    const uncorrected = await fresh.context.beforeRequest(history, fresh.systemPrompt, [], signal);
    expect(uncorrected.compaction).toBeNull();
    expect(uncorrected.estimatedTokens).toBeLessThan(0.8 * 8000);
    expect(uncorrected.rawEstimatedTokens).toBe(uncorrected.estimatedTokens);
    expect(summaryRequests).toBe(0);

    const corrected = await prepareRunContext(args, fakeDeps([], null, { estimated: 1000, reported: 2000 }).deps);
    const r = await corrected.context.beforeRequest(history, corrected.systemPrompt, [], signal);
    expect(summaryRequests).toBe(1);
    expect(r.compaction?.tokensBefore).toBe(2 * uncorrected.estimatedTokens!);
    expect(r.compaction?.summary.summaryOf).toContain('u0');
    expect(r.estimatedTokens).toBeLessThanOrEqual(0.82 * 8000);
    // What is recorded for the next correction is the uncorrected figure.
    expect(r.rawEstimatedTokens! * 2).toBe(r.estimatedTokens);
  });

  it('recalls with the last user message when a run continues without a new one', () => {
    const h: ChatMessage[] = [
      { id: '1', createdAt: 0, role: 'user', content: 'first' },
      { id: '2', createdAt: 0, role: 'user', content: 'second' },
    ];
    expect(recallQuery(h)).toBe('second');
    expect(recallQuery(h, 'new')).toBe('new');
  });
});
