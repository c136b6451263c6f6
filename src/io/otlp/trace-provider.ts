import type { ApiFormat } from '../../domain/session';
import { GEN_AI } from './otlp-names';

/**
 * The API a traced step was spoken in, read from the provider its span names (architecture.md, "Traces"), so the
 * step re-runs in its own format: Anthropic Messages for Anthropic's provider, Gemini for Google's. Where the trace
 * says nothing a session could not already tell (OpenAI's, an unknown provider), the endpoint's own API stays.
 */
const PROVIDER_KEYS = [
  GEN_AI.providerName,
  // The AI SDK: `anthropic.messages`, `google.generative-ai`, `google.vertex.chat`, `vertex.anthropic.messages`.
  'ai.model.provider',
  // OpenInference: `anthropic`, `google`; its older `llm.system` (`anthropic`, `vertexai`).
  'llm.provider',
  'llm.system',
  // The conventions' older name, which the AI SDK also sets (to its provider id).
  GEN_AI.system,
] as const;

/** The GenAI conventions' names for Google's Gemini APIs, and other instrumentations' for the same. */
const GEMINI_NAMES = new Set([
  'gcp.gemini',
  'gcp.gen_ai',
  'gcp.vertex_ai',
  'gemini',
  'google',
  'vertex_ai',
  'vertexai',
]);

export function apiFormatOfProvider(name: string): ApiFormat | undefined {
  const n = name.trim().toLowerCase();
  if (n === 'anthropic' || n.startsWith('anthropic.') || n.endsWith('.anthropic.messages')) return 'anthropic';
  if (GEMINI_NAMES.has(n) || n.startsWith('google.')) return 'gemini';
  return undefined;
}

/** The first API any span's provider names, in span order. */
export function traceApiFormat(spans: readonly { attrs: Readonly<Record<string, unknown>> }[]): ApiFormat | undefined {
  for (const s of spans)
    for (const key of PROVIDER_KEYS) {
      const v = s.attrs[key];
      const format = typeof v === 'string' ? apiFormatOfProvider(v) : undefined;
      if (format) return format;
    }
  return undefined;
}
