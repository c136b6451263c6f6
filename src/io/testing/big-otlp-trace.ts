import type { OtlpTraces } from '../otlp/otlp-types';

/**
 * A synthetic OTLP/JSON trace with `calls` GenAI tool calls, for speed figures: 'runs' is an agent that ran
 * calls/10 times with 10 parallel calls each (one trace per run, like our own export); 'one-trace' is another
 * runtime's single long trace, a model request before every call and a generic HTTP span beside every tenth.
 */
export function bigOtlpTrace(calls: number, shape: 'runs' | 'one-trace'): OtlpTraces {
  const base = 1_790_000_000_000n * 1_000_000n;
  const ns = (ms: number) => String(base + BigInt(Math.round(ms * 1000)) * 1000n);
  const s = (key: string, v: string) => ({ key, value: { stringValue: v } });
  const n = (key: string, v: number) => ({ key, value: { intValue: v } });
  const hex = (i: number, len: number) => i.toString(16).padStart(len, '0');
  let next = 1;
  const spans: OtlpTraces['resourceSpans'][number]['scopeSpans'][number]['spans'] = [];
  const span = (
    trace: number,
    name: string,
    start: number,
    end: number,
    attributes: { key: string; value: object }[],
    parent?: string,
  ) => {
    const spanId = hex(next++, 16);
    spans.push({
      traceId: hex(trace + 1, 32),
      spanId,
      ...(parent ? { parentSpanId: parent } : {}),
      name,
      kind: 1,
      startTimeUnixNano: ns(start),
      endTimeUnixNano: ns(end),
      attributes,
      status: { code: 0 },
    } as (typeof spans)[number]);
    return spanId;
  };
  const chat = (trace: number, start: number, end: number, parent: string) =>
    span(
      trace,
      'chat gpt-4o',
      start,
      end,
      [
        s('gen_ai.operation.name', 'chat'),
        s('gen_ai.request.model', 'gpt-4o'),
        n('gen_ai.usage.input_tokens', 1000),
        n('gen_ai.usage.output_tokens', 50),
      ],
      parent,
    );
  const tool = (trace: number, i: number, start: number, end: number, parent: string) =>
    span(
      trace,
      'execute_tool fetch_url',
      start,
      end,
      [
        s('gen_ai.operation.name', 'execute_tool'),
        s('gen_ai.tool.name', 'fetch_url'),
        s('gen_ai.tool.call.id', `call_${i}`),
        s('gen_ai.tool.type', 'function'),
      ],
      parent,
    );
  const agentAttrs = [s('gen_ai.operation.name', 'invoke_agent'), s('gen_ai.conversation.id', 'conv-1')];
  if (shape === 'runs') {
    for (let r = 0; r < calls / 10; r++) {
      const t = r * 10_000;
      const root = span(r, 'invoke_agent Agent', t, t + 5000, agentAttrs);
      chat(r, t + 1, t + 500, root);
      for (let c = 0; c < 10; c++) tool(r, r * 10 + c, t + 600 + c, t + 1600 + c, root);
      chat(r, t + 2000, t + 4999, root);
    }
  } else {
    const root = span(0, 'invoke_agent Agent', 0, calls * 100 + 100, agentAttrs);
    for (let i = 0; i < calls; i++) {
      const t = i * 100;
      chat(0, t + 1, t + 40, root);
      tool(0, i, t + 41, t + 90, root);
      if (i % 10 === 0)
        span(
          0,
          'HTTP GET',
          t + 42,
          t + 80,
          [s('http.request.method', 'GET'), s('url.full', `https://example.com/${i}`)],
          root,
        );
    }
  }
  return {
    resourceSpans: [
      {
        resource: { attributes: [s('service.name', 'bench-agent')] },
        scopeSpans: [{ scope: { name: 'bench' }, spans }],
      },
    ],
  } as OtlpTraces;
}
