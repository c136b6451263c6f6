import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../testing/export-fixture';
import type { ExportFileV1 } from '../format-v1';
import { openShareLink } from './open-share-link';
import { sealShare, toBase64Url } from './share-crypto';
import { ShareLinkError, type ShareLinkErrorKind } from './share-errors';
import { formatShareLink, parseShareFragment, MAX_INLINE_LINK_CHARS } from './share-fragment-codec';
import { encodeSharePlaintext, RESULT_LEFT_OUT, sharePlaintext, SHARE_FORMAT } from './share-plaintext';

const PAGE = 'https://example.org/tools/toolscope/?utm=x#/s/abc';
const CANARY = 'CANARY-RESULT-9f3b';

/** The fixture with the canary in every place a tool result lives. */
function fileWithCanary(): ExportFileV1 {
  const file = fixtureFile();
  const s = file.sessions[0]!;
  for (const m of s.messages) if (m.role === 'tool') m.content = `${CANARY} ${m.content}`;
  for (const c of s.toolCalls) {
    c.result = `${CANARY} result`;
    c.logs = [{ level: 'log', text: `${CANARY} log`, t: 1 }];
  }
  for (const e of s.events) {
    if (e.type === 'tool_finished') e.result = `${CANARY} finished`;
    if (e.type === 'message_appended' && e.message.role === 'tool') e.message.content = `${CANARY} appended`;
  }
  return file;
}

async function linkFor(file: ExportFileV1, toolResults: boolean): Promise<string> {
  const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(file, toolResults)));
  return formatShareLink(PAGE, { mode: 'inline', key, sealed });
}

const hashOf = (link: string) => link.slice(link.indexOf('#'));

async function failure(hash: string, fetchFn?: typeof fetch): Promise<ShareLinkError> {
  try {
    await openShareLink(hash, fetchFn);
  } catch (e) {
    if (e instanceof ShareLinkError) return e;
    throw e;
  }
  throw new Error('the link opened');
}

async function failsAs(hash: string, kind: ShareLinkErrorKind, fetchFn?: typeof fetch): Promise<void> {
  const e = await failure(hash, fetchFn);
  expect(e.kind).toBe(kind);
  // A sentence that says what to do, never the key or the data.
  expect(e.message).toMatch(/^[A-Z].*\.$/);
  const key = hash.split('.')[2];
  if (key !== undefined && key.length > 8) expect(e.message).not.toContain(key);
}

