import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccumulatedTurn, AccumulatorDelta } from './accumulator';
import { ModelError } from './errors';
import { accumulateResponses, createResponsesAccumulator, type ResponsesEvent } from './responses-accumulator';
import { readResponsesFixture } from './testing/read-responses-fixture';

const FIXTURES = join(__dirname, '__fixtures__', 'openai-responses-sse');
const EXPECTED = join(__dirname, '__fixtures__', 'expected-responses');
const SHARED_FIXTURES = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'openai-responses-sse');

type Outcome = { turn: AccumulatedTurn; error: { info: ModelError['info']; retryable: boolean } | null };

function run(events: readonly ResponsesEvent[]): { outcome: Outcome; deltas: AccumulatorDelta[] } {
  const acc = createResponsesAccumulator();
  const deltas: AccumulatorDelta[] = [];
  let error: Outcome['error'] = null;
  for (const event of events) {
    try {
      deltas.push(...acc.push(event));
    } catch (e) {
      if (!(e instanceof ModelError)) throw e;
      error = { info: e.info, retryable: e.retryable };
      break;
    }
  }
  return { outcome: { turn: acc.result(), error }, deltas };
}

describe('Responses reducer on recorded streams', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.sse'));

  it('has an expected result checked in for every recording', () => {
    expect(files.length).toBe(17);
    for (const f of files) expect(existsSync(join(EXPECTED, f.replace(/\.sse$/, '.json'))), f).toBe(true);
  });

  // The recordings live outside the repo (../shared from its root); the repo keeps a copy so a clean checkout can
  // run. Where the originals exist (CI's layout), the copy must not have drifted; where they do not, the test is
  // reported as skipped, with the reason in its name, rather than passing without comparing anything.
  const sharedPresent = existsSync(SHARED_FIXTURES);
  it.skipIf(!sharedPresent)(
    sharedPresent
      ? 'is a byte-identical copy of the shared recordings'
      : `is a byte-identical copy of the shared recordings: skipped, ${SHARED_FIXTURES} is absent`,
    () => {
      const shared = readdirSync(SHARED_FIXTURES).sort();
      expect(shared.length).toBeGreaterThan(0);
      expect(readdirSync(FIXTURES).sort()).toEqual(shared);
      for (const f of shared)
        expect(readFileSync(join(FIXTURES, f)).equals(readFileSync(join(SHARED_FIXTURES, f))), f).toBe(true);
    },
  );

  for (const file of files) {
    it(file, async () => {
      const events = readResponsesFixture(join(FIXTURES, file));
      const { outcome, deltas } = run(events);
      const expectedPath = join(EXPECTED, file.replace(/\.sse$/, '.json'));
      if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedPath, JSON.stringify(outcome, null, 2) + '\n');
      const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Outcome;
      expect(outcome).toEqual(expected);

      // What the loop streams to the UI adds up to the assembled turn.
      expect(deltas.flatMap((d) => (d.kind === 'text' ? [d.delta] : [])).join('')).toBe(outcome.turn.text);
      expect(deltas.flatMap((d) => (d.kind === 'reasoning' ? [d.delta] : [])).join('')).toBe(outcome.turn.reasoning);
      const args = new Map<number, string>();
      for (const d of deltas)
        if (d.kind === 'tool_call') args.set(d.index, (args.get(d.index) ?? '') + d.argumentsDelta);
      expect([...args.values()]).toEqual(outcome.turn.toolCalls.map((c) => c.arguments));

      if (outcome.error === null) expect(await accumulateResponses(events)).toEqual(outcome.turn);
      else await expect(accumulateResponses(events)).rejects.toBeInstanceOf(ModelError);
    });
  }
});

const ev = (type: string, rest: Record<string, unknown> = {}): ResponsesEvent => ({ type, ...rest });

