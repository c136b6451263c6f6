import { genericSpanCallId } from '../../domain/trace-span';
import { spanRole, toolFacts } from './otlp-span-kinds';
import type { SpanView } from './trace-messages';

/**
 * The call id every tool or generic span of a trace becomes, by its span id, so a span under another call's span can
 * name that call as its parent (the timeline indents it there: architecture.md, "Timeline layout"). Model requests
 * and agent spans are no calls. `recorded` are the ids the trace's own messages gave its tool calls.
 */
export function callIdsBySpan(
  spans: readonly SpanView[],
  recorded: ReadonlyMap<string, string> | undefined,
): Map<string, string> {
  const ids = new Map<string, string>();
  for (const f of spans) {
    const role = spanRole(f.span.name, f.attrs);
    if (role === 'agent' || role === 'chat') continue;
    const id = (role === 'tool' ? toolFacts(f.attrs).callId : undefined) ?? recorded?.get(f.span.spanId);
    ids.set(f.span.spanId, id ?? genericSpanCallId(f.span.spanId));
  }
  return ids;
}

/**
 * Each call span's parent call: its nearest ancestor span that is a call, looking through agent and model spans, so
 * the calls a sub-agent made inside a tool (a tool span, then the sub-agent's invoke_agent span, then its tools) nest
 * under that tool. A loop of parents ends the walk (trace-file-read.ts already breaks loops; this does not rely on it).
 */
export function parentCallsBySpan(
  spans: readonly SpanView[],
  callIds: ReadonlyMap<string, string>,
): Map<string, string> {
  const parentOf = new Map<string, string>();
  for (const f of spans) if (f.span.parentSpanId) parentOf.set(f.span.spanId, f.span.parentSpanId);
  const parents = new Map<string, string>();
  for (const f of spans) {
    if (!callIds.has(f.span.spanId)) continue;
    const seen = new Set([f.span.spanId]);
    let at = parentOf.get(f.span.spanId);
    while (at !== undefined && !seen.has(at)) {
      const call = callIds.get(at);
      if (call !== undefined) {
        parents.set(f.span.spanId, call);
        break;
      }
      seen.add(at);
      at = parentOf.get(at);
    }
  }
  return parents;
}
