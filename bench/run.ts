/**
 * npm run bench — stream path throughput, as ratios to a floor measured in the same process
 * (architecture.md, "Speed targets": bytes → assembled turn <= 1.3x the floor).
 *
 * Phase 1, per case: floor, reader, ours (reader + accumulator) and acc (accumulator alone over
 * chunks parsed beforehand) run on the same bytes, cut into 16 KB network-sized pieces and replayed
 * as a fresh ReadableStream each time. After two untimed warm-up rounds, timed rounds interleave
 * the paths (rotating their order); each ratio is the median over rounds of (path / floor in that
 * round), which cancels most of the noise of a shared machine. Phase 2 times the openai SDK's own
 * stream as a reference, in a few rounds only: it is 4-6x slower and its garbage would otherwise
 * spill into the other paths' samples.
 *
 * BENCH_WIRE=<format> npx tsx bench/run.ts measures one wire format's cases only (no results written).
 * BENCH_GC=full npm run bench forces a full GC before every sample instead of a scavenge (see stats.ts).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { ResponsesEvent } from '../src/agent/responses-accumulator';
import type { AnthropicEvent } from '../src/llm/wire/anthropic/anthropic-stream';
import type { GeminiStreamChunk } from '../src/llm/wire/gemini/gemini-stream-types';
import { anthropicThinkingTextTools } from './anthropic-gen';
import { geminiThoughtsTextCalls } from './gemini-gen';
import {
  anthropicReducerOnly,
  floorCrlf,
  geminiReducerOnly,
  oursAnthropic,
  oursGemini,
  sdkAnthropic,
  sdkGemini,
  type SdkTurn,
} from './native-paths';
import {
  accumulatorOnly,
  bodyFrom,
  fetchedBody,
  chunksOf,
  floor,
  floorNamed,
  ours,
  oursResponses,
  piecesOf,
  reader,
  responsesReducerOnly,
  sdk,
  sdkResponses,
} from './paths';
import { responsesReasoningToolsText } from './responses-gen';
import { longText, parallelTools, reasoningTextTools, type GeneratedStream } from './sse-gen';
import { mergeFigures } from './results-file';
import { beforeSample, cpuMs, fullGC, gcBeforeSample, spread, type Spread } from './stats';
import { table } from './table';

const PIECE_BYTES = 16 * 1024;
const TARGET = 1.3;
/** Capture may cost at most 10% on the stream path (docs/wire-capture.md, "Cost"). */
const CAPTURE_TARGET = 1.1;
const WARMUP_ROUNDS = 2;
const MIN_ROUNDS = 7;
const MAX_ROUNDS = 25;
/** Wall-clock budget for one case's timed rounds; under load fewer rounds fit, never fewer than MIN_ROUNDS. */
const CASE_BUDGET_MS = 7_000;
const SDK_ROUNDS = 3;
/** BENCH_WIRE=anthropic (chat, responses, gemini) measures that wire format's cases alone and records nothing. */
const ONLY = process.env.BENCH_WIRE;

type Case = {
  name: string;
  pieces: Uint8Array[];
  bytes: number;
  /** Small bodies are run several times per sample so a sample is long enough to time. */
  repeat: number;
  expected: GeneratedStream['expected'] | null;
  /** Which wire format the body is in; each is measured against a floor for its own framing. */
  wire: 'chat' | 'responses' | 'anthropic' | 'gemini';
};

/** The paths of one wire format: the floor, our reader + reducer, the reducer alone, the SDK reference. */
function pathsOf(wire: Case['wire']) {
  if (wire === 'anthropic') {
    return {
      floor: floorNamed,
      ours: oursAnthropic,
      acc: (chunks: readonly unknown[]) => anthropicReducerOnly(chunks as readonly AnthropicEvent[]),
      sdk: sdkAnthropic,
    };
  }
  if (wire === 'gemini') {
    return {
      floor: floorCrlf,
      ours: oursGemini,
      acc: (chunks: readonly unknown[]) => geminiReducerOnly(chunks as readonly GeminiStreamChunk[]),
      sdk: sdkGemini,
    };
  }
  if (wire === 'responses') {
    return {
      floor: floorNamed,
      ours: oursResponses,
      acc: (chunks: readonly unknown[]) => responsesReducerOnly(chunks as readonly ResponsesEvent[]),
      sdk: sdkResponses,
    };
  }
  return {
    floor,
    ours,
    acc: (chunks: readonly unknown[]) => accumulatorOnly(chunks as readonly ChatCompletionChunk[]),
    sdk,
  };
}

