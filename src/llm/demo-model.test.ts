/**
 * The demo model through the real loop: its chunks are folded by the real accumulator, its calls validated against
 * the built-ins' real schemas, and the results the loop feeds back are what it answers from.
 */
import { describe, expect, it } from 'vitest';
import { accumulate } from '../agent/accumulator';
import type { ApprovalGate, ToolHandle } from '../agent/tool-executor';
import { fakeExecutor, ok } from '../agent/testing/fake-tools';
import { harness, toolResults } from '../agent/testing/harness';
import { scriptedModel } from '../agent/testing/scripted-model';
import type { AssistantMessage } from '../domain/messages';
import { BUILTIN_SPECS } from '../tools/builtin-specs';
import { compileArgsValidator } from '../tools/validate-args';
import { createDemoModelClient } from './demo-model';
import { DEMO_MODEL } from './known-providers';

/** The built-ins as the model sees them (real names, descriptions, schemas and approval defaults), with stand-in runs. */
function builtins(runs: Record<string, (args: Record<string, unknown>) => string>): {
  tools: ToolHandle[];
  calls: { name: string; args: unknown }[];
} {
  const calls: { name: string; args: unknown }[] = [];
  const tools = BUILTIN_SPECS.map((spec): ToolHandle => {
    const validate = compileArgsValidator(spec.parameters);
    return {
      spec: { name: spec.id, description: spec.description, parameters: spec.parameters },
      needsApproval: spec.needsApprovalByDefault ?? false,
      validate,
      run: async (args) => {
        calls.push({ name: spec.id, args });
        const run = runs[spec.id];
        return ok(run ? run(args as Record<string, unknown>) : 'unexpected');
      },
    };
  });
  return { tools, calls };
}

const assistantTexts = (history: readonly { role: string }[]) =>
  history.filter((m): m is AssistantMessage => m.role === 'assistant').map((m) => m.content);

function demoRun(
  userMessage: string,
  opts: { runs?: Record<string, (args: Record<string, unknown>) => string>; approve?: ApprovalGate } = {},
) {
  const { tools, calls } = builtins(opts.runs ?? {});
  const h = harness(scriptedModel([]), {
    model: createDemoModelClient({ pieceDelayMs: 0 }),
    tools: fakeExecutor(tools),
    userMessage,
    config: { model: DEMO_MODEL },
    ...(opts.approve ? { approve: opts.approve } : {}),
  });
  return { h, calls };
}

