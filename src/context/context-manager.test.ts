import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../domain/messages';
import type { ModelClient, ModelRequest } from '../agent/model-client';
import { ContextLimitError, createContextManager } from './context-manager';
import { requestView } from '../domain/request-view';
import { counterFrom, type TokenCount } from './tokens/token-count';
import { createTokenCounter } from './tokens/token-counter';

function textChunk(content: string): ChatCompletionChunk {
  return {
    id: 'x',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  };
}

function summarizer(summary: string): ModelClient & { requests: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  return {
    requests,
    async *stream(request) {
      requests.push(request);
      yield textChunk(summary);
    },
  };
}

let n = 0;
const user = (content: string): ChatMessage => ({ id: `u${n++}`, createdAt: 0, role: 'user', content });
const reply = (content: string): ChatMessage => ({
  id: `a${n++}`,
  createdAt: 0,
  role: 'assistant',
  content,
  reasoning: '',
  refusal: null,
  toolCalls: [],
  status: 'complete',
  runId: 'r',
  turn: 1,
});

function longHistory(pairs: number, size: number): ChatMessage[] {
  const h: ChatMessage[] = [];
  for (let i = 0; i < pairs; i++)
    h.push(user(`question ${i} ` + 'q'.repeat(size)), reply(`answer ${i} ` + 'a'.repeat(size)));
  h.push(user('latest'));
  return h;
}

const signal = new AbortController().signal;
let ids = 0;
const deps = (model: ModelClient, limitTokens: number) => ({
  model,
  modelName: 'test-model',
  limitTokens,
  newId: () => `s${ids++}`,
  now: () => 1,
});