/**
 * `captured` and `uncaptured`: ours over the body as the client's fetch hands it on, with a capture sink and without
 * (docs/wire-capture.md, "Cost").
 */
type MainPath = 'floor' | 'reader' | 'ours' | 'acc' | 'captured' | 'uncaptured';
const MAIN_PATHS: readonly MainPath[] = ['floor', 'reader', 'ours', 'acc', 'captured', 'uncaptured'];

export type Row = {
  case: string;
  bodyBytes: number;
  chunks: number;
  rounds: number;
  medianMs: Record<MainPath | 'sdk', number>;
  ratioToFloor: { reader: Spread; ours: Spread; acc: Spread; sdk: Spread };
  /** Capture on against off, the same round: captured / uncaptured (target <= 1.1, docs/wire-capture.md). */
  captureOnOff: Spread;
  /** Accumulator alone: body megabytes (2^20) assembled per CPU second, from the median sample. */
  accMBps: number;
  accChunksPerSec: number;
};

const encoder = new TextEncoder();
const here = import.meta.dirname;

function generated(g: GeneratedStream, wire: Case['wire'] = 'chat'): Case {
  const bytes = encoder.encode(g.sse);
  return {
    name: g.name,
    pieces: piecesOf(bytes, PIECE_BYTES),
    bytes: bytes.length,
    repeat: 1,
    expected: g.expected,
    wire,
  };
}

function largestFixture(wire: Case['wire'] = 'chat'): Case {
  const dir = join(
    here,
    wire === 'chat' ? '../src/agent/__fixtures__/openai-sse' : '../src/agent/__fixtures__/openai-responses-sse',
  );
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.sse'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  if (file === undefined) throw new Error('no recorded fixtures found');
  const bytes = new Uint8Array(readFileSync(join(dir, file)));
  const repeat = 40;
  return {
    name: `fixture ${file} (x${repeat})`,
    pieces: piecesOf(bytes, PIECE_BYTES),
    bytes: bytes.length,
    repeat,
    expected: null,
    wire,
  };
}

function sameTurn(turn: SdkTurn, expected: GeneratedStream['expected']): boolean {
  return (
    turn.text === expected.text &&
    turn.reasoning === expected.reasoning &&
    turn.finishReason === expected.finishReason &&
    isDeepStrictEqual(turn.toolCalls, expected.toolCalls)
  );
}

/** Every path must assemble the same turn, or the timings compare different work. */
async function check(c: Case, chunks: readonly unknown[]): Promise<void> {
  const p = pathsOf(c.wire);
  const mine = await p.ours(bodyFrom(c.pieces));
  if (c.expected && !sameTurn(mine, c.expected)) throw new Error(`${c.name}: our path assembled the wrong turn`);
  if (!isDeepStrictEqual(await p.acc(chunks), mine))
    throw new Error(`${c.name}: accumulate() alone assembled a different turn`);
  // Anthropic's SDK assembles its own Message, checked on the turn's common parts; the others feed our reducer.
  const theirs = await p.sdk(bodyFrom(c.pieces));
  const agrees =
    c.wire === 'anthropic' ? c.expected !== null && sameTurn(theirs, c.expected) : isDeepStrictEqual(theirs, mine);
  if (!agrees) throw new Error(`${c.name}: the SDK path assembled a different turn`);
  let handed: (text: string) => void = () => undefined;
  const kept = new Promise<string>((resolve) => (handed = resolve));
  const viaCapture = await p.ours(
    await fetchedBody(bodyFrom(c.pieces), (e) => handed(e.response?.reads.map((r) => r.text).join('') ?? '')),
  );
  if (!isDeepStrictEqual(viaCapture, mine)) throw new Error(`${c.name}: the captured body assembled a different turn`);
  if ((await kept) !== new TextDecoder().decode(Buffer.concat(c.pieces)))
    throw new Error(`${c.name}: the capture did not keep every read`);
  const parsed = await p.floor(bodyFrom(c.pieces));
  if (parsed !== chunks.length)
    throw new Error(`${c.name}: the floor parsed ${parsed} chunks, the reader ${chunks.length}`);
}

async function sample(run: () => Promise<unknown>, repeat: number): Promise<number> {
  beforeSample();
  const start = cpuMs();
  for (let i = 0; i < repeat; i++) await run();
  const ms = cpuMs() - start;
  // Work a path leaves for a later task (the capture's decode, docs/wire-capture.md "Cost") runs here, untimed.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return ms;
}

