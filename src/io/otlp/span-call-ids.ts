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
