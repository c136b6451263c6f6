import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { accumulate, createAccumulator, type AccumulatedTurn, type AccumulatorDelta } from './accumulator';
import { ModelError } from './errors';
import { readSseFixture } from './testing/read-sse-fixture';

const FIXTURES = join(__dirname, '__fixtures__', 'openai-sse');
const EXPECTED = join(__dirname, '__fixtures__', 'expected');
const SHARED_FIXTURES = join(__dirname, '..', '..', '..', 'shared', 'fixtures', 'openai-sse');

type Outcome = {
  turn: AccumulatedTurn;
  error: { info: ModelError['info']; retryable: boolean } | null;
};

function run(chunks: ChatCompletionChunk[]): { outcome: Outcome; deltas: AccumulatorDelta[] } {
  const acc = createAccumulator();
  const deltas: AccumulatorDelta[] = [];
  let error: Outcome['error'] = null;
  for (const chunk of chunks) {
    try {
      deltas.push(...acc.push(chunk));
    } catch (e) {
      if (!(e instanceof ModelError)) throw e;
      error = { info: e.info, retryable: e.retryable };
      break;
    }
  }
  return { outcome: { turn: acc.result(), error }, deltas };
}

/** A chunk with only the fields the tests care about. */
function chunk(choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}): ChatCompletionChunk {
  return {
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: choice ? [{ index: 0, finish_reason: null, ...choice }] : [],
    ...extra,
  } as unknown as ChatCompletionChunk;
}
const delta = (d: Record<string, unknown>, finish: string | null = null) => chunk({ delta: d, finish_reason: finish });

describe('accumulator on recorded provider streams', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.sse'));

  it('has an expected result checked in for every fixture', () => {
    expect(files.length).toBe(21);
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
      const chunks = readSseFixture(join(FIXTURES, file));
      const { outcome, deltas } = run(chunks);
      const expectedPath = join(EXPECTED, file.replace(/\.sse$/, '.json'));
      if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedPath, JSON.stringify(outcome, null, 2) + '\n');
      const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Outcome;
      expect(outcome).toEqual(expected);

      // The deltas the loop streams to the UI add up to the assembled turn.
      const text = deltas.flatMap((d) => (d.kind === 'text' ? [d.delta] : [])).join('');
      const reasoning = deltas.flatMap((d) => (d.kind === 'reasoning' ? [d.delta] : [])).join('');
      expect(text).toBe(outcome.turn.text);
      expect(reasoning).toBe(outcome.turn.reasoning);
      const args = new Map<number, string>();
      for (const d of deltas)
        if (d.kind === 'tool_call') args.set(d.index, (args.get(d.index) ?? '') + d.argumentsDelta);
      expect([...args.values()].sort()).toEqual(outcome.turn.toolCalls.map((c) => c.arguments).sort());

      // accumulate() agrees with the incremental form, sync and async.
      if (outcome.error === null) {
        expect(await accumulate(chunks)).toEqual(outcome.turn);
        expect(
          await accumulate(
            (async function* () {
              yield* chunks;
            })(),
          ),
        ).toEqual(outcome.turn);
      } else {
        await expect(accumulate(chunks)).rejects.toBeInstanceOf(ModelError);
      }
    });
  }
});