/** The capture's sink in the timed runs: the exchange is dropped once handed over. */
const noSink = () => undefined;

function runnerFor(c: Case, chunks: readonly unknown[]): Record<MainPath | 'sdk', () => Promise<unknown>> {
  const p = pathsOf(c.wire);
  return {
    floor: () => p.floor(bodyFrom(c.pieces)),
    reader: () => reader(bodyFrom(c.pieces)),
    ours: () => p.ours(bodyFrom(c.pieces)),
    acc: () => p.acc(chunks),
    captured: () => fetchedBody(bodyFrom(c.pieces), noSink).then(p.ours),
    uncaptured: () => fetchedBody(bodyFrom(c.pieces)).then(p.ours),
    sdk: () => p.sdk(bodyFrom(c.pieces)),
  };
}

type Measured = {
  rounds: number;
  ms: Record<MainPath, number[]>;
  ratios: Record<Exclude<MainPath, 'floor'>, number[]>;
  /** captured / uncaptured per round. */
  captureOnOff: number[];
};

async function measureMain(c: Case, chunks: readonly unknown[]): Promise<Measured> {
  const run = runnerFor(c, chunks);
  for (let r = 0; r < WARMUP_ROUNDS; r++) for (const p of MAIN_PATHS) await sample(run[p], c.repeat);
  const ms: Measured['ms'] = { floor: [], reader: [], ours: [], acc: [], captured: [], uncaptured: [] };
  const ratios: Measured['ratios'] = { reader: [], ours: [], acc: [], captured: [], uncaptured: [] };
  const captureOnOff: number[] = [];
  const began = performance.now();
  let rounds = 0;
  for (; rounds < MIN_ROUNDS || (rounds < MAX_ROUNDS && performance.now() - began < CASE_BUDGET_MS); rounds++) {
    const got: Partial<Record<MainPath, number>> = {};
    for (let k = 0; k < MAIN_PATHS.length; k++) {
      const p = MAIN_PATHS[(rounds + k) % MAIN_PATHS.length] ?? 'floor';
      got[p] = await sample(run[p], c.repeat);
    }
    const f = got.floor ?? NaN;
    for (const p of MAIN_PATHS) ms[p].push(got[p] ?? NaN);
    ratios.reader.push((got.reader ?? NaN) / f);
    ratios.ours.push((got.ours ?? NaN) / f);
    ratios.acc.push((got.acc ?? NaN) / f);
    ratios.captured.push((got.captured ?? NaN) / f);
    ratios.uncaptured.push((got.uncaptured ?? NaN) / f);
    captureOnOff.push((got.captured ?? NaN) / (got.uncaptured ?? NaN));
  }
  return { rounds, ms, ratios, captureOnOff };
}

/** The SDK reference: floor and SDK alternate, a few rounds, after a warm-up pair. */
async function measureSdk(c: Case, chunks: readonly unknown[]): Promise<{ ms: number[]; ratios: number[] }> {
  const run = runnerFor(c, chunks);
  fullGC();
  await sample(run.floor, c.repeat);
  await sample(run.sdk, c.repeat);
  const ms: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < SDK_ROUNDS; r++) {
    const f = await sample(run.floor, c.repeat);
    const s = await sample(run.sdk, c.repeat);
    ms.push(s);
    ratios.push(s / f);
  }
  return { ms, ratios };
}

