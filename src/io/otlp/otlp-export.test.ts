import { readFileSync } from 'node:fs';
import { validate } from 'virtual:export-schema/otlp-traces';
import { describe, expect, it } from 'vitest';
import { API_KEY_SECRET } from '../../db/secrets-repo';
import { freshDB } from '../../db/testing/fresh-db';
import { buildExport } from '../session-file/export-sessions';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { sessionsToOtlp } from './otlp-export';
import { TOOLSCOPE } from './otlp-names';
import { plainValue, type OtlpSpan, type OtlpTraces } from './otlp-types';
import { otlpSpans } from '../testing/otlp-spans';

// Recorded with the app: a retried 503, parallel calls with a schema failure, a denied approval, a stopped reply, a compaction.
const FIXTURE = readFileSync(new URL('../session-file/__fixtures__/export-v1-full.json', import.meta.url), 'utf8');
const KEY = 'sk-test-never-in-a-trace-1234567890';

async function stored() {
  const { db } = freshDB(`otlp-export-${Math.random()}`);
  await db.secrets.put({ key: API_KEY_SECRET, value: KEY });
  expect(await importThroughJob(db, FIXTURE)).toMatchObject({ ok: true });
  const { file } = await buildExport(db, { kind: 'all' });
  return file.sessions;
}

const spansOf = (t: OtlpTraces): OtlpSpan[] => t.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
const attrs = (s: OtlpSpan) => Object.fromEntries((s.attributes ?? []).map((a) => [a.key, plainValue(a.value)]));
const op = (s: OtlpSpan) => attrs(s)['gen_ai.operation.name'];

