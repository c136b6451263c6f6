import type { TraceSummary } from '../domain/trace-inbox';
import type { OtlpKeyValue, OtlpResourceSpans, OtlpSpan, OtlpTraces } from '../io/otlp/otlp-types';
import { findHostileShape } from '../io/import/parse-file';
import { decodeTraceBytes, MAX_TEXT_BYTES } from './trace-bytes';
import { summarizeSpans } from './trace-summary';
import { genAiLogsByTrace } from '../io/otlp/otlp-logs';
import type { OtlpResourceLogs } from '../io/otlp/otlp-types';
import { isRecord } from '../domain/is-record';

/**
 * One file of a trace source read into its traces (architecture.md, "Trace inbox"): the Collector's file exporter
 * writes JSON Lines, one OTLP/JSON export request a line; its S3 exporter and the SDKs' exporters write one request a
 * file. Whatever cannot be read (a line that is not JSON, a request nested too deep or holding a key that reaches
 * Object.prototype, a span without ids, a huge attribute, a loop of parents) is left out and said in a sentence; the
 * rest of the file is kept.
 */
type TracePart = { traceId: string; summary: TraceSummary; traces: OtlpTraces };
export type ReadTraceFile = { parts: TracePart[]; spanCount: number; problems: string[] };

/** An attribute string longer than this is cut (and said): a trace row must not carry a 100 MB prompt. */
export const MAX_ATTRIBUTE_CHARS = 256 * 1024;
const MAX_PROBLEMS = 20;

const HEX = /^[0-9a-fA-F]+$/;
const isTime = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v) && v >= 0) || (typeof v === 'string' && /^\d{1,25}$/.test(v));

function spanProblem(s: Record<string, unknown>): string | null {
  if (typeof s.traceId !== 'string' || !HEX.test(s.traceId)) return 'it has no trace id';
  if (typeof s.spanId !== 'string' || !HEX.test(s.spanId)) return 'it has no span id';
  if (typeof s.name !== 'string') return 'it has no name';
  if (!isTime(s.startTimeUnixNano) || !isTime(s.endTimeUnixNano))
    return 'its start or end time is not a number of nanoseconds';
  if (
    s.parentSpanId !== undefined &&
    s.parentSpanId !== '' &&
    (typeof s.parentSpanId !== 'string' || !HEX.test(s.parentSpanId))
  )
    return 'its parent id is not hex';
  if (
    s.attributes !== undefined &&
    (!Array.isArray(s.attributes) || !s.attributes.every((a) => isRecord(a) && typeof a.key === 'string'))
  )
    return 'its attributes are not a list of key and value';
  if (s.events !== undefined && !Array.isArray(s.events)) return 'its events are not a list';
  return null;
}

/** Cuts huge string values (anywhere in a value), saying which attribute. */
function cutHuge(list: OtlpKeyValue[] | undefined, said: (key: string, chars: number) => void): void {
  for (const kv of list ?? []) {
    const v = kv.value as Record<string, unknown> | undefined;
    if (v && typeof v.stringValue === 'string' && v.stringValue.length > MAX_ATTRIBUTE_CHARS) {
      said(kv.key, v.stringValue.length);
      v.stringValue = `${v.stringValue.slice(0, MAX_ATTRIBUTE_CHARS)}\n[… cut at ${MAX_ATTRIBUTE_CHARS / 1024} KB]`;
    }
  }
}

/** Spans whose parents lead back to themselves: their parent is dropped (they become roots), and said. */
export function breakParentLoops(spans: OtlpSpan[], said: (span: OtlpSpan) => void): void {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const done = new Set<string>();
  for (const s of spans) {
    const seen = new Set<string>();
    let at: OtlpSpan | undefined = s;
    while (at && at.parentSpanId && !done.has(at.spanId)) {
      if (seen.has(at.spanId)) {
        said(at);
        delete at.parentSpanId;
        break;
      }
      seen.add(at.spanId);
      at = byId.get(at.parentSpanId);
    }
    for (const id of seen) done.add(id);
  }
}

type Bucket = { resources: Map<OtlpResourceSpans, Map<unknown, OtlpSpan[]>>; spans: OtlpSpan[] };

