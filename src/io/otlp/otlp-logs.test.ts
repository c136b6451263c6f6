import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTraceText } from '../../traces/trace-file-read';
import { mergeParts } from '../../traces/open-trace';
import { otlpTracesToExport } from './otlp-import';
import { genAiLogsByTrace } from './otlp-logs';

/**
 * OpenTelemetry's OpenAI instrumentation writes no content on its spans: the messages are GenAI events in log records
 * (src/traces/__fixtures__/otel-openai.*, made by fixtures-gen/otel-traces). A Collector whose logs and traces
 * pipelines share one file exporter writes both kinds of line into one file, as built here.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../../traces/__fixtures__/${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n');
const spanLines = fixture('otel-openai.otlp.jsonl');
const logLines = fixture('otel-openai.logs.otlp.jsonl');
const collectorFile = spanLines.flatMap((line, i) => [line, logLines[i] ?? '']).join('\n');
type Sent = {
  messages: {
    role: string;
    content: string | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
};
const sent = JSON.parse(
  readFileSync(new URL('../../traces/__fixtures__/otel-openai.requests.json', import.meta.url), 'utf8'),
) as Sent[];

function opened(text: string) {
  const file = readTraceText(text, 'data.json');
  let n = 0;
  const out = otlpTracesToExport(mergeParts(file.parts.map((p) => ({ spans: JSON.stringify(p.traces) }))), {
    now: 1,
    newId: () => `id-${n++}`,
  });
  if (!out.ok) throw new Error(out.message);
  return { file, entry: out.file.sessions[0]! };
}

describe('a Collector file with spans and log records of the OpenAI instrumentation', () => {
  it('reads both kinds of line as one trace, its log records kept with it', () => {
    const { file } = opened(collectorFile);
    expect(file.problems).toEqual([]);
    expect(file.parts).toHaveLength(1);
    expect(file.parts[0]!.summary.name).toBe('invoke_agent weather-agent');
    expect(file.parts[0]!.traces.resourceLogs?.flatMap((r) => r.scopeLogs.flatMap((s) => s.logRecords))).toHaveLength(
      logLines.map((l) => (l.match(/"event.name"/g) ?? []).length).reduce((a, b) => a + b, 0),
    );
  });

  it('opens with the conversation the log records carried: system prompt, question, call, result, answer', () => {
    const { entry } = opened(collectorFile);
    const last = sent.at(-1)!;
    const want = [
      ...last.messages
        .filter((m) => m.role !== 'system')
        .map((m) => ({
          role: m.role,
          text: m.content ?? '',
          calls: (m.tool_calls ?? []).map((c) => [c.id, c.function.name, JSON.parse(c.function.arguments) as unknown]),
          callId: m.tool_call_id ?? null,
        })),
      { role: 'assistant', text: 'It is 18 °C and sunny in Paris right now.', calls: [], callId: null },
    ];
    const got = entry.messages
      .filter((m) => m.role !== 'system')
      .map((m) => ({
        role: m.role,
        text: m.content,
        calls: m.role === 'assistant' ? m.toolCalls.map((c) => [c.id, c.name, JSON.parse(c.arguments) as unknown]) : [],
        callId: m.role === 'tool' ? m.toolCallId : null,
      }));
    expect(got).toEqual(want);
    expect(entry.session.title).toBe('What is the weather in Paris right now, in celsius?');
    expect(entry.toolCalls.map((c) => [c.name, c.result])).toEqual([
      ['get_weather', last.messages.find((m) => m.role === 'tool')!.content],
    ]);
  });

  it('names no reply as a step: the events record no tools, so no step can be sent again as it was', () => {
    const { entry } = opened(collectorFile);
    const started = entry.events.filter((e) => e.type === 'request_started');
    expect(started).toHaveLength(2);
    for (const e of started) expect(e.type === 'request_started' && e.messageId).toBe('');
  });

  it('keeps log records in a file apart from their spans, and joins them when the trace opens', () => {
    const spans = readTraceText(spanLines.join('\n'), 'spans.json');
    const logs = readTraceText(logLines.join('\n'), 'logs.json');
    expect(logs.problems).toEqual([]);
    expect(logs.parts.map((p) => [p.traceId, p.summary.spanCount])).toEqual([[spans.parts[0]!.traceId, 0]]);
    let n = 0;
    const out = otlpTracesToExport(
      mergeParts([...spans.parts, ...logs.parts].map((p) => ({ spans: JSON.stringify(p.traces) }))),
      { now: 1, newId: () => `id-${n++}` },
    );
    if (!out.ok) throw new Error(out.message);
    expect(out.file.sessions[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'What is the weather in Paris right now, in celsius?',
    ]);
  });

  it('keeps of a log record only what a rebuild reads: a huge attribute, on it or its resource, is left behind', () => {
    const huge = { key: 'extra', value: { stringValue: 'x'.repeat(1_000_000) } };
    const record = {
      timeUnixNano: '1700000000000000000',
      traceId: 'AB12',
      spanId: 'cd34',
      body: { stringValue: 'hello' },
      attributes: [{ key: 'event.name', value: { stringValue: 'gen_ai.user.message' } }, huge],
    };
    const cut: number[] = [];
    const byTrace = genAiLogsByTrace(
      [
        {
          resource: { attributes: [huge] },
          scopeLogs: [{ scope: { name: 's' }, logRecords: [record, { ...record, traceId: 'not hex' }] }],
        },
      ],
      1024,
      (n) => cut.push(n),
    );
    expect([...byTrace.keys()]).toEqual(['ab12']);
    expect(byTrace.get('ab12')).toEqual({
      logs: [
        {
          scopeLogs: [
            {
              logRecords: [
                {
                  eventName: 'gen_ai.user.message',
                  traceId: 'AB12',
                  spanId: 'cd34',
                  timeUnixNano: '1700000000000000000',
                  body: { stringValue: 'hello' },
                },
              ],
            },
          ],
        },
      ],
      times: [1_700_000_000_000],
    });
    expect(cut).toEqual([]);
  });
});
