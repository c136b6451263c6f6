import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../testing/export-fixture';
import type { ExportFileV1 } from '../session-file/format-v1';
import { openShareLink } from './open-share-link';
import { sealShare, toBase64Url } from './share-crypto';
import { ShareLinkError, type ShareLinkErrorKind } from './share-errors';
import { formatShareLink, parseShareFragment, MAX_INLINE_LINK_CHARS } from './share-fragment-codec';
import { readFileSync } from 'node:fs';
import { ROOT_BRANCH } from '../../domain/branches';
import { hashOf, linkFor, PAGE, shown } from '../testing/share-kit';
import { exportOf, T0 } from '../testing/share-sessions';
import { RESULT_LEFT_OUT } from './share-compact';
import { encodeSharePlaintext, sharePlaintext, SHARE_FORMAT } from './share-plaintext';

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
    const [back, sent] = [opened.file.sessions[0]!, file.sessions[0]!];
    expect(shown(back)).toEqual(shown(sent));
    expect(back.session).toMatchObject({ title: sent.session.title, model: sent.session.model });
    // The timeline has runs to draw: read off the messages, as an import of another app's conversation.
    expect(back.runs.length).toBeGreaterThan(0);
    expect(opened.text).toContain(CANARY);
    // Only the session: not the sender's tools, servers or prices.
    expect(opened.file.tools).toEqual([]);
  });

  it('carries no stream deltas, prompt layers (recalled memories stay with the sender) or tool sets and their names', async () => {
    const file = fixtureFile();
    const s = file.sessions[0]!;
    const started = s.events.find((e) => e.type === 'request_started')!;
    const hash = 'a'.repeat(64);
    s.toolSets = [
      {
        sessionId: s.session.id,
        hash,
        tools: [
          { name: 'TOOLSET-CANARY', description: 'd', parameters: { type: 'object' }, source: { kind: 'builtin' } },
        ],
      },
    ];
    if (started.type === 'request_started')
      Object.assign(started, {
        systemLayers: [{ id: 'memories', title: 'Memories', text: 'MEMORY-CANARY lives in Paris' }],
        toolSet: hash,
      });
    const plain = new TextDecoder().decode(encodeSharePlaintext(sharePlaintext(file, true)));
    const opened = await openShareLink(hashOf(await linkFor(file, true)));
    for (const text of [plain, opened.text]) {
      for (const canary of ['MEMORY-CANARY', 'TOOLSET-CANARY', hash, 'text_delta']) expect(text).not.toContain(canary);
    }
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
    expect(
      s.messages.filter((m) => m.role === 'tool').every((m) => m.role === 'tool' && m.content === RESULT_LEFT_OUT),
    ).toBe(true);
    expect(s.toolCalls.every((c) => c.logs.length === 0 && c.result !== null && !c.result.includes(CANARY))).toBe(true);
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
    await failsAs(await seal({ ...good, m: [['x', 'what', 0, 0]] }), 'damaged');
    await failsAs(await seal({ ...good, s: ['t', 'm', -1, 0, 'id'] }), 'damaged');
    // A history that breaks the invariant (a tool call without its result) is refused as an import would be.
    await failsAs(await seal({ ...good, m: good.m.filter((m) => m[0] !== 't') }), 'damaged');
    // A result pointing at a call that is not there.
    await failsAs(
      await seal({ ...good, m: good.m.map((m) => (m[0] === 't' ? (['t', 'x', m[2], m[3], 0, 9] as const) : m)) }),
      'damaged',
    );
    // Version 1 envelopes are still read, and checked the same way.
    await failsAs(
      await seal({ format: SHARE_FORMAT, version: 1, toolResults: true, file: { sessions: [] } }),
      'damaged',
    );
    // Prototype keys and deep nesting.
    const { key, sealed } = await sealShare(
      new TextEncoder().encode(
        `{"format":"${SHARE_FORMAT}","version":1,"toolResults":true,"file":{"__proto__":{"x":1}}}`,
      ),
    );
    await failsAs(hashOf(formatShareLink(PAGE, { mode: 'inline', key, sealed })), 'damaged');
  });

  it('a stored share is read from its location with no credentials and no referrer; storage failures are sentences', async () => {
    const { key, sealed } = await sealShare(encodeSharePlaintext(sharePlaintext(fixtureFile(), true)));
    const location = 'https://dav.example.net/vault/shares/0123abcd';
    const hash = hashOf(formatShareLink(PAGE, { mode: 'stored', key, location }));
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const serve =
      (res: () => Response): typeof fetch =>
      async (input, init) => {
        seen.push({ url: String(input), init });
        return res();
      };
    const opened = await openShareLink(
      hash,
      serve(() => new Response(sealed.slice())),
    );
    expect(opened.file.sessions[0]!.session.id).toBe(fixtureFile().sessions[0]!.session.id);
    expect(seen[0]!.url).toBe(location);
    expect(seen[0]!.init).toMatchObject({ credentials: 'omit', referrerPolicy: 'no-referrer' });
    expect(JSON.stringify(seen)).not.toContain(key);
    await failsAs(
      hash,
      'removed',
      serve(() => new Response('', { status: 404 })),
    );
    await failsAs(
      hash,
      'refused',
      serve(() => new Response('', { status: 401 })),
    );
    await failsAs(
      hash,
      'unreachable',
      serve(() => new Response('', { status: 503 })),
    );
    await failsAs(hash, 'unreachable', () => Promise.reject(new TypeError('Failed to fetch')));
    await failsAs(
      hash,
      'damaged',
      serve(() => new Response(sealed.slice(0, sealed.length - 5))),
    );
    // A location that is not a web address is not fetched at all.
    const js = hashOf(formatShareLink(PAGE, { mode: 'stored', key, location })).replace(
      /[^.]+$/,
      toBase64Url(new TextEncoder().encode('javascript:alert(1)')),
    );
    const before = seen.length;
    await failsAs(
      js,
      'malformed',
      serve(() => new Response(sealed.slice())),
    );
    expect(seen.length).toBe(before);
  });

  it('a question, a js_eval call and an answer fits inline with or without results, and leaving a result out never makes it longer', async () => {
    const small = exportOf((b) => {
      b.user(ROOT_BRANCH, 'What is 17 * 23 + 4?', T0);
      b.assistant(ROOT_BRANCH, {
        content: '',
        toolCalls: [{ id: 'c1', name: 'js_eval', arguments: '{"code":"17 * 23 + 4"}' }],
        createdAt: T0 + 1500,
      });
      b.tool(ROOT_BRANCH, { toolCallId: 'c1', name: 'js_eval', content: '395', createdAt: T0 + 1700 });
      b.assistant(ROOT_BRANCH, { content: '17 × 23 + 4 = 395.', createdAt: T0 + 2600 });
    });
    const [withResults, without] = [await linkFor(small, true), await linkFor(small, false)];
    expect(withResults.length).toBeLessThanOrEqual(MAX_INLINE_LINK_CHARS);
    expect(without.length).toBeLessThanOrEqual(withResults.length);
    const opened = await openShareLink(hashOf(without));
    expect(shown(opened.file.sessions[0]!).map((m) => m[0])).toEqual(['user', 'assistant', 'tool', 'assistant']);
    console.log(`share link: ${withResults.length} characters with results, ${without.length} without`);
  });

  it('a session of ten messages with three tool calls fits inline', async () => {
    const ten = exportOf((b) => {
      const questions = ['Weather in Paris?', 'And in Oslo?', 'Which is warmer, and by how much?'];
      questions.forEach((q, i) => {
        const t = T0 + i * 60_000;
        b.user(ROOT_BRANCH, q, t);
        const id = `c${i}`;
        b.assistant(ROOT_BRANCH, {
          content: '',
          toolCalls: [{ id, name: 'get_weather', arguments: JSON.stringify({ city: ['Paris', 'Oslo', 'Paris'][i] }) }],
          createdAt: t + 900,
        });
        b.tool(ROOT_BRANCH, {
          toolCallId: id,
          name: 'get_weather',
          content: JSON.stringify({ temperature_c: [14, 6, 14][i], conditions: 'cloudy' }),
          createdAt: t + 1200,
        });
      });
      b.assistant(ROOT_BRANCH, {
        content: 'Paris is warmer than Oslo by 8 °C today: 14 °C against 6 °C, both cloudy.',
        createdAt: T0 + 125_000,
      });
    });
    expect(ten.sessions[0]!.messages).toHaveLength(10);
    expect((await linkFor(ten, true)).length).toBeLessThanOrEqual(MAX_INLINE_LINK_CHARS);
  });

  it('opens a link made by the first share format (a frozen one), as it was made', async () => {
    const link = readFileSync(new URL('./__fixtures__/share-link-v1.txt', import.meta.url), 'utf8').trim();
    const opened = await openShareLink(hashOf(link));
    expect(opened.toolResults).toBe(false);
    const s = opened.file.sessions[0]!;
    expect(s.session.title).toBe(fixtureFile().sessions[0]!.session.title);
    expect(s.messages).toHaveLength(fixtureFile().sessions[0]!.messages.length);
    expect(
      s.messages
        .filter((m) => m.role === 'tool')
        .every((m) => m.content === '[Tool result left out of this shared link]'),
    ).toBe(true);
  });
});
