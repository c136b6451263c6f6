import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { createContextManager } from './context-manager';
import type { ContextHook } from '../agent/context-hook';
import type { LoopEvent } from '../agent/events';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage } from '../domain/messages';
import type { ModelClient, ModelRequest } from '../agent/model-client';
import { fakeExecutor, fakeTool, ok } from '../agent/testing/fake-tools';
import { harness, types } from '../agent/testing/harness';
import { scriptedModel, textReply, toolCallsReply, type ScriptedModel } from '../agent/testing/scripted-model';
import { ModelError } from '../agent/errors';

const isSummaryRequest = (r: ModelRequest) => {
  const first = r.messages[0];
  return (
    first?.role === 'system' &&
    typeof first.content === 'string' &&
    first.content.startsWith('You compress conversations')
  );
};

/**
 * A model that calls `fetch_page` `toolTurns` times, then answers; summary requests (from the
 * context manager over the same client) get a fixed summary. Requests are recorded in order.
 */
function pagingModel(toolTurns: number): ScriptedModel & { turns: ModelRequest[] } {
  const requests: ModelRequest[] = [];
  const turns: ModelRequest[] = [];
  return {
    requests,
    signals: [],
    turns,
    stream(request) {
      const copy = structuredClone(request);
      requests.push(copy);
      const summary = isSummaryRequest(copy);
      if (!summary) turns.push(copy);
      const n = turns.length;
      const step = summary
        ? textReply(['SUMMARY: pages fetched so far were about gardening.'], { usage: false })
        : n <= toolTurns
          ? toolCallsReply([{ id: `call-${n}`, name: 'fetch_page', args: JSON.stringify({ page: n }) }], {
              usage: false,
            })
          : textReply(['All pages read.'], { usage: false });
      return (async function* (): AsyncGenerator<ChatCompletionChunk> {
        for (const c of step.chunks) yield c;
      })();
    },
  };
}

/** Each page is about 500 tokens, and names itself so a request can be searched for it. */
const pageTool = fakeTool({
  name: 'fetch_page',
  required: { page: 'number' },
  run: (args) => ok(`PAGE-${(args as { page: number }).page} ` + 'x'.repeat(2000)),
});

let sid = 0;
function hookFor(model: ModelClient, limitTokens: number, seen: { observed: [number, number][] }): ContextHook {
  const cm = createContextManager({
    model,
    modelName: 'test-model',
    limitTokens,
    newId: () => `sum-${++sid}`,
    now: () => 1,
  });
  return {
    async beforeRequest(history, system, tools, signal) {
      const r = await cm.beforeRequest(history, system, tools, signal);
      return {
        compaction: r.compaction,
        estimatedTokens: r.budget.tokens,
        limitTokens,
        systemLayers: [{ id: 'base', title: 'Base prompt', text: system }],
      };
    },
    observeUsage(estimated, reported) {
      seen.observed.push([estimated, reported]);
      cm.observeUsage(estimated, reported);
    },
  };
}

const wireText = (r: ModelRequest) => JSON.stringify(r.messages);
const ofType = <T extends LoopEvent['type']>(events: LoopEvent[], type: T) =>
  events.filter((e): e is Extract<LoopEvent, { type: T }> => e.type === type);

