import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_ATTRIBUTE_CHARS, readTraceFile, readTraceText } from './trace-file-read';
import { MAX_DEPTH } from '../io/import/parse-file';
import { exportRequest, jsonLines, T1, T2 } from './testing/otlp-lines';

const enc = (s: string) => new TextEncoder().encode(s);
const root = {
  traceId: T1,
  spanId: 'a1a1a1a1a1a1a1a1',
  name: 'ai.generateText',
  startMs: 1_700_000_000_000,
  endMs: 1_700_000_002_000,
};
const chat = {
  traceId: T1,
  spanId: 'b2b2b2b2b2b2b2b2',
  parentSpanId: root.spanId,
  name: 'ai.generateText.doGenerate',
  startMs: 1_700_000_000_100,
  endMs: 1_700_000_001_000,
  attrs: { 'ai.model.id': 'gpt-x', 'ai.usage.inputTokens': 12, 'ai.usage.outputTokens': 5 },
};
const tool = {
  traceId: T1,
  spanId: 'c3c3c3c3c3c3c3c3',
  parentSpanId: root.spanId,
  name: 'ai.toolCall',
  startMs: 1_700_000_001_100,
  endMs: 1_700_000_001_200,
  attrs: { 'ai.toolCall.name': 'get_weather', 'ai.toolCall.id': 'call_1' },
  error: true,
};

