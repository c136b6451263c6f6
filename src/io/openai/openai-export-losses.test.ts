import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage } from '../../domain/messages';
import { describeLosses, lossesNeedConfirmation, openAIExportLosses } from './openai-export-losses';

const reply = (extra: Partial<AssistantMessage>): AssistantMessage => ({
  id: `a${Math.random()}`,
  role: 'assistant',
  content: 'x',
  reasoning: '',
  refusal: null,
  toolCalls: [],
  status: 'complete',
  runId: 'r',
  turn: 0,
  createdAt: 0,
  ...extra,
});

describe('what an OpenAI-messages file leaves out', () => {
  it('counts reasoning, provider tools by name, citations and compactions, and says so in one sentence', () => {
    const history: ChatMessage[] = [
      { id: 'u', role: 'user', content: 'q', createdAt: 0 },
      reply({
        reasoning: 'thinking',
        providerItems: [
          { kind: 'reasoning', id: 'rs1', summary: ['s'], encryptedContent: 'enc' },
          {
            kind: 'provider_tool',
            id: 'ws1',
            itemType: 'web_search_call',
            name: 'web_search',
            status: 'completed',
            input: 'q',
            output: '',
          },
          {
            kind: 'provider_tool',
            id: 'ws2',
            itemType: 'web_search_call',
            name: 'web_search',
            status: 'completed',
            input: 'q',
            output: '',
          },
          {
            kind: 'provider_tool',
            id: 'ci',
            itemType: 'code_interpreter_call',
            name: 'code_interpreter',
            status: 'completed',
            input: '1+1',
            output: '2',
          },
          { kind: 'compaction', id: 'c', encryptedContent: 'enc' },
        ],
        citations: [{ kind: 'url', ref: 'https://e.com', title: 'E' }],
      }),
    ];
    const losses = openAIExportLosses(history);
    expect(lossesNeedConfirmation(losses)).toBe(true);
    expect(losses).toEqual({
      reasoningItems: 1,
      reasoningTexts: 1,
      providerTools: { web_search: 2, code_interpreter: 1 },
      citations: 1,
      compactions: 1,
      toolImages: 0,
    });
    expect(describeLosses(losses)).toBe(
      'Chat Completions messages cannot carry everything in this session: the file leaves out 1 reasoning item (summaries and encrypted reasoning), ' +
        'the reasoning text of 1 reply, 3 tool calls the provider ran (web_search ×2, code_interpreter ×1), 1 cited source and 1 provider compaction item. ' +
        'A Toolscope export keeps all of it.',
    );
  });

  it('names the images tools returned, which a tool message cannot carry', () => {
    const tool = {
      id: 't',
      role: 'tool' as const,
      toolCallId: 'c',
      name: 'snap',
      content: 'x',
      isError: false,
      outcome: 'ok' as const,
      runId: 'r',
      turn: 1,
      createdAt: 0,
    };
    const losses = openAIExportLosses([{ ...tool, images: [{ mimeType: 'image/png', data: 'AA==', label: 'snap' }] }]);
    expect(lossesNeedConfirmation(losses)).toBe(true);
    expect(describeLosses(losses)).toContain('the file leaves out 1 image returned by tools.');
  });

  it('reasoning text alone is said but asks for no confirmation', () => {
    const losses = openAIExportLosses([reply({ reasoning: 'hmm' }), reply({ reasoning: 'more' })]);
    expect(lossesNeedConfirmation(losses)).toBe(false);
    expect(describeLosses(losses)).toContain('the file leaves out the reasoning text of 2 replies.');
  });

  it('says nothing for a plain Chat Completions conversation', () => {
    expect(
      describeLosses(openAIExportLosses([{ id: 'u', role: 'user', content: 'q', createdAt: 0 }, reply({})])),
    ).toBeNull();
  });
});
