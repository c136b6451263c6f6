/**
 * Rewrites the OTLP/JSON that the JS SDK's serializers (@opentelemetry/otlp-transformer) produce into the shape the
 * OpenTelemetry Collector's file exporter writes (pdata's JSON marshaler, i.e. the protobuf JSON mapping):
 *
 * - int64 values are decimal strings: `intValue` (the JS serializer writes a JSON number) and every `*UnixNano`
 *   (the JS serializer already writes strings; kept as strings).
 * - trace and span ids are lowercase hex strings (the JS JSON serializer already writes hex; checked, not converted
 *   from base64, which only the protobuf-JSON of other tools would need).
 * - fields that hold their proto3 default are left out (`droppedAttributesCount: 0`, `droppedEventsCount: 0`,
 *   `droppedLinksCount: 0`, empty `events` / `links` arrays, empty strings), except `status`, which the Collector
 *   always writes (as `{}` when unset).
 * - keys come in proto field order, as the Collector writes them.
 * - enums (`kind`, `status.code`, `severityNumber`) stay numbers; `flags` stays a number (a fixed32).
 */

const HEX_ID = /^[0-9a-f]+$/;

/** Builds an object from [key, value] pairs in the given order, leaving out proto3 defaults. */
function ordered(pairs) {
  const out = {};
  for (const [key, value] of pairs) {
    if (value === undefined || value === null) continue;
    if (value === 0 && key !== 'kind') continue;
    if (value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

function int64(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) throw new Error(`not an int64 string: ${value}`);
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`int64 outside the safe range: ${value}`);
    return String(value);
  }
  if (typeof value === 'object' && 'low' in value && 'high' in value) {
    return ((BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0)).toString();
  }
  throw new Error(`unexpected int64 value: ${JSON.stringify(value)}`);
}

function hexId(value, bytes) {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !HEX_ID.test(value) || value.length !== bytes * 2) {
    throw new Error(`expected a ${bytes}-byte lowercase hex id, got ${JSON.stringify(value)}`);
  }
  return value;
}

function anyValue(v) {
  if ('stringValue' in v) return { stringValue: v.stringValue };
  if ('boolValue' in v) return { boolValue: v.boolValue };
  if ('intValue' in v) return { intValue: int64(v.intValue) };
  if ('doubleValue' in v) return { doubleValue: v.doubleValue };
  if ('bytesValue' in v) return { bytesValue: v.bytesValue };
  if ('arrayValue' in v) return { arrayValue: ordered([['values', (v.arrayValue.values ?? []).map(anyValue)]]) };
  if ('kvlistValue' in v) return { kvlistValue: ordered([['values', attributes(v.kvlistValue.values)]]) };
  return {};
}

function attributes(list) {
  return (list ?? []).map((kv) => ({ key: kv.key, value: anyValue(kv.value ?? {}) }));
}

function resource(r) {
  return ordered([
    ['attributes', attributes(r?.attributes)],
    ['droppedAttributesCount', r?.droppedAttributesCount],
  ]);
}

function scope(s) {
  return ordered([
    ['name', s?.name],
    ['version', s?.version],
    ['attributes', attributes(s?.attributes)],
    ['droppedAttributesCount', s?.droppedAttributesCount],
  ]);
}

function status(s) {
  return ordered([
    ['message', s?.message],
    ['code', s?.code],
  ]);
}

function span(s) {
  return ordered([
    ['traceId', hexId(s.traceId, 16)],
    ['spanId', hexId(s.spanId, 8)],
    ['traceState', s.traceState],
    ['parentSpanId', hexId(s.parentSpanId, 8)],
    ['flags', s.flags],
    ['name', s.name],
    ['kind', s.kind],
    ['startTimeUnixNano', int64(s.startTimeUnixNano)],
    ['endTimeUnixNano', int64(s.endTimeUnixNano)],
    ['attributes', attributes(s.attributes)],
    ['droppedAttributesCount', s.droppedAttributesCount],
    [
      'events',
      (s.events ?? []).map((e) =>
        ordered([
          ['timeUnixNano', int64(e.timeUnixNano)],
          ['name', e.name],
          ['attributes', attributes(e.attributes)],
          ['droppedAttributesCount', e.droppedAttributesCount],
        ]),
      ),
    ],
    ['droppedEventsCount', s.droppedEventsCount],
    [
      'links',
      (s.links ?? []).map((l) =>
        ordered([
          ['traceId', hexId(l.traceId, 16)],
          ['spanId', hexId(l.spanId, 8)],
          ['traceState', l.traceState],
          ['attributes', attributes(l.attributes)],
          ['droppedAttributesCount', l.droppedAttributesCount],
          ['flags', l.flags],
        ]),
      ),
    ],
    ['droppedLinksCount', s.droppedLinksCount],
    // The Collector writes status even when it is empty.
    ['status', status(s.status)],
  ]);
}

/** An ExportTraceServiceRequest as the JS JSON serializer wrote it -> as the Collector's file exporter writes it. */
export function collectorTraces(request) {
  return {
    resourceSpans: request.resourceSpans.map((rs) =>
      ordered([
        ['resource', resource(rs.resource)],
        [
          'scopeSpans',
          rs.scopeSpans.map((ss) =>
            ordered([
              ['scope', scope(ss.scope)],
              ['spans', ss.spans.map(span)],
              ['schemaUrl', ss.schemaUrl],
            ]),
          ),
        ],
        ['schemaUrl', rs.schemaUrl],
      ]),
    ),
  };
}

function logRecord(r) {
  return ordered([
    ['timeUnixNano', int64(r.timeUnixNano)],
    ['observedTimeUnixNano', int64(r.observedTimeUnixNano)],
    ['severityNumber', r.severityNumber],
    ['severityText', r.severityText],
    ['body', r.body ? anyValue(r.body) : undefined],
    ['attributes', attributes(r.attributes)],
    ['droppedAttributesCount', r.droppedAttributesCount],
    ['flags', r.flags],
    ['traceId', hexId(r.traceId, 16)],
    ['spanId', hexId(r.spanId, 8)],
    ['eventName', r.eventName],
  ]);
}

/** An ExportLogsServiceRequest as the JS JSON serializer wrote it -> as the Collector's file exporter writes it. */
export function collectorLogs(request) {
  return {
    resourceLogs: request.resourceLogs.map((rl) =>
      ordered([
        ['resource', resource(rl.resource)],
        [
          'scopeLogs',
          rl.scopeLogs.map((sl) =>
            ordered([
              ['scope', scope(sl.scope)],
              ['logRecords', sl.logRecords.map(logRecord)],
              ['schemaUrl', sl.schemaUrl],
            ]),
          ),
        ],
        ['schemaUrl', rl.schemaUrl],
      ]),
    ),
  };
}
