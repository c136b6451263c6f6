import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../domain/messages';
import { RunScript, usage } from '../timeline/testing/run-script';
import { comparePaths, describePath, onSharedScale, type ComparePath } from './compare-paths';

const at = 1_000;
const user = (id: string, content: string): ChatMessage => ({ id, role: 'user', content, createdAt: at });
const reply = (id: string, content: string, calls: { id: string; name: string }[] = [], runId = 'r1'): ChatMessage => ({
  id,
  role: 'assistant',
  content,
  reasoning: '',
  refusal: null,
  status: 'complete',
  runId,
  turn: 1,
  createdAt: at,
  toolCalls: calls.map((c) => ({ ...c, arguments: '{}' })),
});
const result = (callId: string, name: string, outcome: 'ok' | 'error' | 'timeout'): ChatMessage => ({
  id: `t-${callId}`,
  role: 'tool',
  toolCallId: callId,
  name,
  content: 'x',
  isError: outcome !== 'ok',
  outcome,
  runId: 'r1',
  turn: 1,
  createdAt: at,
});

/** A path of one run: two model turns with three tool calls between them, `length` ms long. */
function toolPath(sessionId: string, length: number, model = 'model-a'): ComparePath {
  const script = new RunScript(`${sessionId}-run`, sessionId)
    .started(model)
    .request(1, 0, 10, 20, { usage: usage(100, 10) })
    .tool(1, 'c1', 'search', 40, 60)
    .tool(1, 'c2', 'search', 40, 70, 'error')
    .tool(1, 'c3', 'fetch_url', 40, 50, 'timeout')
    .request(2, 80, 10, 20, { finish: 'stop', usage: usage(200, 30) })
    .finished(length, 'complete', usage(300, 40));
  return {
    label: `Session ${sessionId}`,
    sessionId,
    model,
    messages: [
      user('u1', 'find it'),
      reply('a1', '', [
        { id: 'c1', name: 'search' },
        { id: 'c2', name: 'search' },
        { id: 'c3', name: 'fetch_url' },
      ]),
      result('c1', 'search', 'ok'),
      result('c2', 'search', 'error'),
      result('c3', 'fetch_url', 'timeout'),
      reply('a2', 'Found it.'),
    ],
    runs: [script.record(script.startedAt + length, 'complete')],
    events: script.build(),
  };
}

describe('describePath', () => {
  it('counts turns, user messages and tool calls by name and outcome, sums tokens and time, and finds the final answer', () => {
    const side = describePath(toolPath('s1', 500), 0);
    expect(side).toMatchObject({
      label: 'Session s1',
      model: 'model-a',
      models: ['model-a'],
      userMessages: 1,
      turns: 2,
      toolCalls: 3,
      runs: 1,
      durationMs: 500,
      cost: null,
      finalAnswer: { text: 'Found it.', status: 'complete' },
      usage: { promptTokens: 300, completionTokens: 40, totalTokens: 340 },
    });
    expect(side.tools).toEqual([
      { name: 'search', total: 2, outcomes: { ok: 1, error: 1 } },
      { name: 'fetch_url', total: 1, outcomes: { timeout: 1 } },
    ]);
    expect(side.layout.callIndex.size).toBe(3);
  });

  it('counts a call the path holds no result for as unanswered', () => {
    const path: ComparePath = {
      label: 'x',
      sessionId: 's',
      model: 'm',
      runs: [],
      events: [],
      messages: [user('u', 'q'), reply('a', '', [{ id: 'c9', name: 'js_eval' }])],
    };
    const side = describePath(path, 0);
    expect(side.tools).toEqual([{ name: 'js_eval', total: 1, outcomes: { unanswered: 1 } }]);
    expect(side.finalAnswer).toBeNull();
    expect(side.durationMs).toBe(0);
    expect(side.models).toEqual([]);
  });

  it('asks the price list for a cost and keeps its answer', () => {
    const side = describePath(toolPath('s1', 500), 0, (model, u) =>
      model === 'model-a' ? { amount: u.totalTokens / 1000, currency: 'USD' } : null,
    );
    expect(side.cost).toEqual({ amount: 0.34, currency: 'USD' });
  });

  it('reads only the path it is given: a branch is its messages and its runs, not the whole session', () => {
    const whole = toolPath('s1', 500);
    const branch: ComparePath = { ...whole, messages: whole.messages.slice(0, 1), runs: [], events: [] };
    expect(describePath(branch, 0)).toMatchObject({
      userMessages: 1,
      turns: 0,
      toolCalls: 0,
      runs: 0,
      finalAnswer: null,
    });
  });
});

describe('comparePaths', () => {
  it("puts both timelines on the longer one's time scale", () => {
    const c = comparePaths(toolPath('s1', 500), toolPath('s2', 2_000, 'model-b'), 0);
    expect(c.a.layout.totalMs).toBe(500);
    expect(c.b.layout.totalMs).toBe(2_000);
    expect(c.scaleMs).toBe(2_000);
    expect(onSharedScale(c.a.layout, c.scaleMs).totalMs).toBe(2_000);
    // Bars keep their own times: the same moment is the same x on both charts.
    const first = (side: typeof c.a) => side.layout.callIndex.get('c1')?.bar.start;
    expect(first(c.a)).toBe(first(c.b));
    expect(c.b.models).toEqual(['model-b']);
  });
});