describe('Responses reducer on hostile streams', () => {
  it('correlates by output_index when every event carries a different id', async () => {
    const turn = await accumulateResponses([
      ev('response.output_item.added', {
        output_index: 0,
        item: { id: 'a1', type: 'function_call', call_id: 'call_1', name: 'f', arguments: '' },
      }),
      ev('response.output_item.added', {
        output_index: 1,
        item: { id: 'b1', type: 'function_call', call_id: 'call_2', name: 'g', arguments: '' },
      }),
      ev('response.function_call_arguments.delta', { output_index: 1, item_id: 'zz', delta: '{"y"' }),
      ev('response.function_call_arguments.delta', { output_index: 0, item_id: 'yy', delta: '{"x":1}' }),
      ev('response.function_call_arguments.delta', { output_index: 1, item_id: 'xx', delta: ':2}' }),
      ev('response.completed', {
        response: { id: 'r', usage: { input_tokens: 3, output_tokens: 4, total_tokens: 7 } },
      }),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'call_1', name: 'f', arguments: '{"x":1}' },
      { id: 'call_2', name: 'g', arguments: '{"y":2}' },
    ]);
    expect(turn.finishReason).toBe('tool_calls');
    expect(turn.usage).toEqual({ promptTokens: 3, completionTokens: 4, totalTokens: 7, estimated: false });
  });

  it('ignores deltas for items it never saw, unknown event types and non-string deltas', async () => {
    const turn = await accumulateResponses([
      ev('response.function_call_arguments.delta', { output_index: 7, delta: '{"x":1}' }),
      ev('response.something_new', { output_index: 0, delta: 'x' }),
      ev('response.output_text.delta', { output_index: 0, delta: 42 }),
      ev('response.output_text.delta', { output_index: 0, delta: null }),
      ev('response.output_text.delta', { delta: 'ok' }),
      ev('response.completed', { response: null }),
    ]);
    expect(turn.text).toBe('ok');
    expect(turn.toolCalls).toEqual([]);
    expect(turn.finishReason).toBe(null);
  });

  it('reports response.incomplete as length or content filter, keeping what streamed', async () => {
    const cut = await accumulateResponses([
      ev('response.output_text.delta', { output_index: 0, delta: 'Hal' }),
      ev('response.incomplete', {
        response: { incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 1, output_tokens: 1 } },
      }),
    ]);
    expect(cut.text).toBe('Hal');
    expect(cut.finishReason).toBe('length');
    const filtered = await accumulateResponses([
      ev('response.incomplete', { response: { incomplete_details: { reason: 'content_filter' } } }),
    ]);
    expect(filtered.finishReason).toBe('content_filter');
  });

  it('turns an error event with a flat body and a response.failed without error into ModelErrors', () => {
    const flat = createResponsesAccumulator();
    expect(() => flat.push(ev('error', { code: 'server_error', message: 'boom' }))).toThrow(/boom/);
    const failed = createResponsesAccumulator();
    failed.push(ev('response.output_text.delta', { delta: 'partial' }));
    let caught: unknown;
    try {
      failed.push(ev('response.failed', { response: { status: 'failed' } }));
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ModelError);
    expect(failed.result().text).toBe('partial');
  });

  it('takes the final arguments from output_item.done when deltas went missing, and streams the rest', () => {
    const acc = createResponsesAccumulator();
    acc.push(
      ev('response.output_item.added', {
        output_index: 0,
        item: { type: 'function_call', call_id: 'c', name: 'f', arguments: '' },
      }),
    );
    acc.push(ev('response.function_call_arguments.delta', { output_index: 0, delta: '{"a"' }));
    const deltas = acc.push(
      ev('response.output_item.done', {
        output_index: 0,
        item: { type: 'function_call', call_id: 'c', name: 'f', arguments: '{"a":1}' },
      }),
    );
    expect(deltas).toEqual([{ kind: 'tool_call', index: 0, id: 'c', name: 'f', argumentsDelta: ':1}' }]);
    expect(acc.result().toolCalls).toEqual([{ id: 'c', name: 'f', arguments: '{"a":1}' }]);
  });

  it('keeps the encrypted reasoning from done, not from added, and never puts it in the shown reasoning', () => {
    const acc = createResponsesAccumulator();
    acc.push(
      ev('response.output_item.added', {
        output_index: 0,
        item: { id: 'rs_1', type: 'reasoning', encrypted_content: 'OLD' },
      }),
    );
    acc.push(ev('response.reasoning_summary_text.delta', { output_index: 0, summary_index: 0, delta: 'Thinking' }));
    acc.push(
      ev('response.output_item.done', {
        output_index: 0,
        item: {
          id: 'rs_1',
          type: 'reasoning',
          encrypted_content: 'NEW',
          summary: [{ type: 'summary_text', text: 'Thinking' }],
        },
      }),
    );
    const turn = acc.result();
    expect(turn.items).toEqual([{ kind: 'reasoning', id: 'rs_1', summary: ['Thinking'], encryptedContent: 'NEW' }]);
    expect(turn.reasoning).toBe('Thinking');
  });

  it('does not let a duplicated output_item.added reset an item', () => {
    const acc = createResponsesAccumulator();
    const added = ev('response.output_item.added', {
      output_index: 0,
      item: { type: 'function_call', call_id: 'c', name: 'f' },
    });
    acc.push(added);
    acc.push(ev('response.function_call_arguments.delta', { output_index: 0, delta: '{}' }));
    acc.push(added);
    expect(acc.result().toolCalls).toEqual([{ id: 'c', name: 'f', arguments: '{}' }]);
  });

  it('does not pollute prototypes with hostile keys', async () => {
    const turn = await accumulateResponses([
      JSON.parse(
        '{"type":"response.output_item.added","output_index":0,"item":{"type":"web_search_call","id":"ws","__proto__":{"polluted":true}}}',
      ) as ResponsesEvent,
      ev('response.completed', { response: { id: 'r' } }),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(turn.items).toHaveLength(1);
  });
});
