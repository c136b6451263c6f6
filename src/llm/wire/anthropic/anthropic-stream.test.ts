import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccumulatorDelta } from '../../../agent/accumulator';
import { ModelError } from '../../../agent/errors';
import { readSSE } from '../../sse-reader';
import {
  accumulateAnthropic,
  createAnthropicAccumulator,
  isAnthropicStreamFinal,
  type AnthropicEvent,
  type AnthropicTurn,
} from './anthropic-stream';
import { readAnthropicFixture } from './read-anthropic-fixture';

const FIXTURES = join(import.meta.dirname, '__fixtures__');
const EXPECTED = join(FIXTURES, 'expected');
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.txt') || f.endsWith('.sse'))
  .sort();
const expectedName = (f: string): string => f.replace(/\.(chunks\.txt|txt|sse)$/, '.json');

type Outcome = { turn: AnthropicTurn; error: { info: ModelError['info']; retryable: boolean } | null };

function run(events: readonly AnthropicEvent[]): { outcome: Outcome; deltas: AccumulatorDelta[] } {
  const acc = createAnthropicAccumulator();
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

const fixture = (name: string) => run(readAnthropicFixture(join(FIXTURES, name)));
/** The raw deltas of one type at one block index, straight from the file, for comparing the assembled block. */
const rawDeltas = (name: string, index: number, type: string, field: string): string =>
  readAnthropicFixture(join(FIXTURES, name))
    .filter((e) => e.type === 'content_block_delta' && e.index === index)
    .map((e) => e.delta as Record<string, unknown>)
    .filter((d) => d.type === type)
    .map((d) => String(d[field]))
    .join('');

describe('Anthropic reducer on recorded streams', () => {
  it('has an expected result checked in for every recording', () => {
    expect(files.length).toBe(17);
    for (const f of files) expect(existsSync(join(EXPECTED, expectedName(f))), f).toBe(true);
  });

  for (const file of files) {
    it(file, async () => {
      const events = readAnthropicFixture(join(FIXTURES, file));
      const { outcome, deltas } = run(events);
      const expectedPath = join(EXPECTED, expectedName(file));
      if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedPath, JSON.stringify(outcome, null, 2) + '\n');
      const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as Outcome;
      expect(outcome).toEqual(expected);
      // Key order too: the content goes back on the wire as it came.
      expect(JSON.stringify(outcome.turn.content)).toBe(JSON.stringify(expected.turn.content));

      // What the loop streams to the UI adds up to the assembled turn.
      expect(deltas.flatMap((d) => (d.kind === 'text' ? [d.delta] : [])).join('')).toBe(outcome.turn.text);
      expect(deltas.flatMap((d) => (d.kind === 'reasoning' ? [d.delta] : [])).join('')).toBe(outcome.turn.reasoning);
      const args = new Map<number, string>();
      for (const d of deltas)
        if (d.kind === 'tool_call') args.set(d.index, (args.get(d.index) ?? '') + d.argumentsDelta);
      expect([...args.values()]).toEqual(outcome.turn.toolCalls.map((c) => c.arguments));

      expect(events.some(isAnthropicStreamFinal)).toBe(outcome.error === null && !file.startsWith('handmade-cut'));
      if (outcome.error === null) expect(await accumulateAnthropic(events)).toEqual(outcome.turn);
      else await expect(accumulateAnthropic(events)).rejects.toBeInstanceOf(ModelError);
    });
  }
});

