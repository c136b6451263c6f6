/**
 * A span of an imported trace that is neither a model request nor a tool call (a database query, an HTTP
 * request...) is stored as a call whose id names the span. The id is how the timeline tells such a bar apart from
 * a tool the model called (architecture.md, "Traces").
 */
export function genericSpanCallId(spanId: string): string {
  return `span-${spanId}`;
}

/** OTLP span ids are 16 hex digits, so no model-made call id ("call_…", "toolu_…") looks like this. */
export function isGenericSpanCallId(callId: string): boolean {
  return /^span-[0-9a-f]{16}$/.test(callId);
}
