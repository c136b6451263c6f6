import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Accumulator, AccumulatorDelta } from '../../../agent/accumulator';
import { ModelError } from '../../../agent/errors';
import { readSSE } from '../../sse-reader';
import { createGeminiAccumulator, isGeminiFinal, type GeminiTurn } from './gemini-accumulator';
import type { GeminiPart, GeminiStreamChunk } from './gemini-stream-types';

const FIXTURES = join(__dirname, '__fixtures__');
const EXPECTED = join(FIXTURES, 'expected');

/** The recordings hold one response JSON per line (the SSE `data` payloads). */
function readChunks(file: string): GeminiStreamChunk[] {
  return readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as GeminiStreamChunk);
}

type Outcome = { turn: GeminiTurn; error: { info: ModelError['info']; retryable: boolean } | null };

function run(chunks: readonly GeminiStreamChunk[]): { outcome: Outcome; deltas: AccumulatorDelta[] } {
  const acc = createGeminiAccumulator();
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

const turnOf = (file: string): GeminiTurn => run(readChunks(file)).outcome.turn;

/** What a part is, for checking a signature stayed on the same kind of part. */
function partKind(p: GeminiPart): string {
  if (p.functionCall) return `call:${p.functionCall.name ?? ''}`;
  if (typeof p.text === 'string') return p.thought === true ? 'thought' : 'text';
  return Object.keys(p)
    .filter((k) => k !== 'thoughtSignature')
    .sort()
    .join(',');
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.chunks.txt'));

describe('Gemini reducer on recorded and hand-made streams', () => {
  it('has a golden result and a README line for every stream', () => {
    expect(files.length).toBe(16);
    const readme = readFileSync(join(FIXTURES, 'README.md'), 'utf8');
    for (const f of files) {
      expect(existsSync(join(EXPECTED, f.replace(/\.chunks\.txt$/, '.json'))), f).toBe(true);
      expect(readme.includes(f), f).toBe(true);
    }
  });

  for (const file of files) {
    it(file, () => {
      const chunks = readChunks(file);
      const { outcome, deltas } = run(chunks);
      const expectedPath = join(EXPECTED, file.replace(/\.chunks\.txt$/, '.json'));
      if (process.env.UPDATE_EXPECTED === '1') writeFileSync(expectedPath, JSON.stringify(outcome, null, 2) + '\n');
      expect(outcome).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));

      // What the loop streams to the UI adds up to the assembled turn.
      const { turn } = outcome;
      expect(deltas.flatMap((d) => (d.kind === 'text' ? [d.delta] : [])).join('')).toBe(turn.text);
      expect(deltas.flatMap((d) => (d.kind === 'reasoning' ? [d.delta] : [])).join('')).toBe(turn.reasoning);
      const args = new Map<number, string>();
      for (const d of deltas)
        if (d.kind === 'tool_call') args.set(d.index, (args.get(d.index) ?? '') + d.argumentsDelta);
      expect([...args.keys()]).toEqual(turn.toolCalls.map((_, i) => i));
      if (turn.finishReason !== null) expect([...args.values()]).toEqual(turn.toolCalls.map((c) => c.arguments));
      for (const c of turn.toolCalls) expect(() => JSON.parse(c.arguments) as unknown).not.toThrow();

      // Every signature sent comes back byte-equal, in order, on a part of the kind it was sent on.
      const sent = chunks
        .flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])
        .filter((p) => typeof p.thoughtSignature === 'string');
      const kept = turn.parts.filter((p) => typeof p.thoughtSignature === 'string');
      expect(kept.map((p) => p.thoughtSignature)).toEqual(sent.map((p) => p.thoughtSignature));
      expect(kept.map(partKind)).toEqual(sent.map(partKind));
      // Signed text parts are never merged: each keeps its own text as sent.
      for (let i = 0; i < kept.length; i++)
        if (typeof sent[i]?.text === 'string') expect(kept[i]?.text).toBe(sent[i]?.text);

      // The cut-stream guard sees the end exactly where a finishReason or blockReason came.
      const finals = chunks.map(isGeminiFinal);
      const ends = turn.finishReasonRaw !== null || turn.blockReason !== null;
      expect(finals.includes(true)).toBe(ends);
    });
  }
});