describe('Anthropic reducer: what each recording shows', () => {
  it('keeps the thinking block and its signature byte-exact, then the text', () => {
    const name = 'anthropic-clear-thinking.1.chunks.txt';
    const { turn } = fixture(name).outcome;
    const signature = rawDeltas(name, 0, 'signature_delta', 'signature');
    expect(signature.length).toBeGreaterThan(100);
    expect(JSON.stringify(turn.content[0])).toBe(
      JSON.stringify({ type: 'thinking', thinking: rawDeltas(name, 0, 'thinking_delta', 'thinking'), signature }),
    );
    expect(turn.content[1]).toEqual({ type: 'text', text: '925 ÷ 5 = 185' });
    expect(turn.reasoning).toBe('The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185');
    expect(turn.finishReason).toBe('stop');
    expect(turn.stopReason).toBe('end_turn');
  });

  it('keeps redacted thinking first and unchanged, with no reasoning text from it', () => {
    const { turn } = fixture('handmade-redacted-thinking.sse').outcome;
    expect(turn.content.map((b) => b.type)).toEqual(['redacted_thinking', 'thinking', 'text', 'tool_use']);
    expect(Object.keys(turn.content[0] ?? {})).toEqual(['type', 'data']);
    expect(turn.reasoning).toBe('The user wants the weather. I will call the tool.');
    expect(turn.content[3]).toEqual({
      type: 'tool_use',
      id: 'toolu_handmade_01',
      name: 'get_weather',
      input: { city: 'Paris' },
    });
  });

  it('streams parallel tool calls keyed by their ordinal, in order, and assembles each', () => {
    const { outcome, deltas } = fixture('handmade-parallel-tool-use.sse');
    const calls = deltas.flatMap((d) => (d.kind === 'tool_call' ? [[d.index, d.id, d.argumentsDelta]] : []));
    expect(calls).toEqual([
      [0, 'toolu_handmade_a', ''],
      [0, 'toolu_handmade_a', '{"city": "Pa'],
      [0, 'toolu_handmade_a', 'ris"}'],
      [1, 'toolu_handmade_b', ''],
      [1, 'toolu_handmade_b', '{"city": "Tokyo"}'],
      [2, 'toolu_handmade_c', ''],
    ]);
    // Reasoning comes before the first call, as the blocks arrived.
    expect(deltas.findIndex((d) => d.kind === 'reasoning')).toBeLessThan(
      deltas.findIndex((d) => d.kind === 'tool_call'),
    );
    expect(outcome.turn.toolCalls).toEqual([
      { id: 'toolu_handmade_a', name: 'get_weather', arguments: '{"city": "Paris"}' },
      { id: 'toolu_handmade_b', name: 'get_weather', arguments: '{"city": "Tokyo"}' },
      { id: 'toolu_handmade_c', name: 'get_time', arguments: '' },
    ]);
    expect(outcome.turn.content.slice(1).map((b) => b.input)).toEqual([{ city: 'Paris' }, { city: 'Tokyo' }, {}]);
    expect(outcome.turn.finishReason).toBe('tool_calls');
  });

  it('reads a tool without arguments as empty arguments and an empty input object', () => {
    const { turn } = fixture('anthropic-tool-no-args.chunks.txt').outcome;
    expect(turn.toolCalls).toEqual([{ id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: '' }]);
    expect(turn.content[1]).toEqual({
      type: 'tool_use',
      id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP',
      name: 'updateIssueList',
      input: {},
    });
  });

  it('keeps cut tool JSON raw for the loop and sends back an empty input', () => {
    const { turn } = fixture('incomplete_partial_json_response.txt').outcome;
    expect(turn.toolCalls[0]?.arguments).toBe(
      rawDeltas('incomplete_partial_json_response.txt', 1, 'input_json_delta', 'partial_json'),
    );
    expect(() => JSON.parse(turn.toolCalls[0]?.arguments ?? '')).toThrow();
    expect(turn.content[1]).toEqual({
      type: 'tool_use',
      id: 'toolu_01EKqbqmZrGRXy18eN7m9kvY',
      name: 'make_file',
      input: {},
    });
    expect(turn.finishReason).toBe('length');
  });

  it('counts every input token read, and says what was written to and read from the cache', () => {
    const { turn } = fixture('anthropic-code-execution-20260120-prompt-cache.1.chunks.txt').outcome;
    // message_delta's counts (6 fresh, 3337 written, 6289 read, 198 out) replace message_start's.
    expect(turn.usage).toEqual({
      promptTokens: 6 + 3337 + 6289,
      completionTokens: 198,
      totalTokens: 6 + 3337 + 6289 + 198,
      estimated: false,
      reasoningTokens: 0,
      cachedTokens: 6289,
      cacheWriteTokens: 3337,
    });
    expect(turn.cacheWriteTokens).toBe(3337);
  });

  it('takes input tokens updated by message_delta, and omits cache counts the provider did not send', () => {
    const { turn } = fixture('anthropic-message-delta-input-tokens.chunks.txt').outcome;
    expect(turn.usage).toEqual({ promptTokens: 61, completionTokens: 2, totalTokens: 63, estimated: false });
    expect(turn.cacheWriteTokens).toBeUndefined();
  });

  it('shows server tools as provider tools and collects URL citations', () => {
    const { outcome, deltas } = fixture('anthropic-web-search-tool.1.chunks.txt');
    const search = outcome.turn.items?.find((i) => i.kind === 'provider_tool');
    expect(search).toMatchObject({
      kind: 'provider_tool',
      id: 'srvtoolu_01Bj5uzzLcYG5hfueSLcDH8k',
      itemType: 'server_tool_use',
      name: 'web_search',
      status: 'completed',
      input: '{"query": "tech news today September 26 2025"}',
    });
    expect(search?.kind === 'provider_tool' ? search.output.split('\n')[0] : '').toMatch(/^https:\/\//);
    expect(
      deltas.filter((d) => d.kind === 'provider_tool').map((d) => (d.kind === 'provider_tool' ? d.item.status : '')),
    ).toEqual(['in_progress', 'in_progress', 'completed']);
    expect(outcome.turn.citations?.length).toBeGreaterThan(3);
    const cited = outcome.turn.content.find((b) => Array.isArray(b.citations) && b.citations.length > 0);
    expect(Object.keys(cited ?? {})).toEqual(['citations', 'type', 'text']);
    expect(outcome.turn.content[0]).toMatchObject({
      type: 'server_tool_use',
      input: { query: 'tech news today September 26 2025' },
    });
  });

  it('reads a refusal as content_filter with the provider explanation', () => {
    const { turn } = fixture('anthropic-refusal.chunks.txt').outcome;
    expect([turn.finishReason, turn.stopReason]).toEqual(['content_filter', 'refusal']);
    expect(turn.refusal).toMatch(/^This request triggered restrictions/);
  });
});

describe('Anthropic reducer on bad input', () => {
  it('ends with the provider words on an error event in the middle of the reply', () => {
    const { outcome } = fixture('handmade-error-mid-stream.sse');
    expect(outcome.error).toEqual({
      info: {
        fault: 'system',
        kind: 'provider_stream_error',
        status: null,
        code: 'overloaded_error',
        message: 'Overloaded',
      },
      retryable: true,
    });
    expect(outcome.turn.text).toBe('Here is the');
  });

  it('keeps unknown events, blocks and delta types, and an unknown stop reason, without crashing', () => {
    const { turn } = fixture('handmade-unknown-event-and-block.sse').outcome;
    expect(turn.content[0]).toEqual({ type: 'hologram', frames: 'AAABBB', meta: { fps: 24 } });
    expect(turn.content[1]).toEqual({ type: 'text', text: 'Done.' });
    expect(turn.unknownEvents?.map((e) => e.type)).toEqual(['message_annotation', 'content_block_delta']);
    expect([turn.finishReason, turn.stopReason]).toEqual(['future_reason', 'future_reason']);
  });

  it('builds a block for a stream cut in the middle of it, and the reader rejects the cut body', async () => {
    const { turn } = fixture('handmade-cut-mid-block.sse').outcome;
    expect(turn.toolCalls).toEqual([
      { id: 'toolu_handmade_cut', name: 'write_file', arguments: '{"path": "a.txt", "text": "hel' },
    ]);
    expect(turn.content[1]).toMatchObject({ type: 'tool_use', input: {} });
    expect(turn.finishReason).toBeNull();

    const bytes = readFileSync(join(FIXTURES, 'handmade-cut-mid-block.sse'));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(bytes));
        c.close();
      },
    });
    const read = async () => {
      for await (const _ of readSSE(body, { isFinal: isAnthropicStreamFinal })) void _;
    };
    await expect(read()).rejects.toMatchObject({ info: { kind: 'network' }, retryable: true });
  });

  it('does not let a wire stop reason named like an Object member pick a finish reason', () => {
    const acc = createAnthropicAccumulator();
    acc.push({ type: 'message_delta', delta: { stop_reason: 'constructor' }, usage: { output_tokens: 1 } });
    expect(acc.result().finishReason).toBe('constructor');
  });

  it('marks a server tool whose result is an error as failed, with the error code as its result', () => {
    const acc = createAnthropicAccumulator();
    acc.push({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'q' } },
    });
    acc.push({ type: 'content_block_stop', index: 0 });
    const deltas = acc.push({
      type: 'content_block_start',
      index: 1,
      content_block: {
        type: 'web_search_tool_result',
        tool_use_id: 's1',
        content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' },
      },
    });
    expect(deltas).toEqual([
      {
        kind: 'provider_tool',
        item: {
          kind: 'provider_tool',
          id: 's1',
          itemType: 'server_tool_use',
          name: 'web_search',
          status: 'failed',
          input: '{"query":"q"}',
          output: 'max_uses_exceeded',
        },
      },
    ]);
    expect(acc.result().content[0]).toEqual({
      type: 'server_tool_use',
      id: 's1',
      name: 'web_search',
      input: { query: 'q' },
    });
  });

  it('hands out content the caller may keep: a result is not changed by later deltas, nor the reducer by its edits', () => {
    const acc = createAnthropicAccumulator();
    acc.push({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '', citations: [] } });
    acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } });
    const cite = { type: 'web_search_result_location', url: 'https://a.example', title: 'A', cited_text: 'x' };
    acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'citations_delta', citation: cite } });
    acc.push({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 't', name: 'f', input: {} },
    });
    acc.push({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: '{"a":{"b":1}}' },
    });
    acc.push({ type: 'content_block_stop', index: 1 });
    const early = acc.result();
    acc.push({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' there' } });
    (early.content[0]?.citations as Record<string, unknown>[])[0]!.title = 'edited';
    ((early.content[1]?.input as Record<string, Record<string, unknown>>).a as Record<string, unknown>).b = 2;
    expect(early.content[0]).toMatchObject({ text: 'Hi' });
    const late = acc.result();
    expect(late.content[0]).toEqual({ type: 'text', text: 'Hi there', citations: [cite] });
    expect(late.content[1]).toEqual({ type: 'tool_use', id: 't', name: 'f', input: { a: { b: 1 } } });
    expect(cite.title).toBe('A');
  });

  it('ignores deltas for a block that never started, keeping them aside', () => {
    const acc = createAnthropicAccumulator();
    expect(acc.push({ type: 'content_block_delta', index: 4, delta: { type: 'text_delta', text: 'x' } })).toEqual([]);
    expect(acc.result()).toMatchObject({
      text: '',
      content: [],
      unknownEvents: [{ type: 'content_block_delta', index: 4 }],
    });
  });
});