describe('the demo model', () => {
  it('answers a plain question with Markdown streamed in many pieces that says it is the demo and how to connect a real model', async () => {
    const { h, calls } = demoRun('Tell me about Paris');
    const result = await h.run();
    expect(result.stopReason).toBe('complete');
    expect(calls).toEqual([]);
    const [answer] = assistantTexts(result.history);
    expect(answer).toContain('**demo model**');
    expect(answer).toContain('open **Settings**, pick a Base URL preset, enter your API key');
    expect(answer).toContain('“Tell me about Paris”');
    // Streamed: many text deltas, not one block.
    expect(h.events.filter((e) => e.type === 'text_delta').length).toBeGreaterThan(10);
    // No usage from an in-page script: the loop's estimate, marked as one.
    const finished = h.events.find((e) => e.type === 'request_finished');
    expect(finished?.type === 'request_finished' && finished.usage.estimated).toBe(true);
  });

  it('computes arithmetic with js_eval (arguments valid for its schema), then answers with the result it got back', async () => {
    const { h, calls } = demoRun('what is 17*23?', {
      runs: { js_eval: (args) => (args.expression === '17 * 23' ? '391' : 'wrong expression') },
    });
    const result = await h.run();
    expect(result.stopReason).toBe('complete');
    expect(calls).toEqual([{ name: 'js_eval', args: { expression: '17 * 23' } }]);
    expect(toolResults(result.history)).toEqual([expect.objectContaining({ outcome: 'ok', content: '391' })]);
    const [asked, answer] = assistantTexts(result.history);
    expect(asked).toContain('`js_eval`');
    expect(answer).toContain('**17 * 23 = 391**');
    expect(answer).toContain('demo model');
  });

  it('asks current_time for the time, with a time zone when one is named, and reads its answer', async () => {
    const clock = JSON.stringify({
      iso: '2026-11-27T13:04:05.000Z',
      date: '2026-11-27',
      time: '14:04:05',
      weekday: 'Friday',
      timeZone: 'Europe/Paris',
      utcOffset: 'GMT+01:00',
    });
    const { h, calls } = demoRun('What time is it in Europe/Paris?', { runs: { current_time: () => clock } });
    const result = await h.run();
    expect(calls).toEqual([{ name: 'current_time', args: { timeZone: 'Europe/Paris' } }]);
    expect(assistantTexts(result.history).at(-1)).toContain(
      'It is **14:04:05** on **Friday, 2026-11-27** (Europe/Paris, GMT+01:00)',
    );
  });

  it('asks for fetch_url, which waits for approval; denied, it says it did not fetch and nothing ran', async () => {
    const asked: string[] = [];
    const deny: ApprovalGate = async (call) => {
      asked.push(`${call.name} ${call.arguments}`);
      return { decision: 'deny' };
    };
    const { h, calls } = demoRun('Please fetch https://example.com/page.', { approve: deny });
    const result = await h.run();
    expect(asked).toEqual(['fetch_url {"url":"https://example.com/page"}']);
    expect(calls).toEqual([]);
    expect(toolResults(result.history)).toEqual([expect.objectContaining({ outcome: 'denied' })]);
    expect(assistantTexts(result.history).at(-1)).toContain(
      'You denied the request, so I did not fetch https://example.com/page',
    );
  });

  it('answers from an approved fetch the result the tool gave', async () => {
    const { h } = demoRun('fetch example.org', {
      runs: { fetch_url: () => '<html>Example Domain</html>' },
      approve: async () => ({ decision: 'approve' }),
    });
    const result = await h.run();
    const answer = assistantTexts(result.history).at(-1);
    expect(answer).toContain('I fetched https://example.org (27 characters)');
    expect(answer).toContain('<html>Example Domain</html>');
  });

  it('says so when the tool it needs is not offered, instead of calling it', async () => {
    const h = harness(scriptedModel([]), {
      model: createDemoModelClient({ pieceDelayMs: 0 }),
      tools: fakeExecutor([]),
      userMessage: 'what is 2+2',
    });
    const result = await h.run();
    expect(result.history.filter((m) => m.role === 'tool')).toEqual([]);
    expect(assistantTexts(result.history)[0]).toContain('this session does not offer it');
  });

  it('stops promptly when aborted mid-stream, with an AbortError like fetch', async () => {
    const client = createDemoModelClient({ pieceDelayMs: 60_000 });
    const controller = new AbortController();
    const stream = client.stream(
      { model: DEMO_MODEL, stream: true, messages: [{ role: 'user', content: 'hello' }] },
      { signal: controller.signal },
    );
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    // The next piece waits a minute; the abort must end that wait at once.
    const next = iterator.next();
    controller.abort();
    await expect(next).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('folds through the Chat Completions accumulator into one tool call with finish reason tool_calls', async () => {
    const client = createDemoModelClient({ pieceDelayMs: 0 });
    const tools = BUILTIN_SPECS.map((s) => ({
      type: 'function' as const,
      function: { name: s.id, parameters: s.parameters },
    }));
    const turn = await accumulate(
      client.stream(
        { model: DEMO_MODEL, stream: true, tools, messages: [{ role: 'user', content: 'compute (3 + 4) x 5' }] },
        { signal: new AbortController().signal },
      ),
    );
    expect(turn.finishReason).toBe('tool_calls');
    expect(turn.toolCalls).toEqual([{ id: 'call_demo_1', name: 'js_eval', arguments: '{"expression":"(3 + 4) * 5"}' }]);
  });
});
