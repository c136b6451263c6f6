/**
 * The OTLP JSON encoding of traces (an ExportTraceServiceRequest), as far as Toolscope writes and reads it.
 * `otlp-trace-schema.json` is the same shape as a JSON Schema, for imports and for tests of the export.
 */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string | number }
  | { doubleValue: number | string }
  | { bytesValue: string }
  | { arrayValue: { values?: OtlpAnyValue[] } }
  | { kvlistValue: { values?: OtlpKeyValue[] } };

export type OtlpKeyValue = { key: string; value?: OtlpAnyValue };

export type OtlpSpanEvent = { timeUnixNano?: string | number; name: string; attributes?: OtlpKeyValue[] };

export type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  attributes?: OtlpKeyValue[];
  events?: OtlpSpanEvent[];
  status?: { code?: number; message?: string };
};

type OtlpScopeSpans = { scope?: { name?: string; version?: string }; spans: OtlpSpan[] };

export type OtlpResourceSpans = { resource?: { attributes?: OtlpKeyValue[] }; scopeSpans: OtlpScopeSpans[] };

/** OTLP log records (an ExportLogsServiceRequest's), as far as the GenAI events in them are read (otlp-logs.ts). */
export type OtlpLogRecord = {
  timeUnixNano?: string | number;
  observedTimeUnixNano?: string | number;
  eventName?: string;
  traceId: string;
  spanId: string;
  attributes?: OtlpKeyValue[];
  body?: OtlpAnyValue;
};
type OtlpScopeLogs = { scope?: { name?: string; version?: string }; logRecords: OtlpLogRecord[] };
export type OtlpResourceLogs = { resource?: { attributes?: OtlpKeyValue[] }; scopeLogs: OtlpScopeLogs[] };

/** `resourceLogs`: GenAI events some instrumentations write as log records, kept beside the spans they name (otlp-logs.ts). */
export type OtlpTraces = { resourceSpans: OtlpResourceSpans[]; resourceLogs?: OtlpResourceLogs[] };

/** Unix milliseconds (maybe fractional) as the decimal nanosecond string OTLP JSON uses; exact past 2^53 ns. */
export function msToUnixNano(ms: number): string {
  const micros = BigInt(Math.round(ms * 1000));
  return (micros * 1000n).toString();
}

export function unixNanoToMs(nanos: string | number): number {
  if (typeof nanos === 'number') return nanos / 1e6;
  const n = BigInt(nanos);
  return Number(n / 1000n) / 1000;
}

export function attr(key: string, value: string | number | boolean | readonly string[]): OtlpKeyValue {
  if (typeof value === 'string') return { key, value: { stringValue: value } };
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  if (typeof value === 'number')
    return { key, value: Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value } };
  return { key, value: { arrayValue: { values: value.map((v) => ({ stringValue: v })) } } };
}

/** A plain JS value of an attribute (arrays and maps too); ints that do not fit a double stay strings. */
export function plainValue(value: OtlpAnyValue | undefined): unknown {
  if (!value) return null;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('bytesValue' in value) return value.bytesValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plainValue);
  const out: Record<string, unknown> = {};
  for (const kv of value.kvlistValue.values ?? [])
    Object.defineProperty(out, kv.key, {
      value: plainValue(kv.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/**
 * Hex ids from a name, the same every time: exporting or pushing a run twice gives the same trace and span ids, so a
 * collector sees one trace, not two. Two FNV-1a hashes per 8 hex characters keep collisions out of reach for a session.
 */
export function hexId(name: string, bytes: 8 | 16): string {
  let out = '';
  for (let part = 0; out.length < bytes * 2; part++) {
    let h = (0x811c9dc5 ^ Math.imul(part + 1, 0x9e3779b1)) >>> 0;
    for (let i = 0; i < name.length; i++) {
      h ^= name.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out += h.toString(16).padStart(8, '0');
  }
  // An all-zero id is invalid in OpenTelemetry.
  return /^0+$/.test(out) ? `1${out.slice(1)}` : out;
}

/**
 * A span's (or event's) attributes as plain values by key. defineProperty: an attribute named "__proto__" stays data
 * (hostile keys are refused before; this is belt and braces).
 */
export function attributesOf(list: readonly OtlpKeyValue[] | undefined): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const kv of list ?? [])
    Object.defineProperty(out, kv.key, {
      value: plainValue(kv.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
