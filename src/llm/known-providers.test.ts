import { describe, expect, it } from 'vitest';
import {
  KNOWN_PROVIDERS,
  findProvider,
  isDemoBaseURL,
  isKnownProvider,
  keyOptional,
  endpointReady,
} from './known-providers';

describe('known providers', () => {
  it('recognises every preset, with trailing slashes and host case ignored', () => {
    for (const p of KNOWN_PROVIDERS) {
      expect(findProvider(p.baseURL)?.id).toBe(p.id);
      expect(isKnownProvider(`${p.baseURL}/`)).toBe(true);
      expect(isKnownProvider(p.baseURL.replace(/\/\/([^/]+)/, (_m, host: string) => `//${host.toUpperCase()}`))).toBe(
        true,
      );
    }
  });

  it('lists the presets the settings screen offers', () => {
    expect(Object.fromEntries(KNOWN_PROVIDERS.map((p) => [p.label, p.baseURL]))).toEqual({
      'Demo model (in this page)': 'toolscope:demo',
      OpenAI: 'https://api.openai.com/v1',
      OpenRouter: 'https://openrouter.ai/api/v1',
      Groq: 'https://api.groq.com/openai/v1',
      Together: 'https://api.together.xyz/v1',
      Anthropic: 'https://api.anthropic.com',
      'Google Gemini': 'https://generativelanguage.googleapis.com',
      'Ollama (local)': 'http://localhost:11434/v1',
      'LM Studio (local)': 'http://localhost:1234/v1',
      'vLLM (local)': 'http://localhost:8000/v1',
      'Local test server': 'http://127.0.0.1:8787/v1',
    });
  });

  it('knows the demo model as a local endpoint that needs no key, however its name is typed', () => {
    for (const url of ['toolscope:demo', ' Toolscope:Demo/ ']) {
      expect(isDemoBaseURL(url), url).toBe(true);
      expect(findProvider(url)?.id).toBe('demo');
      expect(keyOptional(url)).toBe(true);
    }
    expect(isDemoBaseURL('toolscope:demo2')).toBe(false);
    expect(isDemoBaseURL('https://toolscope:demo')).toBe(false);
  });

  it("gives Anthropic's and Google's own endpoints their own wire formats", () => {
    expect(findProvider('https://api.anthropic.com/')?.apiFormat).toBe('anthropic');
    expect(findProvider('https://generativelanguage.googleapis.com')?.apiFormat).toBe('gemini');
    expect(keyOptional('https://api.anthropic.com')).toBe(false);
  });

  it('ignores the default port', () => {
    expect(findProvider('https://api.openai.com:443/v1')?.id).toBe('openai');
  });

  it('does not match look-alikes, other paths, schemes, ports or credentials', () => {
    for (const url of [
      'https://api.openai.com.evil.example/v1',
      'https://evil.example/api.openai.com/v1',
      'http://api.openai.com/v1',
      'https://api.openai.com/v1/extra',
      'https://api.openai.com:8443/v1',
      'https://user:pw@api.openai.com/v1',
      'https://api.openai.com/v1?x=1',
      'http://localhost:11435/v1',
      'not a url',
      '',
    ]) {
      expect(isKnownProvider(url), url).toBe(false);
    }
  });

  it('calls an endpoint ready with a saved key, or without one only where none is needed', () => {
    expect(endpointReady('https://api.openai.com/v1', false)).toBe(false);
    expect(endpointReady('https://api.openai.com/v1', true)).toBe(true);
    expect(endpointReady('http://127.0.0.1:8080/v1', false)).toBe(true);
  });
});
