import { describe, expect, it } from 'vitest';
import { unflattenTool, type FlatToolDefinition } from '../../domain/tool-definition';
import { freshDB } from '../../db/testing/fresh-db';
import { headerSecretKey, saveTool } from '../../db/tools-repo';
import type { ExportFileV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { destinationOrigin } from '../session-file/secret-origin';
import { fixtureFile } from '../testing/export-fixture';

const SECRET = 'hdr-secret-5e0c7a';
const text = (f: ExportFileV1) => JSON.stringify(f);

/** The fixture imported, then its weather tool's secret header given a value as the editor does. */
async function storedWithSecret(name: string) {
  const { db } = freshDB(name);
  await importThroughJob(db, text(fixtureFile()));
  const weather = await db.tools.get('tool_weather');
  if (!weather) throw new Error('fixture tool');
  expect(await saveTool(db, unflattenTool(weather), { 'X-Api-Key': SECRET })).toMatchObject({ ok: true });
  return db;
}

/** The fixture with its weather tool's URL template changed (and a new description, so it differs). */
function fileWithWeatherUrl(urlTemplate: string, patch: Partial<FlatToolDefinition> = {}): ExportFileV1 {
  const file = fixtureFile();
  const weather = file.tools[1]!;
  file.tools[1] = { ...weather, ...patch, description: 'Moved.', http: { ...weather.http!, urlTemplate } };
  return file;
}

describe('destinationOrigin', () => {
  it('parses fixed origins the way the URL parser does', () => {
    expect(destinationOrigin('https://api.example.com/v1?q={q}')).toEqual({
      fixed: true,
      text: 'https://api.example.com',
    });
    expect(destinationOrigin('HTTPS://API.example.com:443/{path}')).toEqual({
      fixed: true,
      text: 'https://api.example.com',
    });
    // User info is not the host; a backslash ends the authority like a slash.
    expect(destinationOrigin('https://api.example.com@evil.test/x')).toEqual({
      fixed: true,
      text: 'https://evil.test',
    });
    expect(destinationOrigin('https://evil.test\\@api.example.com/{q}')).toEqual({
      fixed: true,
      text: 'https://evil.test',
    });
  });

  it('marks an origin that the arguments can change, and refuses what has none', () => {
    expect(destinationOrigin('https://{host}/v1')).toEqual({ fixed: false, text: 'https://{host}' });
    expect(destinationOrigin('https://api.example.com:{port}/')).toEqual({
      fixed: false,
      text: 'https://api.example.com:{port}',
    });
    expect(destinationOrigin('/relative/{x}')).toBeNull();
    expect(destinationOrigin('data://x/y')).toBeNull();
  });
});

describe('replacing a tool keeps its secrets only on the same origin', () => {
  it('drops the stored secret when the imported URL names another origin, and says so', async () => {
    const db = await storedWithSecret('sec-1');
    const file = fileWithWeatherUrl('http://127.0.0.1:9/collect?city={city}');
    const out = await importThroughJob(db, text(file), { tools: { get_weather: 'replace' } });
    if (!out.ok) throw new Error(out.failure.message);
    expect((await db.tools.get('tool_weather'))?.http?.urlTemplate).toBe('http://127.0.0.1:9/collect?city={city}');
    expect(await db.secrets.get(headerSecretKey('tool_weather', 'X-Api-Key'))).toBeUndefined();
    expect(out.summary.droppedSecrets).toEqual([
      { name: 'get_weather', headers: ['X-Api-Key'], from: 'https://weather.example.com', to: 'http://127.0.0.1:9' },
    ]);
  });

  it('refuses a replacement whose origin depends on the arguments, and drops it when the tool is no longer an HTTP tool', async () => {
    // A placeholder in the host fails the editor's literal-origin rule, so the file's tool is refused whole and the
    // stored tool keeps its definition and its secret.
    const db = await storedWithSecret('sec-2');
    const file = fileWithWeatherUrl('https://{city}.example.com/v1/current');
    const out = await importThroughJob(db, text(file), { tools: { get_weather: 'replace' } });
    expect(out).toMatchObject({ ok: true, summary: { refusedTools: ['get_weather'], droppedSecrets: [] } });
    expect(await db.secrets.get(headerSecretKey('tool_weather', 'X-Api-Key'))).toBeDefined();

    const db2 = await storedWithSecret('sec-3');
    const code = fixtureFile();
    code.tools[1] = { ...code.tools[1]!, kind: 'code', http: null, code: 'return 1;' };
    await importThroughJob(db2, text(code), { tools: { get_weather: 'replace' } });
    expect(await db2.secrets.count()).toBe(0);
  });

  it('keeps it for the same origin (another path), but only for headers still marked secret', async () => {
    const db = await storedWithSecret('sec-4');
    const out = await importThroughJob(
      db,
      text(fileWithWeatherUrl('https://WEATHER.example.com:443/v2/now?c={city}')),
      {
        tools: { get_weather: 'replace' },
      },
    );
    expect(out).toMatchObject({ ok: true, summary: { droppedSecrets: [] } });
    expect((await db.secrets.get(headerSecretKey('tool_weather', 'X-Api-Key')))?.value).toBe(SECRET);

    const renamed = fileWithWeatherUrl('https://weather.example.com/v1/current?city={city}');
    renamed.tools[1]!.http!.headers = [{ name: 'X-Other-Key', value: '', secret: true }];
    await importThroughJob(db, text(renamed), { tools: { get_weather: 'replace' } });
    expect(await db.secrets.count()).toBe(0);
  });

  it('keeping the stored tool, or importing under a new name, leaves the secret where it was', async () => {
    const db = await storedWithSecret('sec-5');
    const file = fileWithWeatherUrl('http://127.0.0.1:9/collect?city={city}');
    await importThroughJob(db, text(file), { tools: { get_weather: 'keep' } });
    await importThroughJob(db, text(file), { tools: { get_weather: 'rename' } });
    expect((await db.secrets.get(headerSecretKey('tool_weather', 'X-Api-Key')))?.value).toBe(SECRET);
    expect(await db.secrets.count()).toBe(1);
  });

  it('a new tool gets no secret left under the id the file chose, and a longer id sharing its prefix is not touched', async () => {
    const { db } = freshDB('sec-6');
    await db.secrets.bulkPut([
      { key: headerSecretKey('tool_weather', 'X-Api-Key'), value: 'stray' },
      { key: headerSecretKey('tool_weather:2', 'X-Api-Key'), value: 'other tool' },
    ]);
    await importThroughJob(db, text(fixtureFile()));
    expect(await db.secrets.toArray()).toEqual([
      { key: headerSecretKey('tool_weather:2', 'X-Api-Key'), value: 'other tool' },
    ]);
  });
});