describe('sessionsToOtlp on a stored session', () => {
  it('is OTLP/JSON: the schema holds, ids are hex, parents exist, times are ordered nanosecond strings', async () => {
    const trace = sessionsToOtlp(await stored(), { includeContent: true });
    expect(validate(trace), JSON.stringify(validate.errors)).toBe(true);
    const spans = spansOf(trace);
    const ids = new Set(spans.map((s) => s.spanId));
    expect(ids.size).toBe(spans.length);
    for (const s of spans) {
      expect(s.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(s.spanId).toMatch(/^[0-9a-f]{16}$/);
      if (s.parentSpanId) expect(ids).toContain(s.parentSpanId);
      expect(typeof s.startTimeUnixNano).toBe('string');
      expect(BigInt(s.endTimeUnixNano)).toBeGreaterThanOrEqual(BigInt(s.startTimeUnixNano));
      expect(BigInt(s.startTimeUnixNano)).toBeGreaterThan(1_000_000_000_000_000_000n);
    }
    expect(trace.resourceSpans[0]!.resource?.attributes?.find((a) => a.key === 'service.name')?.value).toEqual({
      stringValue: 'toolscope',
    });
  });

  it('has a span per run, per request attempt and per tool call, named after the conventions', async () => {
    const spans = spansOf(sessionsToOtlp(await stored(), { includeContent: false }));
    const agents = spans.filter((s) => op(s) === 'invoke_agent');
    const chats = spans.filter((s) => op(s) === 'chat');
    const tools = spans.filter((s) => op(s) === 'execute_tool');
    expect([agents.length, chats.length, tools.length]).toEqual([5, 7, 3]);
    expect(new Set(agents.map((s) => s.traceId)).size).toBe(5);
    expect(chats.every((s) => s.name === 'chat mock-gpt' && s.kind === 3)).toBe(true);
    expect(agents.every((s) => s.name === 'invoke_agent Toolscope')).toBe(true);
    for (const s of [...chats, ...tools]) expect(agents.map((a) => a.spanId)).toContain(s.parentSpanId);
    const ok = chats.find((s) => attrs(s)['gen_ai.response.finish_reasons'] !== undefined)!;
    expect(attrs(ok)).toMatchObject({
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'mock-gpt',
      'gen_ai.response.model': 'mock-gpt',
    });
    expect(typeof attrs(ok)['gen_ai.usage.input_tokens']).toBe('number');
    expect(typeof attrs(ok)['gen_ai.usage.output_tokens']).toBe('number');
    expect(tools.map((s) => s.name).sort()).toEqual([
      'execute_tool delete_file',
      'execute_tool get_weather',
      'execute_tool get_weather',
    ]);
    for (const t of tools)
      expect(attrs(t)).toMatchObject({ 'gen_ai.tool.type': 'function', 'gen_ai.tool.call.id': expect.any(String) });
  });

  it('tells retries, approvals, failed calls, compactions and cancellations as status and events', async () => {
    const spans = spansOf(sessionsToOtlp(await stored(), { includeContent: false }));
    const failed = spans.filter((s) => op(s) === 'chat' && s.status?.code === 2 && attrs(s)['error.type'] === 'server');
    expect(failed).toHaveLength(1);
    const stopped = spans.filter((s) => op(s) === 'chat' && attrs(s)['error.type'] === 'cancelled');
    expect(stopped).toHaveLength(1);
    expect(attrs(failed[0]!)['error.type']).toBe('server');
    expect(failed[0]!.events?.map((e) => e.name)).toEqual(['retry_scheduled']);
    const denied = spans.find((s) => attrs(s)['toolscope.tool.outcome'] === 'denied')!;
    expect(denied.status?.code).toBe(2);
    expect(attrs(denied)['error.type']).toBe('denied');
    expect(denied.events?.map((e) => e.name)).toEqual(['approval_requested', 'approval_resolved']);
    expect(spans.find((s) => attrs(s)['toolscope.tool.outcome'] === 'error')?.status?.code).toBe(2);
    const runEvents = spans.filter((s) => op(s) === 'invoke_agent').flatMap((s) => s.events?.map((e) => e.name) ?? []);
    expect(runEvents.sort()).toEqual(['cancelled', 'context_compacted']);
  });

  it('carries content only when asked, and never the key', async () => {
    const sessions = await stored();
    const bare = JSON.stringify(sessionsToOtlp(sessions, { includeContent: false }));
    for (const name of [
      'gen_ai.input.messages',
      'gen_ai.output.messages',
      'gen_ai.tool.call.arguments',
      'gen_ai.tool.call.result',
      'gen_ai.system_instructions',
    ]) {
      expect(bare).not.toContain(name);
    }
    expect(bare).not.toContain('Paris');
    const full = JSON.stringify(sessionsToOtlp(sessions, { includeContent: true }));
    expect(full).toContain('gen_ai.input.messages');
    expect(full).toContain('gen_ai.tool.call.arguments');
    expect(full).toContain('Paris');
    expect(full).not.toContain(KEY);
    expect(bare).not.toContain(KEY);
  });

  it('adds toolscope.cost.usd when the price is known, and nothing (not $0) when it is not', async () => {
    const sessions = await stored();
    const unknown = spansOf(sessionsToOtlp(sessions, { includeContent: false }));
    expect(unknown.some((s) => attrs(s)['toolscope.cost.usd'] !== undefined)).toBe(false);
    const priced = spansOf(
      sessionsToOtlp(sessions, {
        includeContent: false,
        prices: { 'mock-gpt': { input: 1_000_000, output: 2_000_000 } },
      }),
    );
    for (const s of priced.filter((x) => op(x) === 'chat' && x.status?.code !== 2)) {
      const a = attrs(s);
      expect(a['toolscope.cost.usd']).toBeCloseTo(
        (a['gen_ai.usage.input_tokens'] as number) + 2 * (a['gen_ai.usage.output_tokens'] as number),
        6,
      );
    }
    for (const run of priced.filter((s) => op(s) === 'invoke_agent')) {
      const children = priced.filter((s) => s.parentSpanId === run.spanId && op(s) === 'chat');
      const sum = children.reduce((n, s) => n + ((attrs(s)['toolscope.cost.usd'] as number | undefined) ?? 0), 0);
      expect(attrs(run)['toolscope.cost.usd']).toBeCloseTo(sum, 6);
    }
  });

  it('gives the same ids every time (a pushed run pushed again is one trace) and can take one run', async () => {
    const sessions = await stored();
    const a = sessionsToOtlp(sessions, { includeContent: false });
    expect(sessionsToOtlp(sessions, { includeContent: false })).toEqual(a);
    const runId = sessions[0]!.runs[1]!.id;
    const one = spansOf(sessionsToOtlp(sessions, { includeContent: false }, runId));
    expect(new Set(one.map((s) => s.traceId)).size).toBe(1);
    expect(one.filter((s) => op(s) === 'invoke_agent')).toHaveLength(1);
  });
});

describe('attribute names in a written trace', () => {
  it('every attribute is a constant of the semantic conventions (incubating), or one of our own toolscope.* names', async () => {
    const semconv = (await import('@opentelemetry/semantic-conventions/incubating')) as unknown as Record<
      string,
      unknown
    >;
    const known = new Set(
      Object.entries(semconv)
        .filter(([k, v]) => k.startsWith('ATTR_') && typeof v === 'string')
        .map(([, v]) => v),
    );
    const ours = new Set<string>(Object.values(TOOLSCOPE));
    // Everything the export can write: content on, prices known, so no optional attribute is left out.
    const trace = sessionsToOtlp(await stored(), {
      includeContent: true,
      prices: { 'mock-gpt': { input: 1, cachedInput: 0.5, output: 2 } },
    });
    const keys = new Set<string>();
    for (const r of trace.resourceSpans) {
      for (const a of r.resource?.attributes ?? []) keys.add(a.key);
      for (const s of r.scopeSpans.flatMap((x) => x.spans)) {
        for (const a of s.attributes ?? []) keys.add(a.key);
        for (const e of s.events ?? []) for (const a of e.attributes ?? []) keys.add(a.key);
      }
    }
    expect(keys.size).toBeGreaterThan(20);
    for (const key of keys) {
      if (key.startsWith('toolscope.')) expect(ours, key).toContain(key);
      else
        expect(known, `${key} is not an ATTR_ constant of @opentelemetry/semantic-conventions/incubating`).toContain(
          key,
        );
    }
    // Our own names never shadow one the conventions define.
    for (const name of ours) expect(known).not.toContain(name);
  });
});

describe('sessionsToOtlp: step stats under pinned names', () => {
  it('a finished request carries time to first chunk and output tokens per second; a finished call its duration', async () => {
    const sessions = await stored();
    const spans = spansOf(sessionsToOtlp(sessions, { includeContent: false }));
    const events = sessions.flatMap((s) => s.events);
    const finished = spans.filter((s) => op(s) === 'chat' && attrs(s)['gen_ai.response.finish_reasons'] !== undefined);
    expect(finished.length).toBeGreaterThan(0);
    for (const s of finished) {
      const a = attrs(s);
      const ttft = a['gen_ai.response.time_to_first_chunk'];
      expect(typeof ttft).toBe('number');
      const rate = a[TOOLSCOPE.outputTokensPerSecond];
      if (rate !== undefined) {
        const streamedS = Number(BigInt(s.endTimeUnixNano) - BigInt(s.startTimeUnixNano)) / 1e9 - Number(ttft);
        expect(Number(rate)).toBeCloseTo(Number(a['gen_ai.usage.output_tokens']) / streamedS, 0);
      }
    }
    expect(finished.some((s) => attrs(s)[TOOLSCOPE.outputTokensPerSecond] !== undefined)).toBe(true);
    const tools = spans.filter((s) => op(s) === 'execute_tool');
    const durations = events.flatMap((e) => (e.type === 'tool_finished' ? [[e.callId, e.durationMs] as const] : []));
    for (const [callId, ms] of durations) {
      const span = tools.find((s) => attrs(s)['gen_ai.tool.call.id'] === callId)!;
      expect(attrs(span)[TOOLSCOPE.toolDurationMs]).toBe(ms);
    }
    expect(TOOLSCOPE.outputTokensPerSecond).toBe('toolscope.response.output_tokens_per_second');
    expect(TOOLSCOPE.toolDurationMs).toBe('toolscope.tool.duration_ms');
  });
});

describe('sessionsToOtlp: calls inside calls', () => {
  // A trace another runtime wrote: a tool whose span holds a database query, which holds an HTTP request.
  const { kv, span } = otlpSpans('7');
  const tool = [
    kv('gen_ai.operation.name', 'execute_tool'),
    kv('gen_ai.tool.name', 'search'),
    kv('gen_ai.tool.call.id', 'call_s'),
  ];
  const NESTED = JSON.stringify({
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              {
                ...span('1', 'invoke_agent A', 0, 1000, [kv('gen_ai.operation.name', 'invoke_agent')], '1'),
                parentSpanId: '',
              },
              span('2', 'chat gpt-4o', 10, 100, [kv('gen_ai.operation.name', 'chat')], '1'),
              span('3', 'execute_tool search', 110, 900, tool, '1'),
              span('4', 'SELECT orders', 150, 600, [kv('db.system', 'postgresql')], '3'),
              span('5', 'GET /rates', 200, 300, [kv('http.method', 'GET')], '4'),
            ],
          },
        ],
      },
    ],
  });
  const QUERY = `span-${'4'.repeat(16)}`;
  const FETCH = `span-${'5'.repeat(16)}`;

  async function importedSessions(text: string) {
    const { db } = freshDB(`otlp-nested-${Math.random()}`);
    expect(await importThroughJob(db, text)).toMatchObject({ ok: true });
    return (await buildExport(db, { kind: 'all' })).file.sessions;
  }
  const parents = (s: ExportedSessionV1) =>
    s.events.flatMap((e) => (e.type === 'tool_started' ? [[e.callId, e.parentCallId] as const] : []));
  const toolSpansByCall = (t: OtlpTraces) =>
    new Map(
      spansOf(t).flatMap((s) => (op(s) === 'execute_tool' ? [[attrs(s)['gen_ai.tool.call.id'], s] as const] : [])),
    );

  it("makes a call's span the child of its parent call's span, so export and import keep the nesting", async () => {
    const [first] = await importedSessions(NESTED);
    expect(parents(first!)).toEqual([
      ['call_s', undefined],
      [QUERY, 'call_s'],
      [FETCH, QUERY],
    ]);
    const trace = sessionsToOtlp([first!], { includeContent: true });
    expect(validate(trace), JSON.stringify(validate.errors)).toBe(true);
    const agent = spansOf(trace).find((s) => op(s) === 'invoke_agent')!;
    const calls = toolSpansByCall(trace);
    expect(calls.get('call_s')!.parentSpanId).toBe(agent.spanId);
    expect(calls.get(QUERY)!.parentSpanId).toBe(calls.get('call_s')!.spanId);
    expect(calls.get(FETCH)!.parentSpanId).toBe(calls.get(QUERY)!.spanId);
    const [back] = await importedSessions(JSON.stringify(trace));
    expect(parents(back!)).toEqual(parents(first!));
  });

  it('hangs a call under its run when its parent call is not in that run, or when the parents loop back to it', async () => {
    const [first] = await importedSessions(NESTED);
    const reparented: Record<string, string> = { call_s: QUERY, [FETCH]: 'call_in_another_run' };
    const events = first!.events.map((e) =>
      e.type === 'tool_started' && reparented[e.callId] ? { ...e, parentCallId: reparented[e.callId] } : e,
    );
    const trace = sessionsToOtlp([{ ...first!, events }], { includeContent: false });
    expect(validate(trace), JSON.stringify(validate.errors)).toBe(true);
    const agent = spansOf(trace).find((s) => op(s) === 'invoke_agent')!;
    const calls = toolSpansByCall(trace);
    expect([...calls.keys()].sort()).toEqual(['call_s', QUERY, FETCH].sort());
    for (const s of calls.values()) expect(s.parentSpanId).toBe(agent.spanId);
  });
});