describe('context manager', () => {
  it('does nothing below the hard threshold but reports the warning level', async () => {
    const model = summarizer('short');
    const cm = createContextManager(deps(model, 1000));
    const small = longHistory(1, 1300); // about 670 tokens of 1000
    const r = await cm.beforeRequest(small, '', [], signal);
    expect(r.compaction).toBeNull();
    expect(r.budget.level).toBe('ok');
    expect(model.requests).toHaveLength(0);
    const warn = await cm.beforeRequest(longHistory(1, 1600), '', [], signal); // about 820 of 1000
    expect(warn.budget.level).toBe('warn');
    expect(warn.compaction).toBeNull();
  });

  it('compacts at 95 % to about 82 %, keeping the latest message and the originals in history', async () => {
    const model = summarizer('The user asked ten questions about q; all answered.');
    const cm = createContextManager(deps(model, 4000));
    const history = longHistory(10, 800); // ~20 x 205 = 4100 tokens
    expect(cm.estimate(history, '', [])).toBeGreaterThan(0.95 * 4000);
    const r = await cm.beforeRequest(history, 'sys', [], signal);
    expect(r.compaction).not.toBeNull();
    const c = r.compaction!;
    expect(model.requests).toHaveLength(1);
    expect(JSON.stringify(model.requests[0]?.messages)).toContain('question 0');
    expect(c.summary.summaryOf).toContain(history[0]!.id);
    expect(c.summary.summaryOf).not.toContain(history[history.length - 1]!.id);
    expect(c.tokensAfter).toBeLessThanOrEqual(0.82 * 4000);
    expect(c.tokensBefore).toBeGreaterThan(c.tokensAfter);
    const view = requestView([...history, c.summary]);
    expect(view[0]).toBe(c.summary);
    expect(view[view.length - 1]?.id).toBe(history[history.length - 1]!.id);
  });

  it('stops with a context limit error when even the kept tail is too big', async () => {
    const model = summarizer('summary');
    const cm = createContextManager(deps(model, 1000));
    const history = [user('x'.repeat(100)), reply('y'.repeat(100)), user('z'.repeat(5000))];
    await expect(cm.beforeRequest(history, '', [], signal)).rejects.toBeInstanceOf(ContextLimitError);
    await expect(cm.beforeRequest(history, '', [], signal)).rejects.toThrow(/context window is 1000/);
  });

  it('manual compaction summarises all but the last exchange', async () => {
    const model = summarizer('manual summary');
    const cm = createContextManager(deps(model, 100_000));
    const history = longHistory(4, 50);
    const c = await cm.compactNow(history, '', [], signal);
    expect(c?.summary.content).toContain('manual summary');
    expect(c?.summary.summaryOf).toEqual(history.slice(0, history.length - 2).map((m) => m.id));
  });

  describe('trigger points with an exact counter (one character, one token)', () => {
    const chars = (t: string) => t.length;
    const LIMIT = 10_000;
    // 16 messages of 500 tokens (496 characters + 4 overhead), then the newest user message sized to hit `total`.
    function historyOf(total: number): ChatMessage[] {
      const h: ChatMessage[] = [];
      for (let i = 0; i < 8; i++) h.push(user(`${i}`.padEnd(496, 'q')), reply(`${i}`.padEnd(496, 'a')));
      h.push(user('n'.repeat(total - 16 * 500 - 4)));
      return h;
    }

    it('makes no summary request at 94 % and compacts at 95 %', async () => {
      const model = summarizer('summary');
      const cm = createContextManager({ ...deps(model, LIMIT), counter: counterFrom(chars) });
      const at94 = historyOf(9_400);
      expect(cm.estimate(at94, '', [])).toBe(9_400);
      const r = await cm.beforeRequest(at94, '', [], signal);
      expect(r.compaction).toBeNull();
      expect(r.budget.level).toBe('warn');
      expect(model.requests).toHaveLength(0);

      const at95 = historyOf(9_500);
      const c = await cm.beforeRequest(at95, '', [], signal);
      expect(model.requests).toHaveLength(1);
      expect(c.compaction?.tokensBefore).toBe(9_500);
    });

    it('compacts to just under 82 %, leaving room for the summary, by whole messages', async () => {
      const summary = 's'.repeat(200);
      const cm = createContextManager({ ...deps(summarizer(summary), LIMIT), counter: counterFrom(chars) });
      const r = await cm.beforeRequest(historyOf(9_800), '', [], signal);
      const after = r.compaction!.tokensAfter;
      const reserve = Math.min(2_000, LIMIT * 0.1);
      const summaryTokens = r.compaction!.summary.content.length + 4;
      // The shortest cut: with the summary reserve the rest fits 82 %, and keeping one more 500-token message would not.
      expect(after - summaryTokens + reserve).toBeLessThanOrEqual(0.82 * LIMIT);
      expect(after - summaryTokens + reserve + 500).toBeGreaterThan(0.82 * LIMIT);
      expect(r.budget).toMatchObject({ tokens: after, level: 'ok' });
    });
  });

  it('corrects estimates with reported usage', () => {
    const cm = createContextManager(deps(summarizer(''), 100_000));
    const history = longHistory(2, 400);
    const before = cm.estimate(history, '', []);
    cm.observeUsage(before, before * 2);
    expect(cm.estimate(history, '', [])).toBe(before * 2);
  });

  it('has each text counted exactly once, off the main thread, before the estimate that decides: later requests add only the new messages', async () => {
    const asked: string[][] = [];
    // Stands in for the worker: one token a character, exact.
    const counter = createTokenCounter('o200k_base', async (_enc, texts) => {
      asked.push(texts);
      return texts.map((t): TokenCount => ({ tokens: t.length, exact: true }));
    });
    const cm = createContextManager({ ...deps(summarizer('unused'), 100_000), counter });
    const history = [user('first question'), reply('first answer')];
    const r1 = await cm.beforeRequest(history, 'system prompt', [], signal);
    // Exact: 'first question' (14) + 'first answer' (12) + 'system prompt' (13), plus 4 framing tokens each.
    expect(r1.rawTokens).toBe(14 + 12 + 13 + 3 * 4);
    const r2 = await cm.beforeRequest([...history, user('second')], 'system prompt', [], signal);
    expect(r2.rawTokens).toBe(r1.rawTokens + 6 + 4);
    expect(asked).toEqual([['first question', 'first answer', 'system prompt'], ['second']]);
  });
});
