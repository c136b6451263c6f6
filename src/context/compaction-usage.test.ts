import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../domain/messages';
import type { ModelRequest } from '../agent/model-client';
import { harness } from '../agent/testing/harness';
import { textReply, type ScriptedModel } from '../agent/testing/scripted-model';
import { createContextManager } from './context-manager';

const isSummary = (r: ModelRequest) => String(r.messages[0]?.content).startsWith('You compress conversations');

/** Summary requests report 300 + 40 tokens, the run's own turn 1000 + 10. */
function model(): ScriptedModel {
  const requests: ModelRequest[] = [];
  return {
    requests,
    signals: [],
    stream(request) {
      requests.push(request);
      const step = isSummary(request)
        ? textReply(['SUMMARY'], { usage: [300, 40] })
        : textReply(['answer'], { usage: [1000, 10] });
      return (async function* (): AsyncGenerator<ChatCompletionChunk> {
        for (const c of step.chunks) yield c;
      })();
    },
  };
}

describe('tokens spent on summaries', () => {
  it('count in the run usage the run reports (and so the session usage built from it)', async () => {
    const m = model();
    const cm = createContextManager({
      model: m,
      modelName: 'test-model',
      limitTokens: 3_000,
      newId: () => 'sum',
      now: () => 1,
    });
    const history: ChatMessage[] = [];
    for (let i = 0; i < 6; i++) {
      history.push({ id: `u${i}`, createdAt: 0, role: 'user', content: 'q'.repeat(1_000) });
      history.push({
        id: `a${i}`,
        createdAt: 0,
        role: 'assistant',
        content: 'a'.repeat(1_000),
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: 'r0',
        turn: 1,
      });
    }
    const h = harness(m, {
      history,
      context: {
        async beforeRequest(hist, system, tools, signal) {
          const r = await cm.beforeRequest(hist, system, tools, signal);
          return { compaction: r.compaction, estimatedTokens: r.budget.tokens };
        },
        observeUsage: () => undefined,
      },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(m.requests.filter(isSummary)).toHaveLength(1);
    const finished = h.events.at(-1);
    expect(finished).toMatchObject({
      type: 'run_finished',
      usage: { promptTokens: 1_300, completionTokens: 50, totalTokens: 1_350, estimated: false },
    });
    // Per-request figures stay those of the run's own requests.
    expect(
      h.events
        .filter((e) => e.type === 'request_finished')
        .map((e) => e.type === 'request_finished' && e.usage.promptTokens),
    ).toEqual([1_000]);
  });
});
