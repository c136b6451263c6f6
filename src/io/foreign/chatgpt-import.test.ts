import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { zipSync, strToU8 } from 'fflate';
import { branchStateOf, groupByBranch, pathIds } from '../../domain/branches';
import type { MessageRecord } from '../../db/records';
import { checkExportData } from '../session-file/check-file';
import { foreignKindOf } from './detect';
import { convertParsed, convertPicked, type Converted, type PickedFile } from './open-foreign';
import { skippedEntryText } from './skipped-entry';

const fixture = (name: string) => readFileSync(new URL(`../__fixtures__/foreign/${name}`, import.meta.url), 'utf8');
let n = 0;
const opts = () => ({ now: 1_800_000_000_000, newId: () => `id-${++n}` });
const picked = (name: string, text: string | Uint8Array): PickedFile => ({
  name,
  bytes: async () => (typeof text === 'string' ? strToU8(text) : text),
});

function ok(c: Converted) {
  if (!c.ok) throw new Error(`conversion failed: ${c.failure.message}`);
  return c;
}
const texts = (ms: readonly MessageRecord[]) =>
  ms.map((m) =>
    m.role === 'tool'
      ? `tool:${m.name}=${m.content}`
      : m.role === 'assistant' && m.toolCalls.length > 0
        ? `call:${m.toolCalls[0]!.name}`
        : `${m.role}:${m.content}`,
  );

