import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { otlpTracesToExport } from './otlp-import';
import type { OtlpTraces } from './otlp-types';
import { apiFormatOfProvider, traceApiFormat } from './trace-provider';

/** A fixture made by a real SDK (src/traces/__fixtures__/README.md), its export requests merged into one trace file. */
function fixture(name: string): OtlpTraces {
  const text = readFileSync(new URL(`../../traces/__fixtures__/${name}.otlp.jsonl`, import.meta.url), 'utf8');
  const lines = text.trim().split('\n');
  return { resourceSpans: lines.flatMap((l) => (JSON.parse(l) as OtlpTraces).resourceSpans) };
}

function imported(name: string) {
  let n = 0;
  const out = otlpTracesToExport(fixture(name), { now: 1, newId: () => `id-${n++}` });
  if (!out.ok) throw new Error(out.message);
  return out.file.sessions[0]!;
}

describe("the API a traced step re-runs in, from the trace's provider name", () => {
  it("reads the AI SDK's, OpenInference's and the GenAI conventions' names for Anthropic and Google", () => {
    for (const name of ['anthropic.messages', 'vertex.anthropic.messages', 'anthropic', 'Anthropic'])
      expect(apiFormatOfProvider(name), name).toBe('anthropic');
    for (const name of [
      'google.generative-ai',
      'google.vertex.chat',
      'gcp.gemini',
      'gcp.vertex_ai',
      'gcp.gen_ai',
      'google',
      'vertexai',
    ])
      expect(apiFormatOfProvider(name), name).toBe('gemini');
    // Nothing a session could not tell already: the endpoint's own API stays.
    for (const name of ['openai', 'openai.chat', 'openai.responses', 'aws.bedrock', 'mistral_ai', ''])
      expect(apiFormatOfProvider(name), name).toBeUndefined();
  });

  it('takes the first span that names a provider it knows, under any of the keys instrumentations use', () => {
    expect(traceApiFormat([{ attrs: { 'gen_ai.provider.name': 'gcp.gemini' } }])).toBe('gemini');
    expect(traceApiFormat([{ attrs: { 'llm.provider': 'anthropic', 'llm.system': 'anthropic' } }])).toBe('anthropic');
    expect(traceApiFormat([{ attrs: { 'gen_ai.system': 'openai' } }, { attrs: { 'llm.system': 'vertexai' } }])).toBe(
      'gemini',
    );
    expect(traceApiFormat([{ attrs: { 'gen_ai.system': 'openai' } }, { attrs: { 'llm.model_name': 'x' } }])).toBe(
      undefined,
    );
  });

  it("opens a trace the AI SDK's Anthropic provider recorded as a session in Anthropic Messages", () => {
    const entry = imported('ai-sdk-anthropic');
    expect(entry.session.settings.apiFormat).toBe('anthropic');
    expect(entry.session.model).toBe('claude-mock');
    expect(entry.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it("opens a trace the AI SDK's Google provider recorded as a session in Gemini", () => {
    const entry = imported('ai-sdk-google');
    expect(entry.session.settings.apiFormat).toBe('gemini');
    expect(entry.session.model).toBe('gemini-mock');
    expect(entry.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  });

  it("opens a trace OpenInference's Anthropic instrumentation recorded as a session in Anthropic Messages", () => {
    const entry = imported('openinference-anthropic');
    expect(entry.session.settings.apiFormat).toBe('anthropic');
    expect(entry.session.model).toBe('claude-mock');
    // The tool result it records as a user message naming its call is the tool's answer.
    expect(entry.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    // Anthropic's system field (recorded with the parameters) and tools (`input_schema`) are sent again.
    const started = entry.events.flatMap((e) => (e.type === 'request_started' ? [e] : []));
    expect(JSON.stringify(started[0]?.systemLayers)).toContain('You are a concise weather assistant.');
    expect(entry.toolSets?.[0]?.tools[0]?.parameters).toMatchObject({ properties: { city: { type: 'string' } } });
  });

  it("leaves an OpenAI trace's session on its endpoint's own API", () => {
    for (const name of ['ai-sdk-generate-text', 'openinference-openai', 'otel-openai'])
      expect(imported(name).session.settings.apiFormat, name).toBeUndefined();
  });
});