async function main(): Promise<void> {
  const started = performance.now();
  const all: Case[] = [
    generated(longText(256 * 1024)),
    generated(parallelTools(8, 20 * 1024)),
    generated(reasoningTextTools(128 * 1024, 64 * 1024, 3, 16 * 1024)),
    largestFixture(),
    generated(responsesReasoningToolsText(128 * 1024, 3, 16 * 1024, 64 * 1024), 'responses'),
    largestFixture('responses'),
    generated(anthropicThinkingTextTools(128 * 1024, 64 * 1024, 3, 16 * 1024), 'anthropic'),
    generated(geminiThoughtsTextCalls(128 * 1024, 64 * 1024, 3, 16 * 1024), 'gemini'),
  ];
  const cases = ONLY === undefined ? all : all.filter((c) => c.wire === ONLY);
  const prepared: { c: Case; chunks: unknown[]; main: Measured }[] = [];
  for (const c of cases) {
    process.stdout.write(`measuring ${c.name} ...\n`);
    const chunks = await chunksOf(bodyFrom(c.pieces));
    await check(c, chunks);
    fullGC();
    prepared.push({ c, chunks, main: await measureMain(c, chunks) });
  }
  process.stdout.write('measuring the SDK references ...\n');
  const rows: Row[] = [];
  for (const { c, chunks, main: m } of prepared) {
    const s = await measureSdk(c, chunks);
    const accMs = spread(m.ms.acc).median;
    rows.push({
      case: c.name,
      bodyBytes: c.bytes * c.repeat,
      chunks: chunks.length * c.repeat,
      rounds: m.rounds,
      medianMs: {
        floor: spread(m.ms.floor).median,
        reader: spread(m.ms.reader).median,
        ours: spread(m.ms.ours).median,
        acc: accMs,
        captured: spread(m.ms.captured).median,
        uncaptured: spread(m.ms.uncaptured).median,
        sdk: spread(s.ms).median,
      },
      ratioToFloor: {
        reader: spread(m.ratios.reader),
        ours: spread(m.ratios.ours),
        acc: spread(m.ratios.acc),
        sdk: spread(s.ratios),
      },
      captureOnOff: spread(m.captureOnOff),
      accMBps: (c.bytes * c.repeat) / 1048576 / (accMs / 1000),
      accChunksPerSec: (chunks.length * c.repeat) / (accMs / 1000),
    });
  }

  const worst = Math.max(...rows.map((r) => r.ratioToFloor.ours.median));
  const worstP75 = Math.max(...rows.map((r) => r.ratioToFloor.ours.p75));
  const seconds = (performance.now() - started) / 1000;
  const out = process.stdout;
  out.write(`\n${table(rows, TARGET)}\n\n`);
  for (const r of rows) {
    const c = r.captureOnOff;
    out.write(`capture on/off ${r.case}: ${c.median.toFixed(3)}x (${c.p25.toFixed(3)}-${c.p75.toFixed(3)})\n`);
  }
  const worstCapture = Math.max(...rows.map((r) => r.captureOnOff.median));
  out.write(
    `worst capture on/off median ${worstCapture.toFixed(3)}x (target <= ${CAPTURE_TARGET}x): ${worstCapture <= CAPTURE_TARGET ? 'met' : 'NOT met'}.\n`,
  );
  out.write('floor  = read body + decode + split on blank line + JSON.parse each data payload (no assembly).\n');
  out.write('reader = src/llm/sse-reader readSSE() drained; ours = readSSE() -> src/agent/accumulator accumulate();\n');
  out.write(
    'responses rows: floor also skips the event: line; ours = readSSE() -> src/agent/responses-accumulator accumulateResponses().\n',
  );
  out.write(
    'anthropic: floor as for responses; ours = readSSEBatches() -> createAnthropicAccumulator().push() per event (as the loop does);\n' +
      '  sdk = @anthropic-ai/sdk messages.stream().finalMessage() (its own accumulation) over a fetch returning the bytes.\n',
  );
  out.write(
    'gemini: floor splits on CRLF CRLF; ours = readSSEBatches() -> createGeminiAccumulator().push() per chunk;\n' +
      '  sdk = @google/genai models.generateContentStream() over a fetch returning the bytes -> the same reducer.\n',
  );
  out.write(
    'acc    = the reducer alone over the same chunks parsed beforehand; sdk (chat, responses) = openai Stream.fromSSEResponse -> our reducer.\n',
  );
  out.write(
    `Times: median process CPU ms per sample (${gcBeforeSample} before each). Ratios: median of ` +
      `per-round ratios, (p25-p75) in brackets; sdk from ${SDK_ROUNDS} rounds.\n`,
  );
  out.write(
    `worst ours/floor median ${worst.toFixed(2)}x, worst p75 ${worstP75.toFixed(2)}x (target <= ` +
      `${TARGET}x): ${worst <= TARGET ? 'met' : 'NOT met'}. ${seconds.toFixed(1)} s.\n`,
  );

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    pieceBytes: PIECE_BYTES,
    gcBeforeSample,
    target: TARGET,
    seconds,
    worstOursToFloor: worst,
    worstOursToFloorP75: worstP75,
    rows,
  };
  // The other benches' figures in the same file stay (run alone, this bench would otherwise drop them); a run of one
  // wire format alone is a look while working, not a result.
  if (ONLY === undefined) mergeFigures(result);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