describe('accumulator edge cases', () => {
  it('keeps calls that all use index 0 but carry different ids apart', async () => {
    const turn = await accumulate([
      delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '{"x":' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '1}' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'b', function: { name: 'g', arguments: '{}' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{"x":2}' } }] }),
      delta({}, 'tool_calls'),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: '{"x":1}' },
      { id: 'b', name: 'g', arguments: '{}' },
      { id: 'c', name: 'f', arguments: '{"x":2}' },
    ]);
  });

  it('does not duplicate id or name when every fragment repeats them', async () => {
    const turn = await accumulate([
      delta({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: '{"q"' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'a', type: 'function', function: { name: 'f', arguments: ':1}' } }] }),
    ]);
    expect(turn.toolCalls).toEqual([{ id: 'a', name: 'f', arguments: '{"q":1}' }]);
  });

  it('assembles interleaved parallel calls in index order', async () => {
    const turn = await accumulate([
      delta({ tool_calls: [{ index: 1, id: 'b', function: { name: 'g', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'a', function: { name: 'f', arguments: '[' } }] }),
      delta({
        tool_calls: [
          { index: 1, function: { arguments: '{' } },
          { index: 0, function: { arguments: '1' } },
        ],
      }),
      delta({ tool_calls: [{ index: 0, function: { arguments: ']' } }] }),
      delta({ tool_calls: [{ index: 1, function: { arguments: '}' } }] }),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: '[1]' },
      { id: 'b', name: 'g', arguments: '{}' },
    ]);
  });

  it('appends fragments without an index to the latest call, and starts a new one on a new id', async () => {
    const turn = await accumulate([
      delta({ tool_calls: [{ id: 'a', function: { name: 'f', arguments: '{"a"' } }] }),
      delta({ tool_calls: [{ function: { arguments: ':1}' } }] }),
      delta({ tool_calls: [{ id: 'b', function: { name: 'g', arguments: '{}' } }] }),
    ]);
    expect(turn.toolCalls).toEqual([
      { id: 'a', name: 'f', arguments: '{"a":1}' },
      { id: 'b', name: 'g', arguments: '{}' },
    ]);
  });

  it('reads reasoning from any key naming reasoning, thinking or thought, once per delta', async () => {
    const turn = await accumulate([
      delta({ thinking: 'a' }),
      delta({ thought: 'b' }),
      delta({ reasoning_text: 'c', reasoning_signature: 'SIG' }),
      delta({ reasoning: 'd', reasoning_details: [{ type: 'reasoning.text', text: 'd' }] }),
      delta({
        reasoning: null,
        reasoning_details: [
          { type: 'reasoning.text', text: 'e' },
          { type: 'reasoning.encrypted', data: 'x' },
        ],
      }),
      delta({ reasoning_content: 'f', reasoning: 'f' }),
      delta({ content: 'answer' }),
    ]);
    expect(turn.reasoning).toBe('abcdef');
    expect(turn.text).toBe('answer');
  });

  it('prefers a vendor reasoning key over reasoning_details whatever their order, and ignores unknown keys', async () => {
    const turn = await accumulate([
      delta({ reasoning_details: [{ type: 'reasoning.text', text: 'dup' }], thinking: 'a' }),
      delta({ thought: 'b', reasoning_details: [{ type: 'reasoning.text', text: 'dup' }] }),
      delta({ vendor_extra: 'not reasoning', reasoning_details: [{ type: 'reasoning.summary', summary: 'c' }] }),
      delta({ content: 'x', vendor_extra: 'still not' }),
    ]);
    expect(turn.reasoning).toBe('abc');
    expect(turn.text).toBe('x');
  });

  it('reads only choice 0 when n > 1', async () => {
    const turn = await accumulate([
      chunk({ index: 1, delta: { content: 'other' } }),
      chunk({ index: 0, delta: { content: 'mine' } }),
      chunk({ index: 1, delta: {}, finish_reason: 'length' }),
      chunk({ index: 0, delta: {}, finish_reason: 'stop' }),
    ]);
    expect(turn.text).toBe('mine');
    expect(turn.finishReason).toBe('stop');
  });

  it('keeps the finish reason when a later usage chunk repeats the choice with null, and reads usage', async () => {
    const turn = await accumulate([
      delta({ content: 'hi' }, 'stop'),
      chunk({ delta: {} }, { usage: { prompt_tokens: 3, completion_tokens: 1 } }),
    ]);
    expect(turn.finishReason).toBe('stop');
    expect(turn.usage).toEqual({ promptTokens: 3, completionTokens: 1, totalTokens: 4, estimated: false });
  });

  it('accepts a chunk whose choice has no delta', async () => {
    const turn = await accumulate([delta({ content: 'x' }), chunk({ finish_reason: 'content_filter' })]);
    expect(turn).toMatchObject({ text: 'x', finishReason: 'content_filter' });
  });

  it('surfaces an error chunk as a provider_stream_error, retryable only for transient statuses', () => {
    const cases: [unknown, number | null, string | null, boolean][] = [
      [{ message: 'slow down', code: 429 }, 429, '429', true],
      [{ message: 'boom', status_code: 503 }, 503, null, true],
      [{ message: 'busy', type: 'overloaded_error' }, null, 'overloaded_error', true],
      [{ message: 'bad', code: 'tool_use_failed', status_code: 400 }, 400, 'tool_use_failed', false],
      ['plain text', null, null, false],
    ];
    for (const [error, status, code, retryable] of cases) {
      const acc = createAccumulator();
      acc.push(delta({ content: 'partial' }));
      let thrown: unknown;
      try {
        acc.push(chunk(null, { error }));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ModelError);
      const me = thrown as ModelError;
      expect(me.info).toMatchObject({ kind: 'provider_stream_error', status, code });
      expect(me.retryable).toBe(retryable);
      expect(acc.result().text).toBe('partial');
    }
  });

  it('accumulates an empty stream to an empty turn', async () => {
    expect(await accumulate([])).toEqual({
      text: '',
      reasoning: '',
      refusal: null,
      toolCalls: [],
      finishReason: null,
      usage: null,
    });
  });
});
