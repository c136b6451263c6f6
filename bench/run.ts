/**
 * npm run bench — stream path throughput, as ratios to a floor measured in the same process
 * (DESIGN.md "Speed targets": bytes → assembled turn <= 1.3x the floor).
 *
 * For each case the three paths run on the same bytes, cut into 16 KB network-sized pieces and
 * replayed as a fresh ReadableStream each time. Rounds interleave the paths (rotating their order),
 * and the reported ratio is the median over rounds of (path time / floor time in that round), which
 * cancels most of the noise of a shared machine.
 */
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AccumulatedTurn } from '../src/agent/accumulator';
import { bodyFrom, floor, ours, piecesOf, reader, sdk } from './paths';
import { longText, parallelTools, reasoningTextTools, type GeneratedStream } from './sse-gen';

const PIECE_BYTES = 16 * 1024;
const TARGET = 1.3;
const CASE_BUDGET_MS = 6_000;
const MIN_ROUNDS = 5;
const MAX_ROUNDS = 41;

type Case = { name: string; pieces: Uint8Array[]; bytes: number; repeat: number; expected: GeneratedStream['expected'] | null };
type Path = { name: 'floor' | 'reader' | 'ours' | 'sdk'; run: (body: ReadableStream<Uint8Array>) => Promise<unknown> };

const PATHS: Path[] = [
  { name: 'floor', run: floor },
  { name: 'reader', run: reader },
  { name: 'ours', run: ours },
  { name: 'sdk', run: sdk },
];

const encoder = new TextEncoder();
const here = import.meta.dirname;

function generated(g: GeneratedStream): Case {
  const bytes = encoder.encode(g.sse);
  return { name: g.name, pieces: piecesOf(bytes, PIECE_BYTES), bytes: bytes.length, repeat: 1, expected: g.expected };
}

