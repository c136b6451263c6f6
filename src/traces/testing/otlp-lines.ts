/** Test-only: small OTLP/JSON export requests as the Collector writes them (int64 as decimal strings). */
type SpanSpec = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startMs: number;
  endMs: number;
  attrs?: Record<string, string | number>;
  error?: boolean;
};

const value = (v: string | number) =>
  typeof v === 'number' ? (Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v }) : { stringValue: v };

export function exportRequest(spans: readonly SpanSpec[], service = 'agent'): object {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: spans.map((s) => ({
              traceId: s.traceId,
              spanId: s.spanId,
              ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
              name: s.name,
              kind: 1,
              startTimeUnixNano: `${BigInt(s.startMs) * 1_000_000n}`,
              endTimeUnixNano: `${BigInt(s.endMs) * 1_000_000n}`,
              attributes: Object.entries(s.attrs ?? {}).map(([key, v]) => ({ key, value: value(v) })),
              status: s.error ? { code: 2, message: 'failed' } : {},
            })),
          },
        ],
      },
    ],
  };
}

export const jsonLines = (...requests: object[]) => `${requests.map((r) => JSON.stringify(r)).join('\n')}\n`;

export const T1 = '0af7651916cd43dd8448eb211c80319c';
export const T2 = '4bf92f3577b34da6a3ce929d0e0e4736';