describe('Gemini reducer: what each stream must give', () => {
  it('reads text with its trailing signed empty part (google-text)', () => {
    const turn = turnOf('google-text.chunks.txt');
    expect(turn.text).toBe('There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y');
    expect(turn.parts).toHaveLength(2);
    expect(turn.parts[0]).toEqual({ text: turn.text });
    expect(turn.parts[1]?.text).toBe('');
    expect(turn.parts[1]?.thoughtSignature).toMatch(/^EqsFCqgFAb4\+9vvtAF5n87lB/);
    expect(turn.finishReason).toBe('stop');
    expect(turn.usage).toEqual({
      promptTokens: 9,
      completionTokens: 208,
      totalTokens: 217,
      estimated: false,
      reasoningTokens: 185,
    });
    expect(turn.responseId).toBe('bH6LaZW8Fp_3nsEPqtaSwQ4');
  });

  it('keeps a whole signed call verbatim and names it after the reply (google-tool-call)', () => {
    const chunks = readChunks('google-tool-call.chunks.txt');
    const turn = run(chunks).outcome.turn;
    expect(turn.toolCalls).toEqual([
      { id: 'gemini_call_b36LacjwM668nsEP2tbsgQQ_0', name: 'weather', arguments: '{"location":"San Francisco"}' },
    ]);
    expect(turn.finishReason).toBe('tool_calls');
    expect(turn.parts).toEqual([chunks[0]?.candidates?.[0]?.content?.parts?.[0]]);
    // The invented id is the reducer's, never sent back on the part.
    expect(turn.parts[0]?.functionCall).toEqual({ name: 'weather', args: { location: 'San Francisco' } });
  });

  it('assembles Vertex streamed calls, each with its ordinal (google-stream-no-args-tool-call)', () => {
    const { outcome, deltas } = run(readChunks('google-stream-no-args-tool-call.chunks.txt'));
    const turn = outcome.turn;
    expect(turn.reasoning).toMatch(/^\*\*Processing User Requests\*\*/);
    expect(turn.toolCalls.map((c) => [c.name, c.arguments])).toEqual([
      ['read_theme', '{}'],
      ['read_screen', '{"id":"A"}'],
      ['read_screen', '{"id":"B"}'],
      ['read_screen', '{"id":"C"}'],
    ]);
    expect(new Set(turn.toolCalls.map((c) => c.id)).size).toBe(4);
    expect(deltas.filter((d) => d.kind === 'tool_call').map((d) => (d.kind === 'tool_call' ? d.index : -1))).toEqual([
      0, 1, 1, 2, 2, 3, 3,
    ]);
    // Sent back whole: no partialArgs or willContinue, the signature on the first call only.
    expect(turn.parts.map((p) => p.functionCall ?? p.thought)).toEqual([
      true,
      { name: 'read_theme' },
      { name: 'read_screen', args: { id: 'A' } },
      { name: 'read_screen', args: { id: 'B' } },
      { name: 'read_screen', args: { id: 'C' } },
    ]);
    expect(turn.parts.filter((p) => p.thoughtSignature !== undefined).map(partKind)).toEqual(['call:read_theme']);
    expect(turn.usage).toEqual({
      promptTokens: 249,
      completionTokens: 241,
      totalTokens: 490,
      estimated: false,
      reasoningTokens: 183,
    });
  });

  it('ends a streamed call whose last piece does not continue (missing terminal functionCall)', () => {
    const turn = turnOf('google-stream-tool-call-array-arguments-missing-terminal-function-call.chunks.txt');
    expect(turn.toolCalls).toHaveLength(1);
    expect(JSON.parse(turn.toolCalls[0]?.arguments ?? '')).toEqual({
      operations: [
        { action: 'add', description: 'Fresh red apple', itemid: 'apple_001', price: 0.5 },
        { action: 'add', description: 'Ripe yellow banana', itemid: 'banana_001', price: 0.3 },
      ],
    });
  });

  it('gives parallel calls their ordinals, keeps a given id and the signature on the first (hand-made)', () => {
    const turn = turnOf('handmade-parallel-calls.chunks.txt');
    expect(turn.toolCalls.map((c) => c.id)).toEqual([
      'gemini_call_handmadeParallel01_0',
      'gemini_call_handmadeParallel01_1',
      'given-id-3',
    ]);
    // Two unsigned thought parts merge into one; the calls stay three parts.
    expect(turn.parts[0]).toEqual({ text: '**Checking two cities**\n\nI will look up both at once.', thought: true });
    expect(turn.parts.slice(1).map((p) => p.thoughtSignature ?? null)).toEqual([
      'SGFuZE1hZGVGaXJzdENhbGxTaWduYXR1cmU=',
      null,
      null,
    ]);
    expect(turn.usage).toEqual({
      promptTokens: 2100,
      completionTokens: 100,
      totalTokens: 2200,
      estimated: false,
      reasoningTokens: 60,
      cachedTokens: 2048,
    });
  });

  it('shows a safety stop as content_filter with the blocking rating (hand-made)', () => {
    const turn = turnOf('handmade-safety-block.chunks.txt');
    expect(turn.finishReason).toBe('content_filter');
    expect(turn.finishReasonRaw).toBe('SAFETY');
    expect(turn.safety).toEqual([{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }]);
  });

  it('ends a blocked prompt with no candidate as content_filter (hand-made)', () => {
    const chunks = readChunks('handmade-prompt-blocked.chunks.txt');
    expect(isGeminiFinal(chunks[0])).toBe(true);
    const turn = run(chunks).outcome.turn;
    expect(turn).toMatchObject({
      finishReason: 'content_filter',
      finishReasonRaw: null,
      blockReason: 'PROHIBITED_CONTENT',
      finishMessage: 'The prompt was blocked.',
      text: '',
      parts: [],
    });
    expect(turn.safety).toEqual([{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'MEDIUM' }]);
  });

  it('throws the provider_stream_error ModelError for an error chunk, keeping what came before (hand-made)', () => {
    const { outcome, deltas } = run(readChunks('handmade-error-chunk.chunks.txt'));
    expect(deltas).toEqual([{ kind: 'text', delta: 'Let me think about' }]);
    expect(outcome.error).toEqual({
      info: {
        fault: 'system',
        kind: 'provider_stream_error',
        status: 503,
        code: '503',
        message: 'The model is overloaded. Please try again later.',
      },
      retryable: true,
    });
  });

  it('keeps unknown parts verbatim and shows code execution as a provider tool (hand-made)', () => {
    const chunks = readChunks('handmade-unknown-part.chunks.txt');
    const { outcome, deltas } = run(chunks);
    const turn = outcome.turn;
    expect(turn.parts.map(partKind)).toEqual([
      'thought',
      'thought',
      'executableCode',
      'codeExecutionResult',
      'inlineData',
      'hologram',
      'text',
    ]);
    expect(turn.parts[5]).toEqual(chunks[4]?.candidates?.[0]?.content?.parts?.[1]);
    expect(turn.items).toEqual([
      {
        kind: 'provider_tool',
        id: 'gemini_code_handmadeUnknown01_0',
        itemType: 'executable_code',
        name: 'code_execution',
        status: 'completed',
        input: 'print(sum(range(10)))',
        output: '45\n',
      },
    ]);
    expect(
      deltas.filter((d) => d.kind === 'provider_tool').map((d) => (d.kind === 'provider_tool' ? d.item.status : '')),
    ).toEqual(['in_progress', 'completed']);
    expect(turn.text).toBe('The sum is 45.');
    expect(turn.usage).toEqual({
      promptTokens: 37,
      completionTokens: 31,
      totalTokens: 68,
      estimated: false,
      reasoningTokens: 11,
    });
  });

  it('leaves MALFORMED_FUNCTION_CALL as sent, with its message (hand-made)', () => {
    const turn = turnOf('handmade-malformed-call.chunks.txt');
    expect(turn.finishReason).toBe('MALFORMED_FUNCTION_CALL');
    expect(turn.finishMessage).toMatch(/^Malformed function call/);
    expect(turn.parts).toEqual([]);
  });

  it('maps MAX_TOKENS to length (hand-made)', () => {
    expect(turnOf('handmade-max-tokens.chunks.txt')).toMatchObject({
      finishReason: 'length',
      text: 'The first three primes are 2, 3, and',
    });
  });

  it('reports a cut stream as never final, with the call gathered so far (hand-made)', () => {
    const chunks = readChunks('handmade-cut-stream.chunks.txt');
    expect(chunks.some(isGeminiFinal)).toBe(false);
    const turn = run(chunks).outcome.turn;
    expect(turn.finishReason).toBeNull();
    expect(turn.toolCalls).toEqual([
      { id: 'gemini_call_handmadeCut01_0', name: 'writeItems', arguments: '{"items":[{"name":"app"}]}' },
    ]);
  });

  it('returns a result the caller may keep while the stream goes on', () => {
    const chunks = readChunks('google-stream-tool-call-arguments.chunks.txt');
    const acc = createGeminiAccumulator();
    for (const c of chunks.slice(0, 2)) acc.push(c);
    const early = acc.result();
    for (const c of chunks.slice(2)) acc.push(c);
    expect(early.parts[0]?.functionCall).toEqual({ name: 'getWeather', args: { location: 'Boston' } });
    expect(acc.result().parts.map((p) => p.functionCall?.args)).toEqual([
      { location: 'Boston' },
      { location: 'San Francisco' },
    ]);
  });

  it('puts a signature sent on a continuation piece on its call, and a second one on a part of its own', () => {
    const acc = createGeminiAccumulator();
    const piece = (fc: Record<string, unknown>, sig?: string): GeminiStreamChunk => ({
      candidates: [
        {
          content: { parts: [sig === undefined ? { functionCall: fc } : { functionCall: fc, thoughtSignature: sig }] },
        },
      ],
    });
    acc.push(piece({ name: 'f', willContinue: true }));
    acc.push(piece({ partialArgs: [{ jsonPath: '$.a', numberValue: 1 }], willContinue: true }, 'sig-1'));
    acc.push(piece({}, 'sig-2'));
    expect(acc.result().parts).toEqual([
      { functionCall: { name: 'f', args: { a: 1 } }, thoughtSignature: 'sig-1' },
      { text: '', thoughtSignature: 'sig-2' },
    ]);
  });

  it('never crashes on junk parts and chunks', () => {
    const acc: Accumulator<GeminiStreamChunk> = createGeminiAccumulator();
    const junk = [
      {},
      { candidates: null },
      {
        candidates: [
          null,
          3,
          { content: { parts: [null, 'x', { functionCall: { partialArgs: [{ jsonPath: '$..' }] } }] } },
        ],
      },
      { usageMetadata: { trafficType: 'X' } },
    ];
    for (const j of junk) expect(() => acc.push(j as unknown as GeminiStreamChunk)).not.toThrow();
    expect(acc.result()).toMatchObject({ text: '', toolCalls: [], usage: null, finishReason: null });
  });
});

function sseBody(lines: readonly string[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(lines.map((l) => `data: ${l}\r\n\r\n`).join(''));
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

async function overSse(file: string): Promise<GeminiTurn> {
  const lines = readFileSync(join(FIXTURES, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const acc = createGeminiAccumulator();
  for await (const chunk of readSSE<GeminiStreamChunk>(sseBody(lines), { isFinal: isGeminiFinal })) acc.push(chunk);
  return acc.result();
}

describe('Gemini reducer behind readSSE (data-only SSE, no [DONE])', () => {
  it('folds the framed recording into the same turn', async () => {
    for (const f of ['google-reasoning-gemini3.chunks.txt', 'google-stream-no-args-tool-call.chunks.txt'])
      expect(await overSse(f)).toEqual(turnOf(f));
  });

  it('rejects a cut stream as a retryable network error', async () => {
    const err = await overSse('handmade-cut-stream.chunks.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).info.kind).toBe('network');
    expect((err as ModelError).retryable).toBe(true);
  });

  it('rejects an error chunk as the same provider_stream_error the reducer throws', async () => {
    const err = await overSse('handmade-error-chunk.chunks.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).info).toEqual(run(readChunks('handmade-error-chunk.chunks.txt')).outcome.error?.info);
  });
});
