/**
 * Bench and test helper: many traces as a Collector's file exporter leaves them, JSON Lines of OTLP/JSON export
 * requests (int64 as decimal strings), each trace a root agent span with model requests (GenAI conventions) and tool
 * calls under it. As the SDKs' batch processors export them, spans come in the order they ended: the root last, after
 * every model request's recorded messages, which pass a trace's search-text cap. Deterministic from its arguments.
 */
const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width);

type Opts = { files: number; tracesPerFile: number; spansPerTrace: number; startMs?: number };

function span(
  traceId: string,
  spanId: string,
  parentSpanId: string | null,
  name: string,
  startMs: number,
  endMs: number,
  attributes: object[],
  error = false,
) {
  return {
    traceId,
    spanId,
    ...(parentSpanId ? { parentSpanId } : {}),
    name,
    kind: 1,
    startTimeUnixNano: `${BigInt(Math.round(startMs)) * 1_000_000n}`,
    endTimeUnixNano: `${BigInt(Math.round(endMs)) * 1_000_000n}`,
    attributes,
    status: error ? { code: 2, message: 'tool failed' } : {},
  };
}
const s = (key: string, v: string) => ({ key, value: { stringValue: v } });
const i = (key: string, v: number) => ({ key, value: { intValue: String(v) } });

/** The agents the traces cycle through: trace `t` is `AGENTS[t % 4]`'s. */
export const AGENTS = ['trip-planner', 'support-bot', 'code-review', 'data-import'] as const;
/** The name a trace's row shows: its root span's, unique per trace. */
export const traceName = (t: number) => `batch-${String(t).padStart(5, '0')} ${AGENTS[t % AGENTS.length]!}`;
/** Every 7th trace has a failed tool call. */
export const hasError = (t: number) => t % 7 === 0;

const ASKED =
  'Plan the cheapest route with at most two changes, list each leg with its operator, departure ' +
  'and arrival times, the platform if known, and what to do when a connection is missed; prefer ' +
  'trains over buses, avoid night travel, and keep the total under the budget the traveller gave ' +
  'in the first message of this conversation.';

/** One trace's spans: `n` spans, a root and pairs of model request and tool call (the last one failing every 7th trace). */
function traceSpans(t: number, n: number, startMs: number): object[] {
  const traceId = hex(t + 1, 32);
  const root = hex(t * 1000 + 1, 16);
  const agent = AGENTS[t % AGENTS.length]!;
  const out: object[] = [];
  for (let k = 1; out.length < n - 1; k++) {
    const at = startMs + k * 100;
    const asked = JSON.stringify([
      { role: 'user', parts: [{ type: 'text', content: `Trace ${t}, request ${k}: ${ASKED}` }] },
    ]);
    out.push(
      span(traceId, hex(t * 1000 + 2 * k, 16), root, 'chat gpt-4o-mini', at, at + 60, [
        s('gen_ai.operation.name', 'chat'),
        s('gen_ai.request.model', k % 2 ? 'gpt-4o-mini' : 'gpt-4o'),
        s('gen_ai.input.messages', asked),
        i('gen_ai.usage.input_tokens', 200 + k),
        i('gen_ai.usage.output_tokens', 20),
      ]),
    );
    if (out.length < n - 1)
      out.push(
        span(
          traceId,
          hex(t * 1000 + 2 * k + 1, 16),
          root,
          `execute_tool lookup_${k % 5}`,
          at + 60,
          at + 90,
          [
            s('gen_ai.operation.name', 'execute_tool'),
            s('gen_ai.tool.name', `lookup_${k % 5}`),
            s('gen_ai.tool.call.id', `call_${t}_${k}`),
            s('gen_ai.tool.call.arguments', `{"order":"A-${t}-${k}"}`),
          ],
          hasError(t) && out.length >= n - 3,
        ),
      );
  }
  out.push(
    span(traceId, root, null, traceName(t), startMs, startMs + n * 100, [
      s('gen_ai.operation.name', 'invoke_agent'),
      s('gen_ai.agent.name', agent),
    ]),
  );
  return out;
}

/** The files: name → JSON Lines text (one export request a line, one line per trace). */
export function manyTraceFiles(o: Opts): Map<string, string> {
  const files = new Map<string, string>();
  const start = o.startMs ?? Date.UTC(2026, 10, 1);
  for (let f = 0; f < o.files; f++) {
    const lines: string[] = [];
    for (let k = 0; k < o.tracesPerFile; k++) {
      const t = f * o.tracesPerFile + k;
      lines.push(
        JSON.stringify({
          resourceSpans: [
            {
              resource: { attributes: [s('service.name', 'support-bot')] },
              scopeSpans: [{ scope: { name: 'bench' }, spans: traceSpans(t, o.spansPerTrace, start + t * 1000) }],
            },
          ],
        }),
      );
    }
    files.set(`data-${String(f).padStart(5, '0')}.json`, `${lines.join('\n')}\n`);
  }
  return files;
}
