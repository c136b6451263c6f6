/** A W3C Trace Context `traceparent` (version 00): the trace and the caller's span, sampled. */
export function formatTraceparent(traceId: string, spanId: string): string {
  if (!/^[0-9a-f]{32}$/.test(traceId) || /^0+$/.test(traceId))
    throw new Error(`A trace id is 32 lower-case hex digits, not all zero; got "${traceId}".`);
  if (!/^[0-9a-f]{16}$/.test(spanId) || /^0+$/.test(spanId))
    throw new Error(`A span id is 16 lower-case hex digits, not all zero; got "${spanId}".`);
  return `00-${traceId}-${spanId}-01`;
}
