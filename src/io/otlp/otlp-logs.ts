import type { OtlpAnyValue, OtlpLogRecord, OtlpResourceLogs } from './otlp-types';
import { isRecord } from '../../domain/is-record';

/**
 * The GenAI events an instrumentation writes as OTLP log records rather than on its spans (architecture.md, "What a
 * rebuild cannot carry"): OpenTelemetry's OpenAI instrumentation puts each input message (`gen_ai.user.message`, ...) and
 * each choice (`gen_ai.choice`) in a log record carrying its chat span's trace and span id, and a Collector whose logs
 * and traces pipelines share a file exporter writes `resourceLogs` lines beside the `resourceSpans` ones. Only those
 * records are kept, and of each only what a rebuild reads (its event name, ids, time and body): its attributes and
 * its resource's are left behind, so no value escapes the cut. Everything here is untrusted, so shapes are checked and
 * values bounded.
 */
/** One GenAI event of a span, its body as plain values. */
export type SpanLogEvent = { name: string; body: unknown };

const HEX = /^[0-9a-fA-F]+$/;
/** A body deeper than this is not a message: it is read as nothing rather than walked. */
const MAX_DEPTH = 16;

/** The event's name: the record's own field, else the `event.name` attribute (the instrumentation's 0.21 writes that). */
function eventName(r: Record<string, unknown>): string | null {
  if (typeof r.eventName === 'string' && r.eventName !== '') return r.eventName;
  if (!Array.isArray(r.attributes)) return null;
  for (const kv of r.attributes as unknown[]) {
    if (isRecord(kv) && kv.key === 'event.name' && isRecord(kv.value) && typeof kv.value.stringValue === 'string')
      return kv.value.stringValue;
  }
  return null;
}

const isTime = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/**
 * A GenAI event's record, or null: it names a `gen_ai.` event and its trace and span. The record is new, holding only
 * the fields a rebuild reads; its body is an object here and read field by field (`plain`) wherever it is used.
 */
function genAiRecord(raw: unknown): { record: OtlpLogRecord; name: string } | null {
  if (!isRecord(raw)) return null;
  const name = eventName(raw);
  if (!name?.startsWith('gen_ai.')) return null;
  if (
    typeof raw.traceId !== 'string' ||
    !HEX.test(raw.traceId) ||
    typeof raw.spanId !== 'string' ||
    !HEX.test(raw.spanId)
  )
    return null;
  const record: OtlpLogRecord = { eventName: name, traceId: raw.traceId, spanId: raw.spanId };
  if (isTime(raw.timeUnixNano)) record.timeUnixNano = raw.timeUnixNano;
  if (isTime(raw.observedTimeUnixNano)) record.observedTimeUnixNano = raw.observedTimeUnixNano;
  if (isRecord(raw.body)) record.body = raw.body as OtlpAnyValue;
  return { record, name };
}

/** The GenAI records of a `resourceLogs` list, in the order they were written; anything of another shape is skipped. */
function* genAiRecords(resourceLogs: unknown): Generator<{ record: OtlpLogRecord; name: string }> {
  if (!Array.isArray(resourceLogs)) return;
  for (const rl of resourceLogs as unknown[]) {
    if (!isRecord(rl) || !Array.isArray(rl.scopeLogs)) continue;
    for (const sl of rl.scopeLogs as unknown[]) {
      if (!isRecord(sl) || !Array.isArray(sl.logRecords)) continue;
      for (const raw of sl.logRecords as unknown[]) {
        const found = genAiRecord(raw);
        if (found) yield found;
      }
    }
  }
}

/** Cuts string values longer than `max` anywhere in a body (depth-bounded), calling `said` with each one's length. */
function cutBody(v: unknown, max: number, said: (chars: number) => void, depth = 0): void {
  if (!isRecord(v) || depth > MAX_DEPTH) return;
  if (typeof v.stringValue === 'string' && v.stringValue.length > max) {
    said(v.stringValue.length);
    v.stringValue = `${v.stringValue.slice(0, max)}\n[… cut at ${Math.round(max / 1024)} KB]`;
  }
  const inner = isRecord(v.arrayValue)
    ? v.arrayValue.values
    : isRecord(v.kvlistValue)
      ? v.kvlistValue.values
      : undefined;
  if (!Array.isArray(inner)) return;
  for (const x of inner as unknown[]) cutBody(isRecord(x) && 'key' in x ? x.value : x, max, said, depth + 1);
}

/**
 * A `resourceLogs` list's GenAI records grouped by their (lower-case) trace id, each group again as `resourceLogs`;
 * a body's string over `maxChars` is cut (the reader's attribute limit) and said. Records of other kinds are left out.
 */
export function genAiLogsByTrace(
  resourceLogs: unknown,
  maxChars: number,
  said: (chars: number) => void,
): Map<string, { logs: OtlpResourceLogs[]; times: number[] }> {
  const out = new Map<string, { logs: OtlpResourceLogs[]; times: number[] }>();
  for (const { record: r } of genAiRecords(resourceLogs)) {
    cutBody(r.body, maxChars, said);
    const traceId = r.traceId.toLowerCase();
    const group = out.get(traceId) ?? { logs: [], times: [] };
    out.set(traceId, group);
    group.logs.push({ scopeLogs: [{ logRecords: [r] }] });
    const t = Number(r.timeUnixNano ?? r.observedTimeUnixNano);
    if (Number.isFinite(t) && t > 0) group.times.push(t / 1e6);
  }
  return out;
}

/** A body as plain values, depth-bounded; keys are set as data (a key named "__proto__" stays a key). */
function plain(v: unknown, depth: number): unknown {
  if (!isRecord(v) || depth > MAX_DEPTH) return null;
  if (typeof v.stringValue === 'string') return v.stringValue;
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (typeof v.intValue === 'string' || typeof v.intValue === 'number') return Number(v.intValue);
  if (typeof v.doubleValue === 'number' || typeof v.doubleValue === 'string') return Number(v.doubleValue);
  if (isRecord(v.arrayValue))
    return Array.isArray(v.arrayValue.values) ? (v.arrayValue.values as unknown[]).map((x) => plain(x, depth + 1)) : [];
  if (isRecord(v.kvlistValue)) {
    const out: Record<string, unknown> = {};
    for (const kv of Array.isArray(v.kvlistValue.values) ? (v.kvlistValue.values as unknown[]) : []) {
      if (isRecord(kv) && typeof kv.key === 'string')
        Object.defineProperty(out, kv.key, {
          value: plain(kv.value, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return out;
  }
  return null;
}

/** The GenAI events of each span (by lower-case span id), in the order they were written. */
export function genAiEventsBySpan(resourceLogs: unknown): Map<string, SpanLogEvent[]> {
  const out = new Map<string, SpanLogEvent[]>();
  for (const found of genAiRecords(resourceLogs)) {
    const spanId = found.record.spanId.toLowerCase();
    const list = out.get(spanId) ?? [];
    out.set(spanId, list);
    list.push({ name: found.name, body: plain(found.record.body, 0) });
  }
  return out;
}