export function readTraceText(text: string, fileName: string): ReadTraceFile {
  const problems: string[] = [];
  const say = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
    else if (problems.length === MAX_PROBLEMS) problems.push(`${fileName}: more was left out than is listed here.`);
  };
  const requests: { doc: unknown; line: number }[] = [];
  const trimmed = text.trim();
  // Neither one JSON document nor JSON Lines (a page of markup, a log): said once, not line by line. Only markup or
  // text no line of which parses, nor begins as JSON does, is set aside whole; a torn first line costs that line alone
  // (docs/traces.md).
  const notJson: ReadTraceFile = {
    parts: [],
    spanCount: 0,
    problems: [`${fileName}: left out, it is not JSON: OTLP/JSON was expected.`],
  };
  if (trimmed.startsWith('<')) return notJson;
  let whole: unknown;
  // One JSON document (an SDK's or the S3 exporter's file, maybe pretty-printed), else JSON Lines (the file
  // exporter's): a JSON Lines file fails the whole parse at its second line.
  if (trimmed.startsWith('{')) {
    try {
      whole = JSON.parse(trimmed);
    } catch {
      whole = undefined;
    }
  }
  if (whole !== undefined) requests.push({ doc: whole, line: 0 });
  else {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (line === '') continue;
      try {
        requests.push({ doc: JSON.parse(line), line: i + 1 });
      } catch {
        say(`${fileName}, line ${i + 1}: not JSON, left out.`);
      }
    }
    if (requests.length === 0 && trimmed !== '' && !trimmed.startsWith('{')) return notJson;
  }
  const byTrace = new Map<string, Bucket>();
  const logsByTrace = new Map<string, { logs: OtlpResourceLogs[]; times: number[] }>();
  let spanCount = 0;
  for (const { doc, line } of requests) {
    const where = line > 0 ? `${fileName}, line ${line}` : fileName;
    // The import's own screen (io/import/parse-file.ts), before anything walks the request: reading an attribute
    // nested 10,000 levels deep recurses past the stack, and a `__proto__` key must never be merged.
    const unsafe = findHostileShape(doc);
    if (unsafe) {
      say(`${where}: left out, it is not safe to read: ${unsafe.problem}.`);
      continue;
    }
    if (isRecord(doc) && Array.isArray(doc.resourceLogs) && !Array.isArray(doc.resourceSpans)) {
      // A Collector whose logs and traces pipelines share one file exporter writes log lines too: their GenAI events
      // (the messages of OpenTelemetry's OpenAI instrumentation) stay with their trace (io/otlp/otlp-logs.ts).
      for (const [traceId, group] of genAiLogsByTrace(doc.resourceLogs, MAX_ATTRIBUTE_CHARS, (chars) =>
        say(
          `${where}: a log record's body cut at ${MAX_ATTRIBUTE_CHARS / 1024} KB (it held ${Math.round(chars / 1024)} KB).`,
        ),
      )) {
        const had = logsByTrace.get(traceId);
        logsByTrace.set(
          traceId,
          had ? { logs: [...had.logs, ...group.logs], times: [...had.times, ...group.times] } : group,
        );
      }
      continue;
    }
    if (!isRecord(doc) || !Array.isArray(doc.resourceSpans)) {
      say(`${where}: not an OTLP trace export (no resourceSpans), left out.`);
      continue;
    }
    for (const rs of doc.resourceSpans as unknown[]) {
      if (!isRecord(rs) || !Array.isArray(rs.scopeSpans)) continue;
      const resource = {
        ...(isRecord(rs.resource) ? { resource: rs.resource as OtlpResourceSpans['resource'] } : {}),
        scopeSpans: [],
      } as OtlpResourceSpans;
      for (const ss of rs.scopeSpans as unknown[]) {
        if (!isRecord(ss) || !Array.isArray(ss.spans)) continue;
        for (const raw of ss.spans as unknown[]) {
          if (!isRecord(raw)) continue;
          const problem = spanProblem(raw);
          if (problem) {
            say(
              `${where}: a span ${typeof raw.name === 'string' ? `“${raw.name.slice(0, 60)}” ` : ''}was left out: ${problem}.`,
            );
            continue;
          }
          const span = raw as unknown as OtlpSpan;
          cutHuge(span.attributes, (key, chars) =>
            say(
              `${where}: span “${span.name.slice(0, 60)}”: attribute ${key} cut at ${MAX_ATTRIBUTE_CHARS / 1024} KB ` +
                `(it held ${Math.round(chars / 1024)} KB).`,
            ),
          );
          const traceId = span.traceId.toLowerCase();
          const bucket: Bucket = byTrace.get(traceId) ?? { resources: new Map(), spans: [] };
          byTrace.set(traceId, bucket);
          const scopes = bucket.resources.get(resource) ?? new Map<unknown, OtlpSpan[]>();
          bucket.resources.set(resource, scopes);
          const list: OtlpSpan[] = scopes.get(ss.scope) ?? [];
          scopes.set(ss.scope, list);
          list.push(span);
          bucket.spans.push(span);
          spanCount++;
        }
      }
    }
  }
  const parts: TracePart[] = [];
  for (const [traceId, bucket] of byTrace) {
    breakParentLoops(bucket.spans, (s) =>
      say(
        `${fileName}: span “${s.name.slice(0, 60)}” of trace ${traceId}: its parents lead back to it; shown as a root.`,
      ),
    );
    const resourceSpans: OtlpResourceSpans[] = [];
    for (const [resource, scopes] of bucket.resources) {
      resourceSpans.push({
        ...(resource.resource ? { resource: resource.resource } : {}),
        scopeSpans: [...scopes].map(([scope, spans]) => ({
          ...(isRecord(scope) ? { scope: scope as { name?: string; version?: string } } : {}),
          spans,
        })),
      });
    }
    const logs = logsByTrace.get(traceId)?.logs;
    parts.push({
      traceId,
      summary: summarizeSpans(traceId, bucket.spans),
      traces: { resourceSpans, ...(logs ? { resourceLogs: logs } : {}) },
    });
  }
  // Log records whose spans are in another file: a part of their own, merged with the spans' when the trace opens.
  for (const [traceId, { logs, times }] of logsByTrace) {
    if (byTrace.has(traceId)) continue;
    // Not Math.min(...times): a long list would overflow the argument list.
    const start = times.reduce((m, t) => Math.min(m, t), times[0] ?? 0);
    const end = times.reduce((m, t) => Math.max(m, t), start);
    parts.push({
      traceId,
      summary: { ...summarizeSpans(traceId, []), start, end },
      traces: { resourceSpans: [], resourceLogs: logs },
    });
  }
  return { parts, spanCount, problems };
}

/** Reads one file's bytes: decompressed by what they are, then read as above. */
export async function readTraceFile(
  bytes: Uint8Array,
  fileName: string,
  limits: { maxTextBytes: number } = { maxTextBytes: MAX_TEXT_BYTES },
): Promise<ReadTraceFile> {
  const decoded = await decodeTraceBytes(bytes, limits.maxTextBytes);
  if (!decoded.ok) return { parts: [], spanCount: 0, problems: [`${fileName}: left out, ${decoded.reason}.`] };
  return readTraceText(decoded.text, fileName);
}
