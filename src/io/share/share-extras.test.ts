import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExportFileV1 } from '../session-file/format-v1';
import { fixtureFile } from '../testing/export-fixture';
import { hashOf, linkFor, PAGE, shown } from '../testing/share-kit';
import { MEMORY, ORIGINAL_RESULT, PROVIDER_OUTPUT, richShareSession, SEALED } from '../testing/share-sessions';
import { openShareLink } from './open-share-link';
import { sealShare } from './share-crypto';
import { REQUEST_LEFT_OUT, RESULT_LEFT_OUT } from './share-extras';
import { formatShareLink } from './share-fragment-codec';
import { shareLeftOut } from './share-left-out';
import { encodeSharePlaintext, sharePlaintext } from './share-plaintext';

// Two images' base64, told apart by their bytes.
const USER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const TOOL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==';
const richSession = () => richShareSession({ user: USER_PNG, tool: TOOL_PNG });

const plaintextOf = (file: ExportFileV1, toolResults: boolean, images = true) =>
  new TextDecoder().decode(encodeSharePlaintext(sharePlaintext(file, toolResults, images)));

describe('share links: what a message has besides text and calls', () => {
  it('carries images, refusals, citations, provider-run tools and edit marks: the opened session shows what the sent one does', async () => {
    const file = richSession();
    const sent = file.sessions[0]!;
    const opened = await openShareLink(hashOf(await linkFor(file, true)));
    const back = opened.file.sessions[0]!;
    expect(shown(back)).toEqual(shown(sent));
    // The projection sees each kind: a share that dropped any of them would differ above.
    const flat = JSON.stringify(shown(back));
    for (const seen of [
      USER_PNG,
      TOOL_PNG,
      'I can’t help with that.',
      'Sales report',
      PROVIDER_OUTPUT,
      '"request"',
      '"answered"',
      '"result"',
    ])
      expect(flat).toContain(seen);
    // An edit of arguments names the rebuilt call; the original arguments and result stay with their marks.
    const reply = back.messages.find((m) => m.role === 'assistant' && m.toolCalls.length === 2);
    expect(reply?.role === 'assistant' && reply.edits).toContainEqual({
      kind: 'arguments',
      callId: reply?.role === 'assistant' ? reply.toolCalls[1]!.id : '',
      original: '{"width":64}',
    });
    expect(opened.text).toContain(ORIGINAL_RESULT);
  });

  it('never carries what an edited request sent or replaced, nor what the provider sealed; the dialog says so', async () => {
    const file = richSession();
    const plain = plaintextOf(file, true);
    const opened = await openShareLink(hashOf(await linkFor(file, true)));
    for (const text of [plain, opened.text]) for (const canary of [MEMORY, SEALED]) expect(text).not.toContain(canary);
    const reply = opened.file.sessions[0]!.messages.find((m) => m.role === 'assistant' && m.edits !== undefined);
    expect(reply?.role === 'assistant' && reply.edits?.[0]).toEqual({
      kind: 'request',
      original: REQUEST_LEFT_OUT,
      sent: REQUEST_LEFT_OUT,
    });
    expect(shareLeftOut(file.sessions[0]!, { toolResults: true, images: true })).toEqual([
      'What was sent for 1 edited request, and what it replaced: a request holds the system prompt and recalled memories, which a link never carries. The mark "edited" stays.',
      '1 reasoning or compaction item sealed by the provider: only the provider can read them. The reasoning text stays.',
    ]);
  });

  it('without tool results nothing a tool returned travels: not its image, a replaced result or a provider-run tool’s output', async () => {
    const file = richSession();
    const plain = plaintextOf(file, false);
    const opened = await openShareLink(hashOf(await linkFor(file, false)));
    for (const text of [plain, opened.text])
      for (const canary of [TOOL_PNG, ORIGINAL_RESULT, PROVIDER_OUTPUT, 'Rendered.'])
        expect(text).not.toContain(canary);
    const back = opened.file.sessions[0]!;
    // The person's image, the refusal, the sources and the marks still travel.
    expect(opened.text).toContain(USER_PNG);
    const tools = back.messages.filter((m) => m.role === 'tool');
    expect(tools.map((m) => m.role === 'tool' && [m.content, m.images, m.edits?.map((e) => e.kind)])).toEqual([
      [RESULT_LEFT_OUT, undefined, ['answered']],
      [RESULT_LEFT_OUT, undefined, ['result']],
    ]);
    const search = back.messages.flatMap((m) => (m.role === 'assistant' ? (m.providerItems ?? []) : []));
    expect(search).toMatchObject([
      { kind: 'provider_tool', name: 'web_search', input: 'sales 2026', output: RESULT_LEFT_OUT },
    ]);
    expect(shareLeftOut(file.sessions[0]!, { toolResults: false, images: true })[0]).toBe(
      '2 tool results, 1 image a tool returned, 1 output of a tool the provider ran: tick "Include tool results" to carry them.',
    );
  });

  it('leaving images out (to fit a link) drops only the images, and the dialog counts them with the size they would take', async () => {
    const file = richSession();
    const plain = plaintextOf(file, true, false);
    for (const data of [USER_PNG, TOOL_PNG]) expect(plain).not.toContain(data);
    const back = (await openShareLink(hashOf(await linkFor(file, true, false)))).file.sessions[0]!;
    const noImages = (rows: unknown[][]) =>
      rows.map((r) => (r[0] === 'user' ? [r[0], r[1], r[3]] : r[0] === 'tool' ? [...r.slice(0, 5), ...r.slice(6)] : r));
    expect(noImages(shown(back))).toEqual(noImages(shown(file.sessions[0]!)));
    expect(back.messages.some((m) => (m.role === 'user' || m.role === 'tool') && m.images !== undefined)).toBe(false);
    expect(shareLeftOut(file.sessions[0]!, { toolResults: true, images: false }, 41_000)).toContain(
      '2 images: with them the link would be 41,000 characters, and a link holds up to 2,000. Connect a storage in "Sync and backup" to share the session with its images.',
    );
  });

  it('a conversation with none of them makes the same share as format 2 did, less the version', () => {
    const share = sharePlaintext(fixtureFile(), true);
    expect(share.version).toBe(3);
    expect('x' in share).toBe(false);
    expect(shareLeftOut(fixtureFile().sessions[0]!, { toolResults: true, images: true })).toEqual([]);
  });

  it('opens a link made by share format 2 (a frozen one), as it was made', async () => {
    const link = readFileSync(new URL('./__fixtures__/share-link-v2.txt', import.meta.url), 'utf8').trim();
    const opened = await openShareLink(hashOf(link));
    expect(opened.toolResults).toBe(true);
    const [back, sent] = [opened.file.sessions[0]!, fixtureFile().sessions[0]!];
    expect(shown(back)).toEqual(shown(sent));
    expect(back.session).toMatchObject({ id: sent.session.id, title: sent.session.title, model: sent.session.model });
  });

  it('extras that are not what a share writes are refused like any damaged share', async () => {
    const good = sharePlaintext(richSession(), true);
    const seal = async (value: unknown) => {
      const { key, sealed } = await sealShare(new TextEncoder().encode(JSON.stringify(value)));
      return hashOf(formatShareLink(PAGE, { mode: 'inline', key, sealed }));
    };
    const userAt = good.m.findIndex((m) => m[0] === 'u');
    const replyAt = good.m.findIndex((m) => m[0] === 'a');
    const bad: unknown[] = [
      { ...good, x: [[good.m.length, { f: 'no such message' }]] },
      { ...good, x: [[userAt, { f: 'a person does not refuse' }]] },
      { ...good, x: [[replyAt, { e: [['a', 9, '{}']] }]] },
      { ...good, x: [[userAt, { i: [['image/png', 7, 'x']] }]] },
      {
        ...good,
        x: [
          [userAt, { i: [] }],
          [userAt, { i: [] }],
        ],
      },
      { ...good, x: 'images' },
    ];
    for (const value of bad) await expect(openShareLink(await seal(value))).rejects.toMatchObject({ kind: 'damaged' });
  });
});