describe('share links', () => {
  it('is the page address without query, and opens back to the same session with its tool results', async () => {
    const file = fileWithCanary();
    const link = await linkFor(file, true);
    expect(link.startsWith('https://example.org/tools/toolscope/#share=1.i.')).toBe(true);
    expect(link).not.toContain('?');
    expect(link).not.toContain(CANARY);
    const opened = await openShareLink(hashOf(link));
    expect(opened.toolResults).toBe(true);
    expect(opened.file.sessions[0]!.messages).toEqual(file.sessions[0]!.messages);
    expect(opened.text).toContain(CANARY);
    // Only the session: not the sender's tools, servers or prices.
    expect(opened.file.tools).toEqual([]);
  });

  it('leaves out stream deltas and the system prompt layers a request sent (recalled memories stay with the sender)', async () => {
    const file = fixtureFile();
    const s = file.sessions[0]!;
    const started = s.events.find((e) => e.type === 'request_started')!;
    if (started.type === 'request_started') started.systemLayers = [{ id: 'memories', title: 'Memories', text: 'MEMORY-CANARY lives in Paris' }];
    const opened = await openShareLink(hashOf(await linkFor(file, true)));
    expect(opened.text).not.toContain('MEMORY-CANARY');
    const kinds = new Set(opened.file.sessions[0]!.events.map((e) => e.type));
    expect(['text_delta', 'reasoning_delta', 'tool_call_delta'].filter((k) => kinds.has(k as never))).toEqual([]);
    expect(kinds.has('request_started')).toBe(true);
  });

  it('leaves out the tool sets each request offered and their names (tool definitions stay with the sender)', async () => {
    const file = fixtureFile();
    const s = file.sessions[0]!;
    const hash = 'a'.repeat(64);
    s.toolSets = [{ sessionId: s.session.id, hash, tools: [{ name: 'TOOLSET-CANARY', description: 'd', parameters: { type: 'object' }, source: { kind: 'builtin' } }] }];
    for (const e of s.events) if (e.type === 'request_started') e.toolSet = hash;
    const opened = await openShareLink(hashOf(await linkFor(file, true)));
    expect(opened.text).not.toContain('TOOLSET-CANARY');
    expect(opened.text).not.toContain(hash);
    expect(opened.file.sessions[0]!.toolSets).toBeUndefined();
    expect(opened.file.sessions[0]!.events.some((e) => e.type === 'request_started')).toBe(true);
  });

  it('two links of one session have different keys and different bytes', async () => {
    const file = fixtureFile();
    const [a, b] = [await linkFor(file, true), await linkFor(file, true)];
    expect(parseShareFragment(hashOf(a)).key).not.toBe(parseShareFragment(hashOf(b)).key);
    expect(a).not.toBe(b);
  });

  it('without tool results carries none of them anywhere, and still passes the import checks', async () => {
    const opened = await openShareLink(hashOf(await linkFor(fileWithCanary(), false)));
    expect(opened.toolResults).toBe(false);
    expect(opened.text).not.toContain(CANARY);
    const s = opened.file.sessions[0]!;
    expect(s.messages.filter((m) => m.role === 'tool').every((m) => m.role === 'tool' && m.content === RESULT_LEFT_OUT)).toBe(true);
    expect(s.toolCalls.every((c) => c.logs.length === 0)).toBe(true);
    // The calls themselves (names, arguments) stay.
    expect(s.toolCalls.map((c) => c.name)).toEqual(fixtureFile().sessions[0]!.toolCalls.map((c) => c.name));
  });

  it('a tampered, cut or foreign fragment is refused with a sentence', async () => {
    const hash = hashOf(await linkFor(fixtureFile(), true));
    const flip = (h: string, at: number) => h.slice(0, at) + (h[at] === 'A' ? 'B' : 'A') + h.slice(at + 1);
    await failsAs(flip(hash, hash.length - 20), 'damaged');
    await failsAs(hash.slice(0, hash.length - 30), 'damaged');
    await failsAs(hash.slice(0, hash.lastIndexOf('.') + 20), 'damaged');
    // Cut inside the key, or everything after it lost.
    await failsAs(hash.slice(0, 30), 'malformed');
    await failsAs(hash.slice(0, hash.lastIndexOf('.') + 1), 'malformed');
    await failsAs('#share=', 'malformed');
    await failsAs('#share=1.i', 'malformed');
    await failsAs(hash.replace('#share=1.i.', '#share=1.x.'), 'malformed');
    await failsAs(`${hash}%20`, 'malformed');
    await failsAs(hash.replace('#share=1.', '#share=2.'), 'version');
    // Another link's key does not open these bytes.
    const other = hashOf(await linkFor(fixtureFile(), true));
    const [, , , data] = hash.split('.');
    const [p, m, key] = other.split('.');
    await failsAs(`${p}.${m}.${key}.${data}`, 'damaged');
  });

  it('sealed bytes that are not a share of a session are refused after opening', async () => {
    const seal = async (value: unknown) => {
      const { key, sealed } = await sealShare(new TextEncoder().encode(JSON.stringify(value)));
      return hashOf(formatShareLink(PAGE, { mode: 'inline', key, sealed }));
    };
    const good = sharePlaintext(fixtureFile(), true);
    await failsAs(await seal({ hello: 'world' }), 'damaged');
    await failsAs(await seal({ ...good, version: 7 }), 'version');
    await failsAs(await seal({ ...good, file: { ...good.file, sessions: [] } }), 'damaged');
    // A history that breaks the invariant (a tool call without its result) is refused as an import would be.
    const broken = structuredClone(good);
    broken.file.sessions[0]!.messages = broken.file.sessions[0]!.messages.filter((m) => m.role !== 'tool');
    await failsAs(await seal(broken), 'damaged');
    // Prototype keys and deep nesting.
    const { key, sealed } = await sealShare(new TextEncoder().encode(`{"format":"${SHARE_FORMAT}","version":1,"toolResults":true,"file":{"__proto__":{"x":1}}}`));
    await failsAs(hashOf(formatShareLink(PAGE, { mode: 'inline', key, sealed })), 'damaged');
  });

  it('a stored share is read from its location with no credentials and no referrer; storage failures are sentences', async () => {
    const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(fixtureFile(), true)));
    const location = 'https://dav.example.net/vault/shares/0123abcd';
    const hash = hashOf(formatShareLink(PAGE, { mode: 'stored', key, location }));
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const serve = (res: () => Response): typeof fetch => async (input, init) => {
      seen.push({ url: String(input), init });
      return res();
    };
    const opened = await openShareLink(hash, serve(() => new Response(sealed.slice())));
    expect(opened.file.sessions[0]!.session.id).toBe(fixtureFile().sessions[0]!.session.id);
    expect(seen[0]!.url).toBe(location);
    expect(seen[0]!.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(JSON.stringify(seen)).not.toContain(key);
    await failsAs(hash, 'removed', serve(() => new Response('', { status: 404 })));
    await failsAs(hash, 'refused', serve(() => new Response('', { status: 401 })));
    await failsAs(hash, 'unreachable', serve(() => new Response('', { status: 503 })));
    await failsAs(hash, 'unreachable', () => Promise.reject(new TypeError('Failed to fetch')));
    await failsAs(hash, 'damaged', serve(() => new Response(sealed.slice(0, sealed.length - 5))));
    // A location that is not a web address is not fetched at all.
    const js = hashOf(formatShareLink(PAGE, { mode: 'stored', key, location })).replace(/[^.]+$/, toBase64Url(new TextEncoder().encode('javascript:alert(1)')));
    const before = seen.length;
    await failsAs(js, 'malformed', serve(() => new Response(sealed.slice())));
    expect(seen.length).toBe(before);
  });

  it('a small session fits the inline limit; the fixture with tool results does not', async () => {
    const file = fixtureFile();
    const s = file.sessions[0]!;
    const firstAnswer = s.messages.findIndex((m) => m.role === 'assistant');
    s.messages = s.messages.slice(0, firstAnswer).concat({ ...s.messages[firstAnswer]!, toolCalls: [] } as typeof s.messages[number]);
    s.toolCalls = [];
    s.runs = s.runs.slice(0, 1);
    s.events = s.events.filter((e) => e.runId === s.runs[0]!.id && !e.type.startsWith('tool_') && !(e.type === 'message_appended' && e.message.role === 'tool'));
    s.session = { ...s.session, messageCount: s.messages.length, toolCallCount: 0 };
    expect((await linkFor(file, true)).length).toBeLessThanOrEqual(MAX_INLINE_LINK_CHARS);
    expect((await linkFor(fixtureFile(), true)).length).toBeGreaterThan(MAX_INLINE_LINK_CHARS);
  });
});
