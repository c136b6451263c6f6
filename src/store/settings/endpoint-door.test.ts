import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One door to a model endpoint (architecture.md, "Keys belong to endpoints"): every module that builds a model
// client, reads a saved key or decides whether an endpoint is ready goes through store/settings/endpoint-door.ts.
// A second place would be a second answer to "which key goes to which endpoint", and one more place for each new
// wire format to be added.
const SRC = join(process.cwd(), 'src');

/** Outside src/llm/ (the clients themselves) and tests, the only modules allowed to match, and why. */
const ALLOWED: Record<string, string> = {
  'store/settings/endpoint-door.ts': 'the door',
  'store/run/lazy-model-client.ts':
    "the door's loader: picks the client for the endpoint's API, loaded with its first request",
  'store/settings/settings-store.ts': "the key's home: saves and forgets the key typed in Settings",
  'db/endpoint-keys.ts': "the key's storage: one secret per endpoint, read only by the key's home",
  'ui/settings/settings-form.tsx': 'the key field: shows the saved key of the endpoint typed, to edit it',
  'ui/settings/settings-dialog.tsx': 'opens the form with the saved key in the key field',
};

/** Building a model client (the SDK, a client factory, the lazy loader) or a request through one. */
const BUILDS_CLIENT =
  /\bnew OpenAI\(|\bcreateSdk\(|\brunModelClient\(|lazy-model-client['"]|llm\/(openai-client|responses-client|demo-model|sdk-client|chat-completion|embeddings|list-models|test-connection|api-probe|wire\/[a-z]+\/[a-z-]+-(?:client|http))['"]|\bcreate(?:Anthropic|Gemini)Client\(|\b(?:postMessages|sendGeminiStream)\(/;
/**
 * Reading a saved key (the key store, its storage, the door's reader for the Settings form) or holding an opened
 * endpoint's key, or deciding "ready" without the door's one rule.
 */
const READS_KEY =
  /\bapiKeyStore\b|\bkeyOptional\(|\bsavedKeyFor\(|\bendpointKeySecret\(|\bcreateEndpointKeyStore\(|\b(?:getApiKey|currentKey)\b|\.apiKey\b|\bcreateApiKeyStore\(/;

function sources(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'llm' ? [] : sources(dir, rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !rel.includes('/testing/') ? [rel] : [];
  });
}

/** A type-only import builds nothing: the door itself names its clients' types. */
function bypasses(text: string): boolean {
  return text
    .split('\n')
    .some((line) => (BUILDS_CLIENT.test(line) && !/^\s*import type\b/.test(line)) || READS_KEY.test(line));
}

describe('the endpoint door', () => {
  it('is the only way to a model: no module outside it builds a client or reads a key', () => {
    const found = sources(SRC).filter((f) => bypasses(readFileSync(join(SRC, f), 'utf8')));
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
    // An allowance that no longer matches is stale: the list says exactly who goes around the door.
    expect(Object.keys(ALLOWED).filter((f) => !found.includes(f))).toEqual([]);
  });

  it('finds a builder or a key read where one is written (the scan is not blind)', () => {
    expect(bypasses("import { runModelClient } from '../run/lazy-model-client';")).toBe(true);
    expect(bypasses("await import('../../llm/openai-client')")).toBe(true);
    expect(bypasses('const sdk = createSdk(options);')).toBe(true);
    expect(bypasses("import { createEmbedder } from '../llm/embeddings';")).toBe(true);
    expect(bypasses("await import('../../llm/wire/anthropic/anthropic-client')")).toBe(true);
    expect(bypasses("import { listGeminiModels } from '../../llm/wire/gemini/gemini-http';")).toBe(true);
    expect(bypasses('const c = createGeminiClient({ apiKey, baseURL });')).toBe(true);
    expect(bypasses('await postMessages(body, conn, signal);')).toBe(true);
    expect(bypasses('const keys = createApiKeyStore(db);')).toBe(true);
    expect(bypasses('getApiKey: () => apiKeyStore.getKey(),')).toBe(true);
    expect(bypasses('if (!apiKey && !keyOptional(baseURL)) return;')).toBe(true);
    expect(bypasses('void savedKeyFor(url).then(setKey);')).toBe(true);
    expect(bypasses('const key = ownEndpoint.apiKey;')).toBe(true);
    expect(bypasses("const apiKey = (await deps.getApiKey()) ?? '';")).toBe(true);
    expect(bypasses('await db.secrets.get(endpointKeySecret(url));')).toBe(true);
    expect(bypasses('const { client } = await openEndpoint({ baseURL, wire });')).toBe(false);
    expect(bypasses("import type { Embedder } from '../llm/embeddings';")).toBe(false);
    expect(bypasses("import { openEndpoint } from '../settings/endpoint-door';")).toBe(false);
    expect(sources(SRC)).toContain('store/settings/endpoint-door.ts');
    expect(sources(SRC)).toContain('ui/settings/settings-dialog.tsx');
  });
});