describe('reading one trace file', () => {
  it('reads JSON Lines: one export request a line, the spans of a trace grouped, int64 strings read as numbers', () => {
    const file = readTraceText(jsonLines(exportRequest([root, chat]), exportRequest([tool])), 'data.json');
    expect(file.problems).toEqual([]);
    expect(file.spanCount).toBe(3);
    expect(file.parts).toHaveLength(1);
    const s = file.parts[0]!.summary;
    expect(s).toMatchObject({
      traceId: T1,
      name: 'ai.generateText',
      rooted: true,
      start: 1_700_000_000_000,
      end: 1_700_000_002_000,
      spanCount: 3,
      models: ['gpt-x'],
      toolCalls: 1,
      errors: 1,
    });
    expect(s.usage).toEqual([{ model: 'gpt-x', input: 12, output: 5, cached: 0, reasoning: 0 }]);
    expect(s.search).toContain('get_weather');
  });

  it('reads numbers where the JS SDK writes them, and a pretty-printed single document', () => {
    const doc = exportRequest([root]) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
    const span = doc.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    span.startTimeUnixNano = 1_700_000_000_000 * 1e6;
    span.endTimeUnixNano = 1_700_000_000_500 * 1e6;
    const file = readTraceText(JSON.stringify(doc, null, 2), 'trace.json');
    expect(file.problems).toEqual([]);
    expect(file.parts[0]!.summary.end - file.parts[0]!.summary.start).toBeCloseTo(500, 0);
  });

  it('leaves out a line that is not JSON, a span without ids, and says each in a sentence; the rest stays', () => {
    const broken = { ...chat, spanId: 'not-hex!' };
    const file = readTraceText(
      `${JSON.stringify(exportRequest([root]))}\n{"resourceSpans": [\n${JSON.stringify(exportRequest([broken, { ...root, traceId: T2, spanId: 'd4d4d4d4d4d4d4d4' }]))}\n`,
      'data.json',
    );
    expect(file.parts.map((p) => p.traceId).sort()).toEqual([T1, T2].sort());
    expect(file.problems).toContain('data.json, line 2: not JSON, left out.');
    expect(file.problems.some((p) => p.includes('“ai.generateText.doGenerate” was left out: it has no span id'))).toBe(
      true,
    );
  });

  it('cuts a huge attribute and says so', () => {
    const huge = { ...chat, attrs: { 'ai.prompt.messages': 'x'.repeat(MAX_ATTRIBUTE_CHARS + 10) } };
    const file = readTraceText(jsonLines(exportRequest([huge])), 'big.json');
    expect(file.problems[0]).toMatch(/attribute ai\.prompt\.messages cut at 256 KB/);
    expect(file.parts[0]!.traces.resourceSpans[0]!.scopeSpans[0]!.spans[0]!.attributes![0]!.value).toMatchObject({
      stringValue: expect.stringContaining('[… cut at 256 KB]'),
    });
  });

  it('breaks a loop of parents (each span shown, one of them as a root) and says so', () => {
    const a = { ...root, parentSpanId: 'e5e5e5e5e5e5e5e5' };
    const b = { ...chat, spanId: 'e5e5e5e5e5e5e5e5', parentSpanId: root.spanId };
    const file = readTraceText(jsonLines(exportRequest([a, b])), 'loop.json');
    expect(file.spanCount).toBe(2);
    expect(file.problems.some((p) => p.includes('its parents lead back to it'))).toBe(true);
    expect(file.parts[0]!.summary.rooted).toBe(true);
  });

  it('decides compression by the bytes, not the name: gzip, zstd (made by the zstd CLI) and the file exporter’s length-prefixed zstd frames', async () => {
    const text = jsonLines(exportRequest([root, chat]));
    const gz = await readTraceFile(new Uint8Array(gzipSync(enc(text))), 'no-extension');
    expect(gz.parts[0]?.summary.spanCount).toBe(2);
    // zstd 1.5.4 (Debian): `zstd -q fixture.jsonl -o fixture.jsonl.zst` (see __fixtures__/README.md).
    const zst = new Uint8Array(
      readFileSync(new URL('./__fixtures__/compressed/two-requests.jsonl.zst', import.meta.url)),
    );
    const whole = await readTraceFile(zst, 'two-requests.jsonl.zst');
    expect(whole.problems).toEqual([]);
    expect(whole.spanCount).toBe(3);
    const frames = [
      readFileSync(new URL('./__fixtures__/compressed/line-1.json.zst', import.meta.url)),
      readFileSync(new URL('./__fixtures__/compressed/line-2.json.zst', import.meta.url)),
    ];
    const framed = new Uint8Array(frames.reduce((n, f) => n + 4 + f.length, 0));
    let at = 0;
    for (const f of frames) {
      new DataView(framed.buffer).setUint32(at, f.length);
      framed.set(f, at + 4);
      at += 4 + f.length;
    }
    const prefixed = await readTraceFile(framed, 'data.json');
    expect(prefixed.problems).toEqual([]);
    expect(prefixed.spanCount).toBe(3);
    const cut = await readTraceFile(gzipSync(enc(text)).subarray(0, 20), 'cut.gz');
    expect(cut.parts).toEqual([]);
    expect(cut.problems[0]).toMatch(/^cut\.gz: left out, it looks gzip-compressed but cannot be decompressed/);
  });

  it('says a binary (protobuf) file is not read', async () => {
    const file = await readTraceFile(new Uint8Array([0x0a, 0xff, 0xfe, 0x00, 0x81]), 'data.pb');
    expect(file.problems).toEqual([
      'data.pb: left out, it is not text: OTLP/JSON was expected (the binary protobuf format is not read).',
    ]);
  });
  it('sets aside a request nested 10,000 levels deep with its reason in words, and reads the line beside it', () => {
    // Written as text: JSON.stringify itself recurses past the stack at this depth.
    const nested = `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(10_000)}{"stringValue":"bottom"}${'}]}}'.repeat(10_000)}`;
    const deep = JSON.stringify(exportRequest([{ ...root, traceId: T2, attrs: { deep: 'NESTED' } }])).replace(
      '{"stringValue":"NESTED"}',
      nested,
    );
    const file = readTraceText(`${deep}\n${JSON.stringify(exportRequest([root, chat]))}\n`, 'deep.json');
    expect(file.parts.map((p) => p.traceId)).toEqual([T1]);
    expect(file.spanCount).toBe(2);
    expect(file.problems).toEqual([
      `deep.json, line 1: left out, it is not safe to read: nesting deeper than ${MAX_DEPTH} levels.`,
    ]);
    // One document (not JSON Lines): the whole file is set aside, said once.
    const whole = readTraceText(deep, 'one.json');
    expect(whole.parts).toEqual([]);
    expect(whole.problems).toEqual([
      `one.json: left out, it is not safe to read: nesting deeper than ${MAX_DEPTH} levels.`,
    ]);
  });

  it('sets aside a request with a key that reaches Object.prototype', () => {
    const file = readTraceText(
      `{"resourceSpans":[],"__proto__":{"polluted":1}}\n${JSON.stringify(exportRequest([root]))}\n`,
      'proto.json',
    );
    expect(file.parts.map((p) => p.traceId)).toEqual([T1]);
    expect(file.problems).toEqual([
      'proto.json, line 1: left out, it is not safe to read: the key "__proto__" is not allowed (prototype pollution).',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sets aside a file that is not JSON at all (markup) in one sentence', () => {
    const file = readTraceText('<html><script>alert(1)</script>\n<img src=x onerror=alert(2)>\n', 'page.html');
    expect(file).toEqual({
      parts: [],
      spanCount: 0,
      problems: ['page.html: left out, it is not JSON: OTLP/JSON was expected.'],
    });
  });

  it('keeps the good lines of a JSON Lines file whose first line is torn', () => {
    const torn = JSON.stringify(exportRequest([root])).slice(20);
    const file = readTraceText(`${torn}\n${JSON.stringify(exportRequest([root, chat]))}\n`, 'torn.json');
    expect(file.parts.map((p) => p.traceId)).toEqual([T1]);
    expect(file.spanCount).toBe(2);
    expect(file.problems).toEqual(['torn.json, line 1: not JSON, left out.']);
  });

  it('sets aside in one sentence a file none of whose lines is JSON (a log)', () => {
    const file = readTraceText('2026-01-01 started\n2026-01-01 stopped\n', 'run.log');
    expect(file).toEqual({
      parts: [],
      spanCount: 0,
      problems: ['run.log: left out, it is not JSON: OTLP/JSON was expected.'],
    });
  });

  it('sets aside a file too large once decompressed, without decompressing all of it (a gzip bomb)', async () => {
    const bomb = new Uint8Array(gzipSync(new Uint8Array(8 * 1024 * 1024).fill(0x20)));
    const file = await readTraceFile(bomb, 'bomb.json.gz', { maxTextBytes: 1024 * 1024 });
    expect(file).toEqual({
      parts: [],
      spanCount: 0,
      problems: ['bomb.json.gz: left out, it holds more than 1 MB of text once decompressed, more than one file may.'],
    });
    const plain = await readTraceFile(enc(' '.repeat(2 * 1024 * 1024)), 'big.json', { maxTextBytes: 1024 * 1024 });
    expect(plain.problems).toEqual(['big.json: left out, it holds 2 MB of text, more than the 1 MB one file may.']);
  });

  it('keeps the rest of a trace when one span is its own parent or has an invalid id, and says each', () => {
    const self = { ...chat, parentSpanId: chat.spanId };
    const badId = { ...tool, traceId: 'zz-not-hex', name: '<script>alert(1)</script>' };
    const file = readTraceText(jsonLines(exportRequest([root, self, badId])), 'mixed.json');
    expect(file.spanCount).toBe(2);
    expect(file.parts[0]!.summary.spanCount).toBe(2);
    expect(file.problems).toEqual([
      'mixed.json: a span “<script>alert(1)</script>” was left out: it has no trace id.',
      `mixed.json: span “ai.generateText.doGenerate” of trace ${T1}: its parents lead back to it; shown as a root.`,
    ]);
  });
});
