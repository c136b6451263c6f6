import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { APP_INFO } from '../app-info';
import { buildExport, serializeExport } from './export-sessions';
import type { ExportFileV1 } from './format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { asImported, fixtureFile } from '../testing/export-fixture';

const withoutTime = (f: ExportFileV1) => ({ ...f, exportedAt: '' });

describe('round trip', () => {
  it('fixture -> empty db -> export equals the fixture but for exportedAt', async () => {
    const { db } = freshDB('rt-1');
    const fixture = fixtureFile();
    const result = await importThroughJob(db, JSON.stringify(fixture));
    expect(result).toMatchObject({ ok: true });
    const { file, warnings } = await buildExport(db, { kind: 'all' }, { now: new Date('2030-01-01T00:00:00Z') });
    expect(warnings).toEqual([]);
    expect(file.exportedAt).toBe('2030-01-01T00:00:00.000Z');
    // The fixture is frozen; the app version in a new export is the running app's.
    expect(file.app).toEqual(APP_INFO);
    expect({ ...withoutTime(file), app: fixture.app }).toEqual(withoutTime(asImported(fixture)));
  });

  it('export -> import into an empty db -> export again gives equal files (with memories, two sessions)', async () => {
    const { db: a } = freshDB('rt-2a');
    const fixture = fixtureFile();
    fixture.memories = [
      {
        id: 'mem_1',
        text: 'The user lives in Paris.',
        createdAt: 1,
        updatedAt: 2,
        sourceSessionId: fixture.sessions[0]!.session.id,
        embedding: [0.25, -1, 3e-7],
        embeddingModel: 'text-embedding-3-small',
      },
      {
        id: 'mem_2',
        text: 'Prefers °C.',
        createdAt: 5,
        updatedAt: 5,
        sourceSessionId: null,
        embedding: null,
        embeddingModel: null,
      },
    ];
    expect(await importThroughJob(a, JSON.stringify(fixture))).toMatchObject({ ok: true });
    // A second, copied session makes the export hold two sessions with distinct ids.
    expect(await importThroughJob(a, JSON.stringify(fixture))).toMatchObject({ ok: true });
    const first = (await buildExport(a, { kind: 'all' }, { includeMemories: true })).file;
    expect(first.sessions).toHaveLength(2);
    expect(first.memories).toHaveLength(2);

    const { db: b } = freshDB('rt-2b');
    expect(await importThroughJob(b, serializeExport(first))).toMatchObject({ ok: true });
    const second = (await buildExport(b, { kind: 'all' }, { includeMemories: true })).file;
    expect(serializeExport(withoutTime(second))).toBe(serializeExport(withoutTime(first)));
  });

  it('hostile text is stored and exported as the same characters', async () => {
    const { db } = freshDB('rt-3');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    const stored = await db.messages.get('msg_u2');
    expect(stored?.content).toBe(
      'Can you explain what this does? <script>alert("pwned")</script> <img src=x onerror="alert(1)">',
    );
  });

  it("keeps a reply's provider content and cache-write counts byte for byte through export and import", async () => {
    const fixture = fixtureFile();
    const entry = fixture.sessions[0]!;
    // Keys in the provider's own order, and characters JSON could be tempted to re-escape.
    const parts = [
      { type: 'thinking', thinking: 'Paris \u2013 then «Tokyo» 🌧', signature: 'EqQBCkYIARgCIkD+/9sig==' },
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va+/=' },
      { type: 'text', text: 'Checking.', citations: null },
    ];
    const reply = entry.messages.find((m) => m.role === 'assistant');
    if (reply?.role !== 'assistant') throw new Error('fixture has a reply');
    reply.wireParts = { format: 'anthropic', model: 'claude-sonnet-4-5-20250929', parts };
    entry.runs[0]!.usage = { ...entry.runs[0]!.usage, cachedTokens: 7, cacheWriteTokens: 1200 };
    const text = JSON.stringify(fixture);
    const { db } = freshDB('rt-4');
    expect(await importThroughJob(db, text)).toMatchObject({ ok: true });
    const out = (await buildExport(db, { kind: 'all' })).file;
    const back = out.sessions[0]!;
    const again = back.messages.find((m) => m.id === reply.id);
    expect(again?.role === 'assistant' && JSON.stringify(again.wireParts)).toBe(JSON.stringify(reply.wireParts));
    expect(back.runs[0]!.usage).toEqual(entry.runs[0]!.usage);
  });
});