describe('runAgent with a context hook (compaction, memory recall)', () => {
  it('compacts a long run automatically and keeps going; requests carry the summary, not the covered messages', async () => {
    const model = pagingModel(12);
    const seen = { observed: [] as [number, number][] };
    const h = harness(model, {
      tools: fakeExecutor([pageTool]),
      systemPrompt: 'Be brief.',
      context: hookFor(model, 3000, seen),
    });
    const r = await h.run();

    expect(r.stopReason).toBe('complete');
    expect(r.history.at(-1)).toMatchObject({ role: 'assistant', content: 'All pages read.' });
    expect(findHistoryProblems(r.history)).toEqual([]);

    const compactions = ofType(h.events, 'context_compacted');
    expect(compactions.length).toBeGreaterThanOrEqual(2);
    // Nothing is deleted: every page result is still in the history the run returns.
    for (let p = 1; p <= 12; p++)
      expect(r.history.some((m) => m.role === 'tool' && m.content.startsWith(`PAGE-${p} `))).toBe(true);

    for (const c of compactions) {
      const summary = r.history.find((m) => m.id === c.summaryMessageId);
      expect(summary).toMatchObject({ role: 'system', summaryOf: c.removedMessageIds });
      expect(c.tokensAfter).toBeLessThan(c.tokensBefore);
      expect(c.tokensAfter).toBeLessThanOrEqual(0.82 * 3000);
      // The summary is appended (and announced) before the request it shortens.
      const appendedAt = h.events.findIndex(
        (e) => e.type === 'message_appended' && e.message.id === c.summaryMessageId,
      );
      const compactedAt = h.events.indexOf(c);
      const nextRequest = h.events.findIndex((e, i) => i > compactedAt && e.type === 'request_started');
      expect(appendedAt).toBeGreaterThan(-1);
      expect(appendedAt).toBeLessThan(compactedAt);
      expect(nextRequest).toBe(compactedAt + 1);
      // A tool call and its result are summarised together or not at all.
      const removed = new Set(c.removedMessageIds);
      for (const m of r.history) {
        if (m.role !== 'assistant') continue;
        const results = r.history.filter(
          (t) => t.role === 'tool' && m.toolCalls.some((call) => call.id === t.toolCallId),
        );
        for (const t of results) expect(removed.has(t.id)).toBe(removed.has(m.id));
      }
    }

    // The first page was summarised early; no later request carries it, every one after the first compaction carries a summary.
    const firstCompactionTurn = compactions[0]!.turn;
    const later = model.turns.slice(firstCompactionTurn - 1);
    expect(later.length).toBeGreaterThan(1);
    for (const req of later) {
      expect(wireText(req)).not.toContain('PAGE-1 ');
      expect(wireText(req)).toContain('SUMMARY: pages fetched so far');
      expect(req.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
      expect(req.messages[1]).toMatchObject({ role: 'system' });
      // The wire history stays valid too: every tool message answers the assistant message before it.
      req.messages.forEach((m, i) => {
        if (m.role !== 'tool') return;
        const prev = req.messages
          .slice(0, i)
          .reverse()
          .find((x) => x.role !== 'tool');
        expect(prev?.role).toBe('assistant');
      });
    }
    // Only the summaries reached the model besides the 13 turns.
    expect(model.requests.length).toBe(13 + compactions.length);

    const started = ofType(h.events, 'request_started');
    expect(
      started.every(
        (e) => e.contextLimit === 3000 && typeof e.contextTokens === 'number' && e.contextTokens < 0.95 * 3000,
      ),
    ).toBe(true);
    expect(started[0]?.systemLayers).toEqual([{ id: 'base', title: 'Base prompt', text: 'Be brief.' }]);
  });

  it('stops with a clear context-limit error, before any request, when even the newest message does not fit', async () => {
    const model = pagingModel(0);
    const h = harness(model, { userMessage: 'y'.repeat(20_000), context: hookFor(model, 1000, { observed: [] }) });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({ kind: 'context_limit', fault: 'user', limitTokens: 1000 });
    expect(r.error?.message).toMatch(/context window is 1000/);
    expect(model.requests).toHaveLength(0);
    expect(types(h.events)).toEqual(['run_started', 'message_appended', 'run_finished']);
    expect(ofType(h.events, 'run_finished')[0]?.error?.kind).toBe('context_limit');
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('stops at the limit mid-run with the tool pairs answered', async () => {
    // The pages grow until the kept tail (the last tool exchange) alone no longer fits.
    const big = fakeTool({
      name: 'fetch_page',
      required: { page: 'number' },
      run: (args) => ok('z'.repeat(2000 * (args as { page: number }).page)),
    });
    const model = pagingModel(10);
    const h = harness(model, { tools: fakeExecutor([big]), context: hookFor(model, 2000, { observed: [] }) });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error?.kind).toBe('context_limit');
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(r.history.at(-1)?.role).toBe('tool');
  });

  it('reports provider usage to the hook with the estimate of the same request', async () => {
    const seen = { observed: [] as [number, number][] };
    const requests: ModelRequest[] = [];
    const model: ScriptedModel = {
      requests,
      signals: [],
      stream(request) {
        requests.push(request);
        const step = textReply(['hi'], { usage: [321, 2] });
        return (async function* () {
          for (const c of step.chunks) yield c;
        })();
      },
    };
    const h = harness(model, { context: hookFor(model, 100_000, seen) });
    await h.run();
    const started = ofType(h.events, 'request_started')[0];
    expect(seen.observed).toEqual([[started?.contextTokens, 321]]);
  });

  it('a run aborted during compaction ends cancelled without a summary', async () => {
    const controller = new AbortController();
    const hook: ContextHook = {
      beforeRequest: (_h, _s, _t, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true }),
        ),
      observeUsage: () => undefined,
    };
    const model = pagingModel(0);
    const h = harness(model, { context: hook, signal: controller.signal });
    const done = h.run();
    controller.abort();
    const r = await done;
    expect(r.stopReason).toBe('cancelled');
    expect(r.history.map((m: ChatMessage) => m.role)).toEqual(['user']);
    expect(model.requests).toHaveLength(0);
  });

  it('without a hook, summaries already in the history still replace what they cover', async () => {
    const model = pagingModel(0);
    const history: ChatMessage[] = [
      { id: 'u0', createdAt: 0, role: 'user', content: 'OLD QUESTION' },
      {
        id: 'a0',
        createdAt: 0,
        role: 'assistant',
        content: 'OLD ANSWER',
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: 'r0',
        turn: 1,
      },
      { id: 's0', createdAt: 0, role: 'system', content: 'Summary: they talked.', summaryOf: ['u0', 'a0'] },
    ];
    await harness(model, { history }).run();
    expect(model.requests[0]?.messages).toEqual([
      { role: 'system', content: 'Summary: they talked.' },
      { role: 'user', content: 'hello' },
    ]);
  });
});

describe('runAgent when preparing the context fails', () => {
  it('ends with an internal compaction error, keeps the history and sends nothing', async () => {
    const model = scriptedModel([textReply(['never asked'])]);
    const broken: ContextHook = {
      beforeRequest: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'summary')");
      },
      observeUsage: () => undefined,
    };
    const h = harness(model, { userMessage: 'hello', context: broken });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toEqual({
      fault: 'system',
      kind: 'internal',
      step: 'compaction',
      message: "Compacting the conversation failed: Cannot read properties of undefined (reading 'summary')",
    });
    expect(model.requests).toHaveLength(0);
    expect(r.history.map((m) => m.role)).toEqual(['user']);
  });

  it('keeps the error a failed summary request carries (here the network), rather than calling it internal', async () => {
    const hook: ContextHook = {
      beforeRequest: async () => {
        throw new ModelError({ fault: 'system', kind: 'network', message: 'The connection was lost' }, true);
      },
      observeUsage: () => undefined,
    };
    const r = await harness(scriptedModel([]), { context: hook }).run();
    expect(r.error).toMatchObject({ kind: 'network', message: 'The connection was lost' });
  });
});
