import { describe, expect, it } from 'vitest';
import { unflattenTool, type FlatToolDefinition } from '../../domain/tool-definition';
import { freshDB } from '../../db/testing/fresh-db';
import type { ExportFileV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { toolDifferences } from './import-plan';
import { screenImportedTools, summarizeTool } from './imported-tools';
import { fixtureFile } from '../testing/export-fixture';

const text = (f: ExportFileV1) => JSON.stringify(f);

function codeTool(patch: Partial<FlatToolDefinition>): FlatToolDefinition {
  return { ...fixtureFile().tools[0]!, ...patch };
}

describe('imported tool definitions get the tool editor checks', () => {
  it('refuses each invalid tool with every reason, and keeps the valid ones in order', () => {
    const tools = [
      codeTool({ id: 'a', name: 'fine_one' }),
      codeTool({ id: 'b', name: 'bad name!', timeoutMs: 8.64e15 }),
      codeTool({
        id: 'c',
        name: 'fetcher',
        allowedOrigins: ['https://ok.example', 'https://x.example/path', 'javascript:alert(1)'],
      }),
      codeTool({ id: 'd', name: 'not_builtin', kind: 'builtin', code: null, builtinId: 'shell' }),
      codeTool({ id: 'e', name: 'fine_two', needsApproval: true }),
    ];
    const { accepted, refused } = screenImportedTools(tools);
    expect(accepted.map((t) => t.name)).toEqual(['fine_one', 'fine_two']);
    expect(refused).toEqual([
      {
        path: '$.tools[1]',
        name: 'bad name!',
        problems: [
          'Name: Use 1–64 letters, digits, "_" or "-" (no spaces).',
          'Timeout: Timeout must be a whole number of milliseconds between 100 and 600000.',
        ],
      },
      {
        path: '$.tools[2]',
        name: 'fetcher',
        problems: [
          'Allowed origins: "https://x.example/path" is not an origin; use "https://x.example".',
          'Allowed origins: "javascript:alert(1)" is not an http(s) origin.',
        ],
      },
      { path: '$.tools[3]', name: 'not_builtin', problems: ['Built-in: Unknown built-in tool.'] },
    ]);
  });

  it('refuses a tool whose parameter schema holds a pattern that backtracks without end', () => {
    const slug = { type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$' } } };
    const redos = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } };
    const { accepted, refused } = screenImportedTools([
      codeTool({ id: 'a', name: 'slug_tool', parameters: slug }),
      codeTool({ id: 'b', name: 'redos_tool', parameters: redos }),
    ]);
    expect(accepted.map((t) => t.name)).toEqual(['slug_tool']);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.name).toBe('redos_tool');
    expect(refused[0]!.problems[0]).toMatch(
      /^Parameters.*\/properties\/s\/pattern: the pattern "\^\(a\+\)\+\$" can take exponential time/,
    );
  });

  it('an import leaves refused tools out, says which, and writes the rest switched off', async () => {
    const { db } = freshDB('imported-tools-1');
    const file = fixtureFile();
    file.tools.push(codeTool({ id: 'tool_bad', name: 'bad name!', timeoutMs: 8.64e15 }));
    file.tools[1] = { ...file.tools[1]!, needsApproval: true };
    const out = await importThroughJob(db, text(file));
    if (!out.ok) throw new Error(out.failure.message);
    expect(out.summary.refusedTools).toEqual(['bad name!']);
    expect(out.summary.writtenTools).toEqual(['convert_temperature', 'get_weather']);
    // The sessions still come in: only the tool is refused.
    expect(await db.sessions.count()).toBe(1);
    expect(await db.tools.get('tool_bad')).toBeUndefined();
    const stored = await db.tools.orderBy('name').toArray();
    expect(stored.map((t) => [t.name, t.enabled, t.needsApproval])).toEqual([
      ['convert_temperature', false, false],
      ['get_weather', false, true],
    ]);
  });

  it('a replaced tool arrives switched off too; an identical one is left as stored', async () => {
    const { db } = freshDB('imported-tools-2');
    await importThroughJob(db, text(fixtureFile()));
    await db.tools.update('tool_convert', { enabled: true });
    await db.tools.update('tool_weather', { enabled: true });
    const file = fixtureFile();
    file.tools[1]!.description = 'Changed.';
    // The file's own "enabled" is never a difference worth asking about: it is not imported.
    expect(
      toolDifferences(unflattenTool(file.tools[0]!), unflattenTool({ ...file.tools[0]!, enabled: false })),
    ).toEqual([]);
    const out = await importThroughJob(db, text(file), { tools: { get_weather: 'replace' } });
    expect(out).toMatchObject({
      ok: true,
      summary: { skippedTools: ['convert_temperature'], writtenTools: ['get_weather'] },
    });
    expect((await db.tools.get('tool_convert'))?.enabled).toBe(true);
    expect(await db.tools.get('tool_weather')).toMatchObject({ description: 'Changed.', enabled: false });
  });

  it('summarises what each tool reaches for the review', () => {
    const [convert, weather] = fixtureFile().tools;
    expect(summarizeTool(unflattenTool(convert!))).toEqual({
      name: 'convert_temperature',
      kind: 'code',
      reaches: 'no network',
      needsApproval: false,
    });
    expect(summarizeTool(unflattenTool(weather!))).toMatchObject({
      kind: 'http',
      reaches: 'GET https://weather.example.com/v1/current?city={city}',
    });
    expect(
      summarizeTool(unflattenTool({ ...convert!, allowedOrigins: ['https://a.example', 'https://b.example'] })).reaches,
    ).toBe('may fetch https://a.example, https://b.example');
    expect(
      summarizeTool(
        unflattenTool({
          ...weather!,
          http: { ...weather!.http!, urlTemplate: `https://x.example/${'p'.repeat(400)}` },
        }),
      ).reaches,
    ).toHaveLength(301);
  });
});
