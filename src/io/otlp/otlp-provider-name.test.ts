import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import type { ApiFormat } from '../../domain/session';
import { buildExport } from '../session-file/export-sessions';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { sessionsToOtlp } from './otlp-export';
import { plainValue, type OtlpSpan } from './otlp-types';

// A session recorded with the app (Chat Completions), then read as if it had spoken another API.
const FIXTURE = readFileSync(new URL('../session-file/__fixtures__/export-v1-full.json', import.meta.url), 'utf8');

async function stored(): Promise<ExportedSessionV1[]> {
  const { db } = freshDB(`otlp-provider-${Math.random()}`);
  expect(await importThroughJob(db, FIXTURE)).toMatchObject({ ok: true });
  return (await buildExport(db, { kind: 'all' })).file.sessions;
}

const onApi = (sessions: ExportedSessionV1[], apiFormat: ApiFormat): ExportedSessionV1[] =>
  sessions.map((s) => ({ ...s, session: { ...s.session, settings: { ...s.session.settings, apiFormat } } }));

const spans = (sessions: ExportedSessionV1[]): OtlpSpan[] =>
  sessionsToOtlp(sessions, { includeContent: false }).resourceSpans.flatMap((r) =>
    r.scopeSpans.flatMap((s) => s.spans),
  );
const attrs = (s: OtlpSpan) => Object.fromEntries((s.attributes ?? []).map((a) => [a.key, plainValue(a.value)]));

const providers = (sessions: ExportedSessionV1[]) =>
  new Set(
    spans(sessions)
      .filter((s) => ['chat', 'invoke_agent'].includes(String(attrs(s)['gen_ai.operation.name'])))
      .map((s) => attrs(s)['gen_ai.provider.name']),
  );

describe('gen_ai.provider.name follows the API the session spoke', () => {
  it('is openai for Chat Completions and Responses, anthropic for Anthropic Messages, gcp.gemini for Gemini', async () => {
    const sessions = await stored();
    expect(providers(sessions)).toEqual(new Set(['openai']));
    expect(providers(onApi(sessions, 'responses'))).toEqual(new Set(['openai']));
    expect(providers(onApi(sessions, 'anthropic'))).toEqual(new Set(['anthropic']));
    expect(providers(onApi(sessions, 'gemini'))).toEqual(new Set(['gcp.gemini']));
  });

  it("reads the API from the replies' stored format when the session did not keep its choice", async () => {
    const sessions = (await stored()).map((s) => ({
      ...s,
      messages: s.messages.map((m) =>
        m.role === 'assistant'
          ? { ...m, wireParts: { format: 'gemini' as const, model: 'gemini-3-pro', parts: [] } }
          : m,
      ),
    }));
    expect(providers(sessions)).toEqual(new Set(['gcp.gemini']));
  });

  it('writes the tokens read from and written to the cache under the conventions’ names', async () => {
    const sessions = onApi(await stored(), 'anthropic').map((s) => ({
      ...s,
      events: s.events.map((e) =>
        e.type === 'request_finished' ? { ...e, usage: { ...e.usage, cachedTokens: 7, cacheWriteTokens: 11 } } : e,
      ),
    }));
    const finished = spans(sessions).filter((s) => attrs(s)['gen_ai.response.finish_reasons'] !== undefined);
    expect(finished.length).toBeGreaterThan(0);
    for (const s of finished)
      expect(attrs(s)).toMatchObject({
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.usage.cache_read.input_tokens': 7,
        'gen_ai.usage.cache_creation.input_tokens': 11,
      });
  });
});
