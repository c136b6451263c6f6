/**
 * Hand-made OTLP/JSON spans for tests that need a few spans of a known shape: ids are one hex digit repeated (span
 * "3" is 3333333333333333), times are ms after a fixed instant, a span without a parent is a root.
 */
export function otlpSpans(traceDigit: string) {
  const ns = (ms: number) => String(1_790_000_000_000_000_000n + BigInt(ms) * 1_000_000n);
  const kv = (key: string, v: string) => ({ key, value: { stringValue: v } });
  const span = (id: string, name: string, start: number, end: number, attributes: object[], parent = '') => ({
    traceId: traceDigit.repeat(32),
    spanId: id.repeat(16),
    parentSpanId: parent ? parent.repeat(16) : '',
    name,
    kind: 1,
    startTimeUnixNano: ns(start),
    endTimeUnixNano: ns(end),
    attributes,
    status: { code: 0 },
  });
  return { kv, span };
}