describe('ChatGPT export import', () => {
  it('makes the current-node path the conversation, other paths branches, and leaves hidden nodes out', async () => {
    const c = ok(await convertParsed(JSON.parse(fixture('chatgpt-conversations.json')), 'chatgpt', opts()));
    expect(c.file.sessions).toHaveLength(2);
    const s = c.file.sessions[0]!;
    expect(s.session.title).toBe('Sunflowers and sums');
    expect(s.session.model).toBe('gpt-5');
    const byId = new Map(s.messages.map((m) => [m.id, m]));
    const state = branchStateOf(s.session);
    const own = groupByBranch(s.messages);
    const main = pathIds(state, own).map((id) => byId.get(id)!);
    expect(texts(main)).toEqual([
      'user:Work out 17 * 23 with Python, please.',
      'call:python',
      'tool:python=391',
      'assistant:The product is 391.',
      'user:Search the web for the tallest sunflower record.',
      'call:web.run',
      'tool:web.run=Tallest sunflower\nGuinness: 9.17 m, Germany, 2014.',
      'assistant:The record is 9.17 metres (Germany, 2014).',
      'user:[image not imported]\nIs this one a sunflower?',
    ]);
    // The thoughts node is the call's reasoning; the code is the call's arguments.
    const call = main[1]!;
    expect(call.role === 'assistant' && call.reasoning).toContain('Use the python tool');
    expect(call.role === 'assistant' && JSON.parse(call.toolCalls[0]!.arguments)).toEqual({ code: '17 * 23' });
    // The edited first message and the first reply before regenerating are branches.
    expect(state.branches).toHaveLength(2);
    const others = state.branches.map((b) => texts(pathIds(state, own, b.id).map((id) => byId.get(id)!)));
    expect(others).toContainEqual(['user:How tall do sunflowers grow?', 'assistant:Up to about 3 metres.']);
    expect(others).toContainEqual([
      'user:Work out 17 * 23 with Python, please.',
      'call:python',
      'tool:python=391',
      'assistant:17 × 23 = 391.',
    ]);
    // Nothing of the hidden system message or the profile context became a message.
    expect(s.messages.some((m) => m.content.includes('botanist'))).toBe(false);
    expect(c.notes.leftOut.join(' ')).toMatch(/profile, custom-instruction or memory context/);
    expect(c.notes.leftOut.join(' ')).toMatch(/system message/);
    expect(c.notes.found.join(' ')).toMatch(/2 other paths/);
    // The whole file passes the import's own checks (schema, integrity, every path a valid history).
    expect(checkExportData(c.file).ok).toBe(true);
  });

  it('reads the sharded files with their manifest, the .zip as downloaded, and refuses a manifest whose part is missing', async () => {
    const parts = [
      picked('conversations-001.json', fixture('conversations-001.json')),
      picked('export_manifest.json', fixture('export_manifest.json')),
      picked('conversations-000.json', fixture('conversations-000.json')),
    ];
    const sharded = ok(await convertPicked(parts, opts()));
    expect(sharded.file.sessions.map((s) => s.session.title)).toEqual(['Sunflowers and sums', 'Yellow flowers']);
    expect(sharded.notes.found[0]).toMatch(/2 parts of a sharded export/);

    const zip = zipSync({
      'conversations.json': strToU8(fixture('chatgpt-conversations.json')),
      'chat.html': strToU8('<html></html>'),
      'user.json': strToU8('{}'),
    });
    const zipped = ok(await convertPicked([picked('export.zip', zip)], opts()));
    expect(zipped.file.sessions).toHaveLength(2);
    const shardZip = zipSync({
      'conversations-000.json': strToU8(fixture('conversations-000.json')),
      'conversations-001.json': strToU8(fixture('conversations-001.json')),
      'export_manifest.json': strToU8(fixture('export_manifest.json')),
    });
    expect(ok(await convertPicked([picked('export.zip', shardZip)], opts())).file.sessions).toHaveLength(2);

    const missing = await convertPicked(parts.slice(0, 2), opts());
    expect(missing.ok).toBe(false);
    if (!missing.ok)
      expect(missing.failure.message).toMatch(/manifest lists a part that was not picked: conversations-000\.json/);
  });

  it('imports every conversation it can read and names each one left out, with the reason in words', async () => {
    const conversations = JSON.parse(fixture('chatgpt-conversations.json')) as Record<string, unknown>[];
    // A conversation with no mapping (real exports hold some), first, so it cannot hide the format either.
    const noMapping: Record<string, unknown> = { ...conversations[0]!, title: 'Lost trip plans', id: 'conv-lost' };
    delete noMapping.mapping;
    const empty = {
      ...conversations[1]!,
      title: 'Only a system prompt',
      mapping: { r: { id: 'r', parent: null, children: [], message: null } },
      current_node: 'r',
    };
    const data = [noMapping, ...conversations, empty];
    expect(foreignKindOf(data)).toBe('chatgpt');
    const c = ok(await convertParsed(data, 'chatgpt', opts()));
    expect(c.file.sessions.map((s) => s.session.title)).toEqual(['Sunflowers and sums', 'Yellow flowers']);
    expect(c.notes.skipped.map(skippedEntryText)).toEqual([
      'Conversation “Lost trip plans”: not imported, it cannot be read (at $[0].mapping, expected an object).',
      'Conversation “Only a system prompt”: not imported, no messages in the file.',
    ]);
    expect(checkExportData(c.file).ok).toBe(true);

    // Only a file whose every conversation is unreadable is refused, with the first reason.
    const none = await convertParsed([noMapping, { ...noMapping, title: 'Also lost' }], 'chatgpt', opts());
    expect(!none.ok && none.failure.message).toBe(
      'This looks like a ChatGPT data export, but nothing in it can be imported: 2 entries cannot be read (the first at $[0].mapping, expected an object).',
    );
  });

  it('refuses hostile files with a sentence: a loop in the tree, wrong types, a damaged zip, a zip bomb, deep nesting', async () => {
    const conv = JSON.parse(fixture('conversations-001.json')) as {
      mapping: Record<string, { parent: string | null }>;
    }[];
    const loop = structuredClone(conv);
    loop[0]!.mapping.r!.parent = 'a';
    const looped = await convertParsed(loop, 'chatgpt', opts());
    expect(!looped.ok && looped.failure.message).toMatch(/loops back on itself/);

    const wrong = structuredClone(conv) as unknown as { mapping: unknown }[];
    wrong[0]!.mapping = 'not a tree';
    const typed = await convertParsed(wrong, 'chatgpt', opts());
    expect(!typed.ok && typed.failure.message).toMatch(/at \$\[0\]\.mapping, expected an object/);

    const damaged = await convertPicked(
      [picked('export.zip', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9, 9, 1, 2, 3]))],
      opts(),
    );
    expect(!damaged.ok && damaged.failure.stage).toBe('archive');
    const notZip = await convertPicked([picked('export.zip', strToU8('hello'))], opts());
    expect(!notZip.ok && notZip.failure.message).toMatch(/is not a \.zip archive/);

    const deep = JSON.parse('['.repeat(100) + ']'.repeat(100)) as unknown;
    const nested = await convertParsed(
      [{ mapping: { a: { parent: null, children: [], message: null, deep } }, current_node: 'a' }],
      'chatgpt',
      opts(),
    );
    expect(!nested.ok && nested.failure.stage).toBe('hostile');
  });

  it('stops unpacking an entry that inflates past the cap, whatever size the zip claims', async () => {
    const { readZipEntries } = await import('./unzip');
    const bomb = zipSync({ 'conversations.json': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(64 * 1024);
    // The local header claims 100 bytes unpacked (offset 22, little-endian): the count of real bytes still stops it.
    new DataView(bomb.buffer, bomb.byteOffset).setUint32(22, 100, true);
    expect(() =>
      readZipEntries(bomb, () => true, { entries: 10, entryBytes: 1024 * 1024, totalBytes: 1024 * 1024 }),
    ).toThrow(/unpacks to more than 1 MB/);
    // Entries not wanted are never inflated, so they cost nothing.
    expect(readZipEntries(bomb, () => false, { entries: 10, entryBytes: 1024, totalBytes: 1024 }).size).toBe(0);
  });
});
