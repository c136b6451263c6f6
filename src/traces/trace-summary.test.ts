import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mergeSummaries, NAMES_CAP, SEARCH_CAP, type TraceIndexRecord, type TraceSummary } from '../domain/trace-inbox';
import { readTraceText } from './trace-file-read';
import { queryTraces } from './trace-query';
import { exportRequest, jsonLines, T1 } from './testing/otlp-lines';

/** A fixture made by a real SDK (src/traces/__fixtures__/README.md): two export requests, the root span on the second. */
const fixtureLines = (name: string) =>
  readFileSync(new URL(`./__fixtures__/${name}.otlp.jsonl`, import.meta.url), 'utf8')
    .trim()
    .split('\n');

const row = (summary: TraceSummary): TraceIndexRecord => ({ ...summary, sourceId: 'src' });
const found = (summary: TraceSummary, text: string) =>
  queryTraces([row(summary)], { text, errorsOnly: false }).length === 1;

async function summaryOf(text: string): Promise<TraceSummary> {
  const file = await readTraceText(text, 'data.json');
  expect(file.parts).toHaveLength(1);
  return file.parts[0]!.summary;
}

describe('what a search finds in a trace', () => {
  // OpenInference records every request and reply whole on its model spans, which end before the agent span: the
  // recorded text fills the search text before the root is read.
  const OI = fixtureLines('openinference-openai');

  it('finds a real SDK trace whose recorded text passes the cap by its own name, its tool, model and span names', async () => {
    const s = await summaryOf(`${OI.join('\n')}\n`);
    expect(s.search).toHaveLength(SEARCH_CAP);
    expect(s.name).toBe('weather-agent');
    for (const text of [
      'weather-agent',
      'WEATHER-AGENT',
      'get_weather',
      'mock-gpt',
      'OpenAI Chat Completions',
      'weather-agent get_weather mock-gpt',
    ])
      expect(found(s, text), text).toBe(true);
    // Recorded text is still found while it fits, and a word in none of it finds nothing.
    expect(found(s, 'concise weather assistant')).toBe(true);
    expect(found(s, 'weather-agent trip-planner')).toBe(false);
  });

  it('keeps the names when the trace is spread over two files, whichever is read first', async () => {
    const [first, second] = [await summaryOf(`${OI[0]!}\n`), await summaryOf(`${OI[1]!}\n`)];
    for (const merged of [mergeSummaries(first, second), mergeSummaries(second, first)]) {
      expect(merged.name).toBe('weather-agent');
      expect(merged.search.length).toBeLessThanOrEqual(SEARCH_CAP);
      for (const text of ['weather-agent', 'get_weather', 'mock-gpt', 'openai chat completions'])
        expect(found(merged, text), text).toBe(true);
    }
  });

  it('keeps the name a row shows when a hostile trace has more distinct names than fit', async () => {
    const spans = Array.from({ length: 2_000 }, (_, k) => ({
      traceId: T1,
      spanId: (k + 2).toString(16).padStart(16, '0'),
      parentSpanId: '0000000000000001',
      name: `step-${String(k).padStart(4, '0')} ${'x'.repeat(30)}`,
      startMs: 1_000 + k,
      endMs: 1_001 + k,
    }));
    const root = {
      traceId: T1,
      spanId: '0000000000000001',
      name: 'batch-04200 trip-planner',
      startMs: 1_000,
      endMs: 9_000,
    };
    const s = await summaryOf(jsonLines(exportRequest([...spans, root])));
    expect(s.names.length).toBeLessThanOrEqual(NAMES_CAP);
    expect(found(s, 'batch-04200')).toBe(true);
    expect(found(s, 'step-0000')).toBe(true);
  });
});
