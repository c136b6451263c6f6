import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ContextHook } from '../agent/context-hook';
import { ModelError } from '../agent/errors';
import type { LoopEvent } from '../agent/events';
import type { ModelRequest } from '../agent/model-client';
import { fakeExecutor, fakeTool, ok } from '../agent/testing/fake-tools';
import { harness } from '../agent/testing/harness';
import { textReply, toolCallsReply, type ScriptStep, type ScriptedModel } from '../agent/testing/scripted-model';
import { findHistoryProblems } from '../domain/history-check';
import { createContextManager } from './context-manager';

type SummaryAnswer = 'ok' | 'empty' | 'rate_limited' | 'unavailable' | 'hang';

const isSummary = (r: ModelRequest) => {
  const first = r.messages[0];
  return (
    first?.role === 'system' &&
    typeof first.content === 'string' &&
    first.content.startsWith('You compress conversations')
  );
};

/** Calls `fetch_page` until told otherwise; summary requests get the answers in `summaries`, in order. */
function model(summaries: SummaryAnswer[], toolTurns = 8): ScriptedModel & { summaryCount: () => number } {
  const requests: ModelRequest[] = [];
  const signals: AbortSignal[] = [];
  const queue = summaries.slice();
  let turns = 0;
  let summaryCount = 0;
  return {
    requests,
    signals,
    summaryCount: () => summaryCount,
    stream(request, { signal }) {
      requests.push(structuredClone(request));
      signals.push(signal);
      let step: ScriptStep | ModelError;
      if (isSummary(request)) {
        summaryCount++;
        const answer = queue.shift() ?? 'ok';
        step =
          answer === 'ok'
            ? textReply(['SUMMARY: gardening pages.'], { usage: false })
            : answer === 'empty'
              ? textReply([''], { usage: false })
              : answer === 'rate_limited'
                ? new ModelError(
                    {
                      fault: 'system',
                      kind: 'rate_limited',
                      status: 429,
                      retryAfterMs: 5,
                      message: 'rate limited (HTTP 429)',
                    },
                    true,
                    5,
                  )
                : answer === 'unavailable'
                  ? new ModelError(
                      { fault: 'system', kind: 'server', status: 503, message: 'had a problem (HTTP 503)' },
                      true,
                    )
                  : { chunks: [], then: 'hang' };
      } else {
        turns++;
        step =
          turns <= toolTurns
            ? toolCallsReply([{ id: `call-${turns}`, name: 'fetch_page', args: JSON.stringify({ page: turns }) }], {
                usage: false,
              })
            : textReply(['All pages read.'], { usage: false });
      }
      return (async function* (): AsyncGenerator<ChatCompletionChunk> {
        if (step instanceof ModelError) throw step;
        if (step.then === 'hang') {
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
          throw new DOMException('aborted', 'AbortError');
        }
        for (const c of step.chunks) yield c;
      })();
    },
  };
}

const pageTool = fakeTool({
  name: 'fetch_page',
  required: { page: 'number' },
  run: (args) => ok(`PAGE-${(args as { page: number }).page} ` + 'x'.repeat(2000)),
});

function hook(m: ScriptedModel): ContextHook {
  const cm = createContextManager({
    model: m,
    modelName: 'test-model',
    limitTokens: 3000,
    newId: () => crypto.randomUUID(),
    now: () => 1,
  });
  return {
    async beforeRequest(history, system, tools, signal, send) {
      const r = await cm.beforeRequest(history, system, tools, signal, send);
      return { compaction: r.compaction, estimatedTokens: r.budget.tokens };
    },
    observeUsage: (e, r) => cm.observeUsage(e, r),
  };
}

const summaryEvents = (events: LoopEvent[]) =>
  events.flatMap((e) =>
    e.type === 'summary_started' || e.type === 'summary_finished' || e.type === 'summary_failed' ? [e] : [],
  );

describe('the compaction summary request follows the run’s request policy', () => {
  it('retries a 429 and a 503 like a chat request, with events, and the run goes on compacted', async () => {
    const m = model(['rate_limited', 'unavailable', 'ok']);
    const h = harness(m, { tools: fakeExecutor([pageTool]), context: hook(m) });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    const events = summaryEvents(h.events);
    expect(events.slice(0, 6).map((e) => [e.type, e.attempt])).toEqual([
      ['summary_started', 1],
      ['summary_failed', 1],
      ['summary_started', 2],
      ['summary_failed', 2],
      ['summary_started', 3],
      ['summary_finished', 3],
    ]);
    expect(events[1]).toMatchObject({ retryInMs: 5, error: { kind: 'rate_limited' } });
    // Retry-After first, then the backoff for a second retry (base 1 s x 2, half fixed and half jitter at 0.5).
    expect(h.sleeps.slice(0, 2)).toEqual([5, 1500]);
    expect(h.events.filter((e) => e.type === 'context_compacted').length).toBeGreaterThan(0);
    // Summary text never streams into the chat.
    expect(
      h.events.filter((e) => e.type === 'text_delta').map((e) => (e.type === 'text_delta' ? e.delta : '')),
    ).not.toContain('SUMMARY: gardening pages.');
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('an empty summary stops the run with a clear error and removes nothing', async () => {
    const m = model(['empty']);
    const h = harness(m, { tools: fakeExecutor([pageTool]), context: hook(m) });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({ kind: 'empty_response', message: expect.stringContaining('nothing was removed') });
    expect(r.history.some((m) => m.role === 'system')).toBe(false);
    expect(h.events.some((e) => e.type === 'context_compacted')).toBe(false);
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('a summary that fails after every retry says so and keeps the whole history', async () => {
    const m = model(['unavailable', 'unavailable']);
    const h = harness(m, { tools: fakeExecutor([pageTool]), context: hook(m), config: { maxRetries: 1 } });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({
      kind: 'server',
      status: 503,
      message: expect.stringMatching(/^Compacting the conversation failed, so nothing was removed from it\./),
    });
    expect(m.summaryCount()).toBe(2);
    expect(r.history.some((msg) => msg.role === 'system')).toBe(false);
  });

  it('a stalled summary hits the first-byte timeout and is retried', async () => {
    const m = model(['hang', 'ok']);
    const h = harness(m, { tools: fakeExecutor([pageTool]), context: hook(m), config: { firstByteTimeoutMs: 20 } });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(summaryEvents(h.events)[1]).toMatchObject({
      type: 'summary_failed',
      error: { kind: 'timeout', phase: 'first_byte' },
    });
    expect(m.signals.filter((_, i) => isSummary(m.requests[i]!))[0]?.aborted).toBe(true);
  });

  it('Stop during a stalled summary ends the run cancelled with the history valid', async () => {
    const m = model(['hang']);
    const h = harness(m, { tools: fakeExecutor([pageTool]), context: hook(m) });
    const done = h.run();
    await expect.poll(() => h.events.some((e) => e.type === 'summary_started')).toBe(true);
    h.controller.abort();
    const r = await done;
    expect(r.stopReason).toBe('cancelled');
    expect(r.history.some((msg) => msg.role === 'system')).toBe(false);
    expect(findHistoryProblems(r.history)).toEqual([]);
  });
});
