import { describe, expect, it } from 'vitest';
import { createEndpointKeyStore } from '../../db/endpoint-keys';
import { API_KEY_SECRET } from '../../db/secrets-repo';
import { setSetting } from '../../db/settings-repo';
import { freshDB } from '../../db/testing/fresh-db';
import { saveTool } from '../../db/tools-repo';
import { unflattenTool } from '../../domain/tool-definition';
import { buildExport, serializeExport } from './export-sessions';
import { buildOpenAIExport } from '../openai/export-openai';
import { checkExportText } from './check-file';
import { importThroughJob } from '../testing/import-through-job';
import { fixtureFile } from '../testing/export-fixture';

const KEY = 'sk-proj-TOPSECRET-4f9a1c7e2b8d';
const HEADER_SECRET = 'hdr-secret-93c1e0aa';

describe('exports never carry a secret', () => {
  it('greps every kind of export for the API key and a header secret', async () => {
    const { db } = freshDB('secrets-1');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    // The key as this build stores it (per endpoint) and as builds before it did (one secret, read to migrate).
    await createEndpointKeyStore(db, () => 'https://api.example.com/v1').setKey(KEY, { remember: true });
    await db.secrets.put({ key: API_KEY_SECRET, value: KEY });
    await setSetting(db, 'apiKey', KEY);
    await setSetting(db, 'connection', { baseURL: 'https://api.example.com/v1', apiKey: KEY });
    const weather = await db.tools.where('name').equals('get_weather').first();
    if (!weather?.http) throw new Error('fixture tool');
    const saved = await saveTool(db, unflattenTool(weather), { 'X-Api-Key': HEADER_SECRET });
    expect(saved.ok).toBe(true);
    // Defence in depth: a row written around saveTool, and a session row carrying a key by mistake.
    await db.tools.put({
      ...weather,
      id: 'tool_convert',
      name: 'convert_temperature',
      http: { ...weather.http, headers: [{ name: 'Authorization', value: `Bearer ${KEY}`, secret: true }] },
    });
    const sid = 'ses_01JDW3K8Q2Z7PARISTOKYO';
    await db.sessions
      .toCollection()
      .filter((s) => s.id === sid)
      .modify((s) => {
        Object.assign(s, { apiKey: KEY });
      });
    await db.memories.add({
      id: 'mem',
      text: 'likes tea',
      createdAt: 1,
      updatedAt: 1,
      sourceSessionId: sid,
      embedding: null,
      embeddingModel: null,
    });

    const ids = (await db.sessions.toArray()).map((s) => s.id);
    const exports = [
      await buildExport(db, { kind: 'session', sessionId: sid }),
      await buildExport(db, { kind: 'selection', sessionIds: ids }),
      await buildExport(db, { kind: 'all' }),
      await buildExport(db, { kind: 'all' }, { includeMemories: true }),
    ].map((r) => serializeExport(r.file));
    exports.push(JSON.stringify((await buildOpenAIExport(db, sid))?.messages));

    for (const text of exports) {
      expect(text).not.toContain(KEY);
      expect(text).not.toContain('TOPSECRET');
      expect(text).not.toContain(HEADER_SECRET);
    }
    // The leaky tool row was exported with its secret header blanked, and every export still imports.
    expect(exports[2]).toContain('"Authorization"');
    for (const text of exports.slice(0, 4)) expect(checkExportText(text)).toMatchObject({ ok: true });

    // Memories are personal notes across sessions: only the export that asked for them carries them.
    for (const text of exports.slice(0, 3)) {
      expect(JSON.parse(text)).not.toHaveProperty('memories');
      expect(text).not.toContain('likes tea');
    }
    expect(JSON.parse(exports[3]!)).toMatchObject({ memories: [{ id: 'mem', text: 'likes tea' }] });
    expect(exports[4]).not.toContain('likes tea');
  });
});
