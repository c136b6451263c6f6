import { describe, expect, it } from 'vitest';
import type { AssistantMessage, WireParts } from '../../domain/messages';
import type { ExportFileV1 } from '../session-file/format-v1';
import { fixtureFile } from '../testing/export-fixture';
import { hashOf, linkFor } from '../testing/share-kit';
import { openShareLink } from './open-share-link';
import { shareLeftOut } from './share-left-out';

const SIGNATURE = 'EqQBCkYIARgCIkD+/9aZ3sig==';
const THINKING = { type: 'thinking', thinking: 'Two cities: «Paris» – Tokyo 🌧', signature: SIGNATURE };
const SEARCH_RESULT = {
  type: 'web_search_tool_result',
  tool_use_id: 'srvtoolu_1',
  content: [{ type: 'web_search_result', url: 'https://x.example', encrypted_content: 'EncSearchResult==' }],
};

/** The fixture with its parallel-call reply answered by Claude: signed thinking first, then its tool_use blocks. */
function claudeSession(extra: Record<string, unknown>[] = []): { file: ExportFileV1; reply: AssistantMessage } {
  const file = fixtureFile();
  const entry = file.sessions[0]!;
  const reply = entry.messages.find((m) => m.role === 'assistant' && m.toolCalls.length === 2);
  if (reply?.role !== 'assistant') throw new Error('fixture has a parallel call');
  reply.wireParts = {
    format: 'anthropic',
    model: 'claude-sonnet-4-5-20250929',
    parts: [
      THINKING,
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va+/=' },
      ...extra,
      ...reply.toolCalls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: JSON.parse(c.arguments) })),
    ],
  };
  return { file, reply };
}

const openedReply = async (file: ExportFileV1, toolResults: boolean) => {
  const back = (await openShareLink(hashOf(await linkFor(file, toolResults)))).file.sessions[0]!;
  const reply = back.messages.find((m) => m.role === 'assistant' && m.toolCalls.length === 2);
  if (reply?.role !== 'assistant') throw new Error('the share lost the reply');
  return { back, reply };
};

describe("share links keep a reply's provider content", () => {
  it('carries signed thinking byte for byte, with its calls under the ids the opened session gives them', async () => {
    const { file, reply: sent } = claudeSession();
    const { back, reply } = await openedReply(file, true);
    const wire = reply.wireParts;
    expect(wire?.format).toBe('anthropic');
    expect(wire?.model).toBe('claude-sonnet-4-5-20250929');
    const [thinking, redacted, ...uses] = wire!.parts;
    expect(JSON.stringify(thinking)).toBe(JSON.stringify(THINKING));
    expect(JSON.stringify(redacted)).toBe(JSON.stringify(sent.wireParts!.parts[1]));
    // Each tool_use names a call of the rebuilt reply, and a result answers it: the copy can continue the loop.
    const ids = reply.toolCalls.map((c) => c.id);
    expect(uses.map((u) => [u.type, u.id, u.name])).toEqual(reply.toolCalls.map((c) => ['tool_use', c.id, c.name]));
    const answered = back.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []));
    expect(answered).toEqual(expect.arrayContaining(ids));
  });

  it("keeps each Gemini part's thoughtSignature on its part", async () => {
    const file = fixtureFile();
    const reply = file.sessions[0]!.messages.find((m) => m.role === 'assistant' && m.toolCalls.length === 2);
    if (reply?.role !== 'assistant') throw new Error('fixture has a parallel call');
    const parts = [
      { text: 'Thinking about both.', thought: true },
      { functionCall: { name: reply.toolCalls[0]!.name, args: {} }, thoughtSignature: 'CiQB0e2Kb+sig/1=' },
      { functionCall: { name: reply.toolCalls[1]!.name, args: {} } },
    ];
    const sent: WireParts = { format: 'gemini', model: 'gemini-3-pro-preview', parts };
    reply.wireParts = sent;
    const { reply: back } = await openedReply(file, true);
    expect(JSON.stringify(back.wireParts)).toBe(JSON.stringify(sent));
  });

  it('without tool results, content holding a provider tool result stays out whole, and the dialog says so', async () => {
    const { file } = claudeSession([SEARCH_RESULT]);
    expect((await openedReply(file, true)).reply.wireParts?.parts).toContainEqual(SEARCH_RESULT);
    const { reply } = await openedReply(file, false);
    expect(reply.wireParts).toBeUndefined();
    expect(shareLeftOut(file.sessions[0]!, { toolResults: false, images: true })[0]).toBe(
      '3 tool results, 1 reply’s signed provider content, which holds them: tick "Include tool results" to carry them.',
    );
    // Content without any tool's result goes with or without results.
    const plain = claudeSession();
    expect((await openedReply(plain.file, false)).reply.wireParts?.parts[0]).toEqual(THINKING);
  });
});