function largestFixture(): Case {
  const dir = join(here, '../src/agent/__fixtures__/openai-sse');
  const file = readdirSync(dir)
    .filter((f) => f.endsWith('.sse'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];
  if (file === undefined) throw new Error('no recorded fixtures found');
  const bytes = new Uint8Array(readFileSync(join(dir, file)));
  // A 100 KB body takes well under a millisecond; repeat it so each sample is long enough to time.
  return { name: `fixture ${file} (x20)`, pieces: piecesOf(bytes, PIECE_BYTES), bytes: bytes.length, repeat: 20, expected: null };
}

// Collect before every sample so one path's garbage (the SDK path makes a lot) is not paid for inside the next path's timing.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Process CPU time (user + system, all threads), not wall time: the bench shares 2 cores with other
 * jobs, and wall time would charge each path for the time the OS gave to them.
 */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function time(path: Path, c: Case): Promise<number> {
  collect();
  const start = cpuMs();
  for (let i = 0; i < c.repeat; i++) await path.run(bodyFrom(c.pieces));
  return cpuMs() - start;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

function sameTurn(turn: AccumulatedTurn, expected: GeneratedStream['expected']): boolean {
  return (
    turn.text === expected.text &&
    turn.reasoning === expected.reasoning &&
    turn.finishReason === expected.finishReason &&
    isDeepStrictEqual(turn.toolCalls, expected.toolCalls)
  );
}

/** Every path must assemble the same turn, or the timings compare different work. */
async function check(c: Case): Promise<number> {
  const mine = await ours(bodyFrom(c.pieces));
  const theirs = await sdk(bodyFrom(c.pieces));
  if (c.expected && !sameTurn(mine, c.expected)) throw new Error(`${c.name}: our path assembled the wrong turn`);
  if (!isDeepStrictEqual(mine, theirs)) throw new Error(`${c.name}: the SDK path assembled a different turn`);
  return floor(bodyFrom(c.pieces));
}

type Row = {
  case: string;
  bodyBytes: number;
  chunks: number;
  rounds: number;
  medianMs: Record<Path['name'], number>;
  ratioToFloor: { reader: number; ours: number; sdk: number };
};

async function measure(c: Case): Promise<Row> {
  // The check runs every path once, which doubles as the (discarded) warm-up.
  const chunks = await check(c);
  const samples: Record<Path['name'], number[]> = { floor: [], reader: [], ours: [], sdk: [] };
  const ratios = { reader: [] as number[], ours: [] as number[], sdk: [] as number[] };
  const began = performance.now();
  let rounds = 0;
  for (; rounds < MIN_ROUNDS || (rounds < MAX_ROUNDS && performance.now() - began < CASE_BUDGET_MS); rounds++) {
    const r = rounds;
    const got: Partial<Record<Path['name'], number>> = {};
    for (let k = 0; k < PATHS.length; k++) {
      const p = PATHS[(r + k) % PATHS.length];
      if (p) got[p.name] = await time(p, c);
    }
    const f = got.floor ?? NaN;
    for (const p of PATHS) samples[p.name].push(got[p.name] ?? NaN);
    ratios.reader.push((got.reader ?? NaN) / f);
    ratios.ours.push((got.ours ?? NaN) / f);
    ratios.sdk.push((got.sdk ?? NaN) / f);
  }
  return {
    case: c.name,
    bodyBytes: c.bytes * c.repeat,
    chunks: chunks * c.repeat,
    rounds,
    medianMs: { floor: median(samples.floor), reader: median(samples.reader), ours: median(samples.ours), sdk: median(samples.sdk) },
    ratioToFloor: { reader: median(ratios.reader), ours: median(ratios.ours), sdk: median(ratios.sdk) },
  };
}

function table(rows: Row[]): string {
  const head = ['case', 'body', 'chunks', 'rounds', 'floor ms', 'reader/floor', 'ours ms', 'ours/floor', 'sdk ms', 'sdk/floor'];
  const lines = rows.map((r) => [
    r.case,
    `${(r.bodyBytes / 1048576).toFixed(2)} MB`,
    String(r.chunks),
    String(r.rounds),
    r.medianMs.floor.toFixed(1),
    `${r.ratioToFloor.reader.toFixed(2)}x`,
    r.medianMs.ours.toFixed(1),
    `${r.ratioToFloor.ours.toFixed(2)}x${r.ratioToFloor.ours <= TARGET ? '' : ' (over target)'}`,
    r.medianMs.sdk.toFixed(1),
    `${r.ratioToFloor.sdk.toFixed(2)}x`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const cases: Case[] = [
    generated(longText(1024 * 1024)),
    generated(parallelTools(8, 20 * 1024)),
    generated(reasoningTextTools(128 * 1024, 64 * 1024, 3, 16 * 1024)),
    largestFixture(),
  ];
  const rows: Row[] = [];
  for (const c of cases) {
    process.stdout.write(`measuring ${c.name} ...\n`);
    rows.push(await measure(c));
  }
  const worst = Math.max(...rows.map((r) => r.ratioToFloor.ours));
  process.stdout.write(`\n${table(rows)}\n\n`);
  process.stdout.write(`floor = read body + decode + split on blank line + JSON.parse each data payload (no assembly).\n`);
  process.stdout.write(`reader = src/llm/sse-reader readSSE() drained; ours = readSSE() -> src/agent/accumulator accumulate(); sdk = openai Stream.fromSSEResponse -> accumulate().\n`);
  process.stdout.write(`Times are median process CPU ms per sample (GC forced before each); ratios are medians of per-round ratios.\n`);
  process.stdout.write(`worst ours/floor: ${worst.toFixed(2)}x (target <= ${TARGET}x): ${worst <= TARGET ? 'met' : 'NOT met'}. ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);

  const outDir = join(here, 'results');
  mkdirSync(outDir, { recursive: true });
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    pieceBytes: PIECE_BYTES,
    target: TARGET,
    worstOursToFloor: worst,
    rows,
  };
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
