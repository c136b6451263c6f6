import {
  addModelUsage,
  appendSearch,
  searchNames,
  type TraceModelUsage,
  type TraceSummary,
} from '../domain/trace-inbox';
import { GEN_AI } from '../io/otlp/otlp-names';
import { chatFacts, spanRole, toolFacts } from '../io/otlp/otlp-span-kinds';
import { attributesOf, unixNanoToMs, type OtlpSpan } from '../io/otlp/otlp-types';

/** The summary of some spans of one trace (all from one file, or all of it). */
export function summarizeSpans(traceId: string, spans: readonly OtlpSpan[]): TraceSummary {
  let start = Infinity;
  let end = -Infinity;
  let root: OtlpSpan | undefined;
  let rootStart = Infinity;
  let first: OtlpSpan | undefined;
  let toolCalls = 0;
  let errors = 0;
  const models: string[] = [];
  const usage: TraceModelUsage[] = [];
  // Names apart from recorded text: the SDKs export the root span last, after every message (docs/traces.md).
  const names: string[] = [];
  let search = '';
  for (const span of spans) {
    const s = unixNanoToMs(span.startTimeUnixNano);
    const e = unixNanoToMs(span.endTimeUnixNano);
    if (s < start) {
      start = s;
      first = span;
    }
    end = Math.max(end, e);
    if (!span.parentSpanId && s < rootStart) {
      root = span;
      rootStart = s;
    }
    if (span.status?.code === 2) errors++;
    const attrs = attributesOf(span.attributes);
    const role = spanRole(span.name, attrs);
    names.push(span.name);
    const agent = attrs[GEN_AI.agentName];
    if (typeof agent === 'string') names.push(agent);
    if (role === 'tool') {
      toolCalls++;
      const tool = toolFacts(attrs).name;
      if (tool) names.push(tool);
    }
    if (role === 'chat') {
      const f = chatFacts(attrs);
      if (f.model && !models.includes(f.model)) {
        models.push(f.model);
        names.push(f.model);
      }
      addModelUsage(usage, {
        model: f.model ?? '',
        input: f.inputTokens ?? 0,
        output: f.outputTokens ?? 0,
        cached: f.cachedTokens ?? 0,
        reasoning: f.reasoningTokens ?? 0,
      });
    }
    for (const v of Object.values(attrs)) {
      if (typeof v === 'string') search = appendSearch(search, v);
      else if (Array.isArray(v)) search = appendSearch(search, v.filter((x) => typeof x === 'string').join(' '));
    }
  }
  const named = root ?? first;
  return {
    traceId,
    name: named?.name ?? traceId,
    rooted: root !== undefined,
    start: Number.isFinite(start) ? start : 0,
    end: Number.isFinite(end) ? end : 0,
    spanCount: spans.length,
    models,
    toolCalls,
    errors,
    usage: usage.filter((u) => u.input + u.output > 0 || u.model !== ''),
    names: searchNames(named?.name ?? traceId, names),
    search,
  };
}
