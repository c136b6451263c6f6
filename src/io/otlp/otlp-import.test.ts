import { readFileSync } from 'node:fs';
import { context, trace } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import type { EventRecord } from '../../db/records';
import { checkExportText } from '../session-file/check-file';
import { buildExport } from '../session-file/export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import { sessionsToOtlp } from './otlp-export';
import { otlpTracesToExport } from './otlp-import';
import { skippedEntryText } from '../foreign/skipped-entry';
import { otlpSpans } from '../testing/otlp-spans';

const FIXTURE = readFileSync(new URL('../session-file/__fixtures__/export-v1-full.json', import.meta.url), 'utf8');

const of = <T extends EventRecord['type']>(events: EventRecord[], type: T) =>
  events.filter((e): e is Extract<EventRecord, { type: T }> => e.type === type);

async function imported(text: string) {
  const { db } = freshDB(`otlp-import-${Math.random()}`);
  const outcome = await importThroughJob(db, text);
  expect(outcome).toMatchObject({ ok: true });
  return (await buildExport(db, { kind: 'all' })).file.sessions;
}

describe('importing an OpenTelemetry trace', () => {
  it('round trip: a recorded session exported as a trace imports back with the same runs, requests and tool calls', async () => {
    const { db } = freshDB(`otlp-rt-${Math.random()}`);
    await importThroughJob(db, FIXTURE);
    const original = (await buildExport(db, { kind: 'all' })).file.sessions[0]!;
    const [back] = await imported(JSON.stringify(sessionsToOtlp([original], { includeContent: true })));
    expect(back!.session).toMatchObject({ importedTrace: true, title: original.session.title, model: 'mock-gpt' });
    expect(back!.runs.map((r) => r.stopReason)).toEqual(original.runs.map((r) => r.stopReason));
    const key = (e: { turn: number; attempt: number }) => `${e.turn}.${e.attempt}`;
    expect(of(back!.events, 'request_started').map(key)).toEqual(of(original.events, 'request_started').map(key));
    expect(of(back!.events, 'request_failed').map(key)).toEqual(of(original.events, 'request_failed').map(key));
    expect(
      of(back!.events, 'request_finished').map((e) => [e.finishReason, e.usage.promptTokens, e.usage.completionTokens]),
    ).toEqual(
      of(original.events, 'request_finished').map((e) => [
        e.finishReason,
        e.usage.promptTokens,
        e.usage.completionTokens,
      ]),
    );
    const calls = (events: EventRecord[]) =>
      of(events, 'tool_finished')
        .map((e) => [e.callId, e.name, e.outcome])
        .sort();
    expect(calls(back!.events)).toEqual(calls(original.events));
    expect(of(back!.events, 'approval_resolved').map((e) => e.decision)).toEqual(['denied']);
    // Times survive to the tenth of a millisecond.
    const started = (events: EventRecord[]) => of(events, 'tool_started').map((e) => e.callId);
    expect(started(back!.events).sort()).toEqual(started(original.events).sort());
    expect(back!.runs[0]!.startedAt).toBe(original.runs[0]!.startedAt);
  });

  it('a trace made by the OpenTelemetry JS SDK (GenAI attributes, its own JSON serialiser) draws requests, tools and generic spans', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('my-agent');
    const agent = tracer.startSpan('invoke_agent Helper', {
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.conversation.id': 'conv-1' },
    });
    const inAgent = trace.setSpan(context.active(), agent);
    const chat = tracer.startSpan(
      'chat gpt-4o',
      {
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': 'gpt-4o',
          'gen_ai.usage.input_tokens': 120,
          'gen_ai.usage.output_tokens': 30,
          'gen_ai.response.finish_reasons': ['tool_calls'],
        },
      },
      inAgent,
    );
    chat.end();
    const tool = tracer.startSpan(
      'execute_tool search',
      {
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'search',
          'gen_ai.tool.call.id': 'call_9',
        },
      },
      inAgent,
    );
    tool.setStatus({ code: 2, message: 'search backend down' });
    tool.end();
    const db = tracer.startSpan(
      'SELECT users',
      { attributes: { 'db.system': 'postgresql', 'db.statement': 'select 1' } },
      inAgent,
    );
    db.end();
    agent.end();
    const text = new TextDecoder().decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans()));
    const [s] = await imported(text);
    expect(s!.session).toMatchObject({
      importedTrace: true,
      model: 'gpt-4o',
      title: 'Imported trace: invoke_agent Helper',
    });
    expect(s!.runs).toHaveLength(1);
    expect(of(s!.events, 'request_finished')).toMatchObject([
      { finishReason: 'tool_calls', usage: { promptTokens: 120, completionTokens: 30 } },
    ]);
    const finished = of(s!.events, 'tool_finished').sort((a, b) => a.name.localeCompare(b.name));
    expect(finished.map((e) => [e.name, e.outcome])).toEqual([
      ['search', 'error'],
      ['SELECT users', 'ok'],
    ]);
    expect(finished[0]!.result).toBe('search backend down');
    // The unknown span is a generic bar whose details are its attributes.
    const generic = of(s!.events, 'tool_started').find((e) => e.name === 'SELECT users')!;
    expect(JSON.parse(generic.arguments)).toEqual({ 'db.system': 'postgresql', 'db.statement': 'select 1' });
  });

  it("names a tool's span as the parent of a span that ran inside it, so the timeline nests it there", async () => {
    const { kv, span } = otlpSpans('7');
    const tool = [
      kv('gen_ai.operation.name', 'execute_tool'),
      kv('gen_ai.tool.name', 'search'),
      kv('gen_ai.tool.call.id', 'call_s'),
    ];
    const spans = [
      { ...span('1', 'invoke_agent A', 0, 1000, [kv('gen_ai.operation.name', 'invoke_agent')], '1'), parentSpanId: '' },
      span('2', 'chat gpt-4o', 10, 100, [kv('gen_ai.operation.name', 'chat')], '1'),
      span('3', 'execute_tool search', 110, 900, tool, '1'),
      span('4', 'SELECT orders', 150, 600, [kv('db.system', 'postgresql')], '3'),
      span('5', 'GET /rates', 200, 300, [kv('http.method', 'GET')], '4'),
    ];
    const [s] = await imported(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
    const started = of(s!.events, 'tool_started').map((e) => [e.name, e.callId, e.parentCallId]);
    expect(started).toEqual([
      ['search', 'call_s', undefined],
      ['SELECT orders', `span-${'4'.repeat(16)}`, 'call_s'],
      ['GET /rates', `span-${'5'.repeat(16)}`, `span-${'4'.repeat(16)}`],
    ]);
  });

  it("nests a sub-agent's tool calls under the tool that ran the sub-agent, through its agent and model spans", async () => {
    const { kv, span } = otlpSpans('8');
    const tool = (name: string, id: string) => [
      kv('gen_ai.operation.name', 'execute_tool'),
      kv('gen_ai.tool.name', name),
      kv('gen_ai.tool.call.id', id),
    ];
    const agent = [kv('gen_ai.operation.name', 'invoke_agent')];
    const spans = [
      { ...span('1', 'invoke_agent A', 0, 1000, agent, '1'), parentSpanId: '' },
      span('2', 'chat gpt-4o', 10, 100, [kv('gen_ai.operation.name', 'chat')], '1'),
      span('3', 'execute_tool research', 110, 900, tool('research', 'call_r'), '1'),
      span('6', 'invoke_agent B', 120, 880, agent, '3'),
      span('7', 'chat gpt-4o-mini', 130, 200, [kv('gen_ai.operation.name', 'chat')], '6'),
      span('8', 'execute_tool lookup', 210, 400, tool('lookup', 'call_l'), '6'),
    ];
    const [s] = await imported(JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] }));
    const started = of(s!.events, 'tool_started').map((e) => [e.name, e.parentCallId]);
    expect(started).toEqual([
      ['research', undefined],
      ['lookup', 'call_r'],
    ]);
  });

  it('maps Vercel AI SDK ai.* spans and OpenInference spans where the mapping is clear', async () => {
    const span = (
      id: string,
      name: string,
      attributes: Record<string, unknown>[],
      start: number,
      end: number,
      parent?: string,
    ) => ({
      traceId: 'a'.repeat(32),
      spanId: id.padStart(16, '0'),
      ...(parent ? { parentSpanId: parent.padStart(16, '0') } : {}),
      name,
      startTimeUnixNano: String(1_700_000_000_000_000_000 + start * 1_000_000),
      endTimeUnixNano: String(1_700_000_000_000_000_000 + end * 1_000_000),
      attributes,
    });
    const kv = (key: string, value: Record<string, unknown>) => ({ key, value });
    const file = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span(
                  '1',
                  'ai.generateText',
                  [kv('ai.prompt', { stringValue: '{"prompt":"Weather in Rome?"}' })],
                  0,
                  100,
                ),
                span(
                  '2',
                  'ai.generateText.doGenerate',
                  [
                    kv('ai.model.id', { stringValue: 'gpt-4o-mini' }),
                    kv('ai.usage.promptTokens', { intValue: 40 }),
                    kv('ai.usage.completionTokens', { intValue: '9' }),
                    kv('ai.response.finishReason', { stringValue: 'stop' }),
                    kv('ai.response.text', { stringValue: 'Sunny.' }),
                  ],
                  5,
                  40,
                  '1',
                ),
                span(
                  '3',
                  'ai.toolCall',
                  [
                    kv('ai.toolCall.name', { stringValue: 'weather' }),
                    kv('ai.toolCall.id', { stringValue: 'tc1' }),
                    kv('ai.toolCall.args', { stringValue: '{"city":"Rome"}' }),
                  ],
                  41,
                  60,
                  '1',
                ),
                span(
                  '4',
                  'ChatOpenAI',
                  [
                    kv('openinference.span.kind', { stringValue: 'LLM' }),
                    kv('llm.model_name', { stringValue: 'gpt-4o-mini' }),
                    kv('llm.token_count.prompt', { intValue: 5 }),
                  ],
                  61,
                  80,
                  '1',
                ),
                span(
                  '5',
                  'lookup',
                  [kv('openinference.span.kind', { stringValue: 'TOOL' }), kv('tool.name', { stringValue: 'lookup' })],
                  81,
                  90,
                  '1',
                ),
              ],
            },
          ],
        },
      ],
    };
    const [s] = await imported(JSON.stringify(file));
    expect(s!.session.title).toBe('Weather in Rome?');
    expect(of(s!.events, 'request_finished').map((e) => e.usage.promptTokens)).toEqual([40, 5]);
    expect(of(s!.events, 'tool_started').map((e) => [e.name, e.callId, e.arguments])).toEqual([
      ['weather', 'tc1', '{"city":"Rome"}'],
      ['lookup', 'span-0000000000000005', ''],
    ]);
    expect(s!.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Weather in Rome?'],
      ['assistant', 'Sunny.'],
    ]);
  });

  it('leaves out only the spans it cannot read, naming each, and imports the rest of the file', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('my-agent');
    for (const [name, conversation] of [
      ['chat gpt-4o', 'conv-a'],
      ['chat gpt-4o-mini', 'conv-b'],
      ['chat o3', 'conv-c'],
    ] as const) {
      tracer
        .startSpan(name, {
          attributes: {
            'gen_ai.operation.name': 'chat',
            'gen_ai.request.model': name.slice(5),
            'gen_ai.conversation.id': conversation,
          },
        })
        .end();
    }
    const doc = JSON.parse(
      new TextDecoder().decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans())),
    ) as { resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[] };
    const spans = doc.resourceSpans[0]!.scopeSpans[0]!.spans;
    const broken = spans[1]!;
    broken.traceId = 'not-hex';
    const at = {
      now: 1_800_000_000_000,
      newId: (() => {
        let n = 0;
        return () => `id-${++n}`;
      })(),
    };
    const result = otlpTracesToExport(doc, at);
    if (!result.ok) throw new Error(result.message);
    expect(result.file.sessions.map((s) => s.session.model).sort()).toEqual(['gpt-4o', 'o3']);
    expect(result.skipped.map(skippedEntryText)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Span “chat gpt-4o-mini” \\(${String(broken.spanId)}\\): not imported, it cannot be read \\(at \\$\\.resourceSpans\\[0\\]\\.scopeSpans\\[0\\]\\.spans\\[1\\]\\.traceId, expected `,
        ),
      ),
    ]);
    // Every span unreadable: refused, saying why.
    for (const span of spans) span.traceId = 'not-hex';
    const none = otlpTracesToExport(doc, at);
    expect(!none.ok && none.message).toMatch(
      /^This looks like an OpenTelemetry \(OTLP\/JSON\) trace, but nothing in it can be imported: its 3 spans cannot be read \(the first at \$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.traceId/,
    );
  });

  it('refuses hostile and broken trace files with the place named, before anything is written', async () => {
    const good = {
      traceId: 'b'.repeat(32),
      spanId: 'c'.repeat(16),
      name: 'x',
      startTimeUnixNano: '1',
      endTimeUnixNano: '2',
    };
    const hostile = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"traceId":"${'b'.repeat(32)}","spanId":"${'c'.repeat(16)}","name":"x","startTimeUnixNano":"1","endTimeUnixNano":"2","attributes":[{"key":"k","value":{"kvlistValue":{"values":[],"__proto__":{"polluted":1}}}}]}]}]}]}`;
    expect(checkExportText(hostile)).toMatchObject({ ok: false, failure: { stage: 'hostile' } });
    const badId = checkExportText(
      JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ ...good, traceId: 'not-hex' }] }] }] }),
    );
    expect(badId).toMatchObject({
      ok: false,
      failure: { stage: 'schema', message: expect.stringContaining('OpenTelemetry (OTLP/JSON) trace') },
    });
    expect(!badId.ok && badId.failure.stage !== 'json' && badId.failure.issues[0]!.path).toContain('traceId');
    expect(checkExportText(JSON.stringify({ resourceSpans: [] }))).toMatchObject({
      ok: false,
      failure: { message: 'The trace holds no spans: there is nothing to show.' },
    });
    const { db } = freshDB(`otlp-bad-${Math.random()}`);
    expect(
      await importThroughJob(
        db,
        JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [{ ...good, startTimeUnixNano: 'soon' }] }] }] }),
      ),
    ).toMatchObject({ ok: false });
    expect(await db.sessions.count()).toBe(0);
    expect(await db.events.count()).toBe(0);
    expect(await db.runs.count()).toBe(0);
  });
});
