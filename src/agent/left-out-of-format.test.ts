import { describe, expect, it } from 'vitest';
import type { ChatMessage, WireParts } from '../domain/messages';
import type { ProviderItem } from '../domain/provider-items';
import { leftOutOfRebuilt } from './left-out-of-format';
import { toWireMessages } from './to-wire';
import { ANTHROPIC_PARIS, parisReply } from './testing/signed-reply';

const reply = parisReply;
const anthropic = ANTHROPIC_PARIS;
const gemini: WireParts = {
  format: 'gemini',
  model: 'gemini-3',
  parts: [
    { text: 'The person wants Paris.', thought: true },
    { functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig-2' },
  ],
};
const user: ChatMessage = { id: 'u', createdAt: 0, role: 'user', content: 'Weather in Paris?' };

describe('what a Chat Completions or Responses request leaves out of the history', () => {
  it("names each reply whose signed thinking another format wrote, and Chat Completions' body indeed has none", () => {
    const history = [user, reply('a1', { wireParts: anthropic }), reply('g1', { wireParts: gemini })];
    for (const format of ['chat', 'responses'] as const) {
      const notes = leftOutOfRebuilt(history, format);
      expect(notes.map((n) => [n.messageId, n.what])).toEqual([
        ['a1', 'signed_thinking'],
        ['g1', 'thought_signature'],
      ]);
      for (const n of notes) expect(n.why).toContain('signed thinking');
    }
    expect(JSON.stringify(toWireMessages(history))).not.toMatch(/sig-|The person wants/);
  });

  it('says nothing of a reply whose parts hold no thinking, of a reply still streaming, or of plain history', () => {
    const plain: WireParts = { format: 'anthropic', model: 'claude-a', parts: [{ type: 'text', text: 'Hi.' }] };
    const streaming = { ...reply('s1', { wireParts: anthropic }), status: 'streaming' as const };
    expect(leftOutOfRebuilt([user, reply('a1', { wireParts: plain }), streaming, reply('p', {})], 'chat')).toEqual([]);
  });

  it('Gemini thought parts without a signature are thinking, not signed thinking', () => {
    const unsigned: WireParts = { ...gemini, parts: [{ text: 'Hmm.', thought: true }, { text: 'Paris.' }] };
    expect(leftOutOfRebuilt([reply('g1', { wireParts: unsigned })], 'chat')).toMatchObject([{ what: 'thinking' }]);
  });

  it('Chat Completions leaves out Responses reasoning and provider tools; the Responses API only another API’s', () => {
    const items: ProviderItem[] = [
      { kind: 'reasoning', id: 'rs1', summary: [], encryptedContent: 'enc' },
      {
        kind: 'provider_tool',
        id: 'ws1',
        itemType: 'web_search_call',
        name: 'web_search',
        status: 'done',
        input: '',
        output: '',
      },
    ];
    const history = [reply('o1', { providerItems: items })];
    expect(leftOutOfRebuilt(history, 'chat').map((n) => n.what)).toEqual(['reasoning', 'provider_tool']);
    expect(leftOutOfRebuilt(history, 'responses')).toEqual([]);
    const server: WireParts = {
      ...anthropic,
      parts: [
        { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} },
        { type: 'text', text: 'Found.' },
      ],
    };
    expect(leftOutOfRebuilt([reply('a2', { wireParts: server })], 'responses').map((n) => n.what)).toEqual([
      'provider_tool',
    ]);
  });
});
