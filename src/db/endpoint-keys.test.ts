import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { createEndpointKeyStore, endpointKeySecret } from './endpoint-keys';
import { API_KEY_SECRET } from './secrets-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

const OPENAI = 'https://api.openai.com/v1';
const LOCAL = 'http://127.0.0.1:11434/v1';

describe('API keys belong to endpoints', () => {
  it("never hands one endpoint's key to another, and switching back finds the first one again", async () => {
    ({ db } = freshDB());
    let current = OPENAI;
    const keys = createEndpointKeyStore(db, () => current);
    await keys.setKey('sk-openai', { remember: true });
    current = LOCAL;
    // Settings now point elsewhere: no key there yet, so none is sent (not OpenAI's).
    expect(await keys.getKey()).toBeNull();
    await keys.setKey('sk-local', { remember: false });
    expect(await keys.getKey()).toBe('sk-local');
    current = 'HTTPS://API.OPENAI.COM/v1/';
    expect(await keys.getKey()).toBe('sk-openai');
    expect(await keys.keyFor(LOCAL)).toBe('sk-local');
    // A new tab: only the remembered key is there, still under its own endpoint.
    const tab = createEndpointKeyStore(db, () => LOCAL);
    expect(await tab.getKey()).toBeNull();
    expect(await tab.keyFor(OPENAI)).toBe('sk-openai');
    expect((await db.secrets.toArray()).map((s) => s.key)).toEqual([endpointKeySecret(OPENAI)]);
  });

  it("forgets only the current endpoint's key", async () => {
    ({ db } = freshDB());
    let current = OPENAI;
    const keys = createEndpointKeyStore(db, () => current);
    await keys.setKey('sk-openai', { remember: true });
    current = LOCAL;
    await keys.setKey('sk-local', { remember: true });
    await keys.forgetKey();
    expect(await keys.getKey()).toBeNull();
    expect(await keys.isRemembered()).toBe(false);
    expect(await keys.keyFor(OPENAI)).toBe('sk-openai');
  });

  it('gives a key saved before keys had endpoints to the endpoint in Settings, and to no other', async () => {
    ({ db } = freshDB());
    await db.secrets.put({ key: API_KEY_SECRET, value: 'sk-old' });
    const keys = createEndpointKeyStore(db, () => OPENAI);
    expect(await keys.getKey()).toBe('sk-old');
    expect(await db.secrets.get(API_KEY_SECRET)).toBeUndefined();
    expect(await keys.keyFor(LOCAL)).toBeNull();
    expect(await createEndpointKeyStore(db, () => OPENAI).getKey()).toBe('sk-old');
  });
});
