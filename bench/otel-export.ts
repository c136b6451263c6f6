/**
 * Size and time of exporting a 2,000-call session as an OpenTelemetry trace (and of reading it back into a session),
 * printed only: `npx tsx bench/otel-export.ts`. The session is synthetic: 200 runs of 10 parallel calls each.
 */
import type { EventRecord, RunRecord } from '../src/db/records';
import type { ExportedSessionV1 } from '../src/io/session-file/format-v1';
import { sessionsToOtlp } from '../src/io/otlp/otlp-export';

const sessionId = 's1';
const usage = { promptTokens: 1000, completionTokens: 100, totalTokens: 1100, estimated: false };
const runs: RunRecord[] = [];
const events: EventRecord[] = [];
for (let r = 0; r < 200; r++) {
  const runId = `run-${r}`;
  const startedAt = 1_790_000_000_000 + r * 10_000;
  runs.push({ id: runId, sessionId, startedAt, finishedAt: startedAt + 5000, stopReason: 'complete', usage });
  let seq = 0;
  const e = (t: number, body: object) => events.push({ ...body, runId, seq: seq++, t, sessionId } as EventRecord);
  e(0, { type: 'run_started', sessionId, model: 'gpt-4o', startedAt });
  e(1, { type: 'request_started', turn: 1, attempt: 1, messageId: `m-${r}` });
  e(500, { type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage });
  for (let c = 0; c < 10; c++) {
    e(600 + c, {
      type: 'tool_started',
      turn: 1,
      callId: `call-${r}-${c}`,
      name: 'fetch_url',
      arguments: `{"url":"https://example.com/${c}"}`,
    });
    e(1600 + c, {
      type: 'tool_finished',
      turn: 1,
      callId: `call-${r}-${c}`,
      name: 'fetch_url',
      outcome: 'ok',
      durationMs: 1000,
      result: 'x'.repeat(2000),
      isError: false,
    });
  }
  e(2000, { type: 'request_started', turn: 2, attempt: 1, messageId: `m2-${r}` });
  e(4999, { type: 'request_finished', turn: 2, attempt: 1, finishReason: 'stop', usage });
  e(5000, { type: 'run_finished', stopReason: 'complete', usage });
}
const entry: ExportedSessionV1 = {
  session: {
    id: sessionId,
    title: 'bench',
    model: 'gpt-4o',
    status: 'finished',
    createdAt: 0,
    updatedAt: 0,
    messageCount: 0,
    toolCallCount: 2000,
    usage,
    settings: {},
  },
  messages: [],
  toolCalls: [],
  runs,
  events,
};
for (const includeContent of [false, true]) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    const text = JSON.stringify(sessionsToOtlp([entry], { includeContent }));
    times.push(performance.now() - t0);
    bytes = text.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `2,000 calls (${includeContent ? 'with' : 'without'} content): ${(bytes / 1024 / 1024).toFixed(2)} ` +
      `MB, median ${times[3]!.toFixed(0)} ms to build and serialise (Node ${process.version})`,
  );
}
