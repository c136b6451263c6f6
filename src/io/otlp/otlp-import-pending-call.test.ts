import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { fromMessageRecord } from '../../db/messages-repo';
import { findHistoryProblems } from '../../domain/history-check';
import type { ChatMessage } from '../../domain/messages';
import { NOT_RECORDED_RESULT } from '../../db/recover';
import { checkExportText } from '../session-file/check-file';
import { buildExport } from '../session-file/export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import type { OtlpTraces } from './otlp-types';
import { otlpTracesToExport } from './otlp-import';

/**
 * A trace whose model reply names a tool call that no tool span answers (architecture.md, invariant 1): the AI SDK's
 * real trace (src/traces/__fixtures__/ai-sdk-generate-text, made by fixtures-gen/otel-traces) with its `ai.toolCall`
 * span and its second `ai.generateText.doGenerate` span dropped here, as an agent that stopped while its tool ran
 * leaves it. Its first reply asks for `call_weather_1`; nothing records a result.
 */
const lines = readFileSync(
  new URL('../../traces/__fixtures__/ai-sdk-generate-text.otlp.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n');

function withoutSpans(drop: (name: string, nthOfName: number) => boolean): OtlpTraces {
  const seen = new Map<string, number>();
  const resourceSpans = lines.flatMap((l) => (JSON.parse(l) as OtlpTraces).resourceSpans);
  for (const rs of resourceSpans) {
    for (const ss of rs.scopeSpans) {
      ss.spans = ss.spans.filter((s) => {
        const n = seen.get(s.name) ?? 0;
        seen.set(s.name, n + 1);
        return !drop(s.name, n);
      });
    }
  }
  return { resourceSpans };
}

// Line 1 holds the first request and the tool span, line 2 the second request and the root span (the README there).
const stopped = () =>
  withoutSpans((name, n) => name === 'ai.toolCall' || (name === 'ai.generateText.doGenerate' && n === 1));

describe('a trace with a tool call and no tool span', () => {
  it('converts to a valid history whose pending call is answered as interrupted, not recorded', () => {
    let n = 0;
    const out = otlpTracesToExport(stopped(), { now: 1, newId: () => `id-${n++}` });
    if (!out.ok) throw new Error(out.message);
    const entry = out.file.sessions[0]!;
    const messages: ChatMessage[] = [...entry.messages].sort((a, b) => a.order - b.order).map(fromMessageRecord);
    expect(findHistoryProblems(messages)).toEqual([]);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_weather_1',
      name: 'get_weather',
      content: NOT_RECORDED_RESULT,
      isError: true,
      outcome: 'interrupted',
    });
    expect(entry.toolCalls).toEqual([
      expect.objectContaining({
        id: 'call_weather_1',
        messageId: messages[1]!.id,
        status: 'interrupted',
        isError: true,
        result: NOT_RECORDED_RESULT,
      }),
    ]);
    expect(NOT_RECORDED_RESULT).toMatch(/no recorded result/);
  });

  it('passes the import’s checks and imports by hand as the same file', async () => {
    const text = JSON.stringify(stopped());
    expect(checkExportText(text)).toMatchObject({ ok: true });
    const { db } = freshDB(`otlp-pending-${Math.random()}`);
    expect(await importThroughJob(db, text)).toMatchObject({ ok: true });
    const [entry] = (await buildExport(db, { kind: 'all' })).file.sessions;
    expect(entry!.messages.find((m) => m.role === 'tool')).toMatchObject({
      toolCallId: 'call_weather_1',
      content: NOT_RECORDED_RESULT,
      outcome: 'interrupted',
    });
  });

  it('a call a later request answered keeps that result: only the dropped tool span, nothing added', () => {
    let n = 0;
    const out = otlpTracesToExport(
      withoutSpans((name) => name === 'ai.toolCall'),
      { now: 1, newId: () => `id-${n++}` },
    );
    if (!out.ok) throw new Error(out.message);
    const tools = out.file.sessions[0]!.messages.filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ toolCallId: 'call_weather_1', outcome: 'ok' });
    expect(tools[0]!.role === 'tool' && tools[0]!.content).toContain('sunny');
  });
});
