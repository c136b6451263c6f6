import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../agent/model-client';
import type { AssistantMessage, ChatMessage } from '../domain/messages';
import { defaultApiFormat } from './api-format';
import { endpointKey, KNOWN_PROVIDERS } from './known-providers';
import { buildResponsesRequest } from './responses-request';

const chat: ModelRequest = { model: 'gpt-5', messages: [], stream: true };
const stateless = { format: 'responses', providerTools: [], providerStorage: false } as const;

const assistant = (over: Partial<AssistantMessage>): AssistantMessage => ({
  id: 'a1',
  createdAt: 1,
  role: 'assistant',
  content: '',
  reasoning: '',
  refusal: null,
  toolCalls: [],
  status: 'complete',
  runId: 'r',
  turn: 1,
  ...over,
});

const history: ChatMessage[] = [
  { id: 'u1', createdAt: 1, role: 'user', content: 'Weather in Paris and Tokyo?' },
  assistant({
    toolCalls: [
      { id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
      { id: 'call_2', name: 'weather', arguments: '{"city":"Tokyo"}' },
    ],
    providerItems: [{ kind: 'reasoning', id: 'rs_1', summary: ['Two cities.'], encryptedContent: 'ENC1' }],
    responseId: 'resp_1',
  }),
  {
    id: 't1',
    createdAt: 2,
    role: 'tool',
    toolCallId: 'call_1',
    name: 'weather',
    content: 'sunny',
    isError: false,
    outcome: 'ok',
    runId: 'r',
    turn: 1,
  },
  {
    id: 't2',
    createdAt: 3,
    role: 'tool',
    toolCallId: 'call_2',
    name: 'weather',
    content: 'rain',
    isError: false,
    outcome: 'ok',
    runId: 'r',
    turn: 1,
  },
];

describe('buildResponsesRequest', () => {
  it('sends images as input_image data URLs: beside the user text, and inside the function call output', () => {
    const png = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const url = 'data:image/png;base64,iVBORw0KGgo=';
    const withImages: ChatMessage[] = [
      { id: 'u1', createdAt: 1, role: 'user', content: 'Look', images: [{ ...png, label: 'logo.png' }] },
      assistant({ toolCalls: [{ id: 'call_1', name: 'snap', arguments: '{}' }] }),
      {
        id: 't1',
        createdAt: 2,
        role: 'tool',
        toolCallId: 'call_1',
        name: 'snap',
        content: 'Here.',
        isError: false,
        outcome: 'ok',
        runId: 'r',
        turn: 1,
        images: [{ ...png, label: 'snap' }],
      },
    ];
    const body = buildResponsesRequest(chat, { messages: withImages, tools: [] }, stateless);
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_image', detail: 'auto', image_url: url },
        ],
      },
      { type: 'function_call', call_id: 'call_1', name: 'snap', arguments: '{}' },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'Here.' },
          { type: 'input_image', detail: 'auto', image_url: url },
        ],
      },
    ]);
  });

  it('sends the encrypted reasoning back before the calls it led to, then the tool outputs, with nothing stored', () => {
    const body = buildResponsesRequest(chat, { messages: history, systemPrompt: 'Be brief.', tools: [] }, stateless);
    expect(body).toMatchObject({
      store: false,
      include: ['reasoning.encrypted_content'],
      instructions: 'Be brief.',
      reasoning: { summary: 'auto' },
    });
    expect(body).not.toHaveProperty('previous_response_id');
    expect(body.input).toEqual([
      { role: 'user', content: 'Weather in Paris and Tokyo?' },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Two cities.' }],
        encrypted_content: 'ENC1',
      },
      { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call', call_id: 'call_2', name: 'weather', arguments: '{"city":"Tokyo"}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
      { type: 'function_call_output', call_id: 'call_2', output: 'rain' },
    ]);
  });

  it('with provider storage, continues from the last response and sends only what came after it', () => {
    const body = buildResponsesRequest(chat, { messages: history, tools: [] }, { ...stateless, providerStorage: true });
    expect(body).toMatchObject({ store: true, previous_response_id: 'resp_1' });
    expect(body).not.toHaveProperty('include');
    expect(body.input).toEqual([
      { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
      { type: 'function_call_output', call_id: 'call_2', output: 'rain' },
    ]);
  });

  it('leaves out reasoning of a stopped reply and reasoning that led to a provider-run tool', () => {
    const body = buildResponsesRequest(
      chat,
      {
        messages: [
          assistant({
            id: 'x',
            content: 'part',
            status: 'cancelled',
            providerItems: [{ kind: 'reasoning', id: 'rs_a', summary: [], encryptedContent: 'E' }],
          }),
          assistant({
            id: 'y',
            content: 'found it',
            providerItems: [
              { kind: 'reasoning', id: 'rs_b', summary: [], encryptedContent: 'E' },
              {
                kind: 'provider_tool',
                id: 'ws',
                itemType: 'web_search_call',
                name: 'web_search',
                status: 'completed',
                input: 'q',
                output: '',
              },
              { kind: 'reasoning', id: 'rs_c', summary: [], encryptedContent: 'E' },
            ],
          }),
        ],
        tools: [],
      },
      stateless,
    );
    expect(body.input).toEqual([
      { role: 'assistant', content: 'part' },
      { type: 'reasoning', id: 'rs_c', summary: [], encrypted_content: 'E' },
      { role: 'assistant', content: 'found it' },
    ]);
  });

  it('offers function tools and the provider tools enabled for the session', () => {
    const body = buildResponsesRequest(
      { ...chat, model: 'gpt-4.1', temperature: 0.3, top_p: 0.7 },
      { messages: [], tools: [{ name: 'weather', description: 'd', parameters: { type: 'object' } }] },
      {
        ...stateless,
        providerTools: ['web_search', 'code_interpreter', 'file_search', 'mcp'],
        remoteMcpUrl: 'https://mcp.example.com/mcp',
      },
    );
    expect(body.tools).toEqual([
      { type: 'function', name: 'weather', description: 'd', parameters: { type: 'object' }, strict: false },
      { type: 'web_search' },
      { type: 'code_interpreter', container: { type: 'auto' } },
      {
        type: 'mcp',
        server_label: 'mcp_example_com',
        server_url: 'https://mcp.example.com/mcp',
        require_approval: 'never',
      },
    ]);
    expect(body).not.toHaveProperty('reasoning');
    expect(body.temperature).toBe(0.3);
    expect(body.top_p).toBe(0.7);
  });

  it('turns a one-off Chat Completions request (a summary) into instructions and input', () => {
    const body = buildResponsesRequest(
      {
        ...chat,
        messages: [
          { role: 'system', content: 'Summarise.' },
          { role: 'user', content: 'text' },
        ],
      },
      undefined,
      stateless,
    );
    expect(body.instructions).toBe('Summarise.');
    expect(body.input).toEqual([{ role: 'user', content: 'text' }]);
  });
});

describe('defaultApiFormat', () => {
  it('is Responses for OpenAI only', () => {
    expect(defaultApiFormat('https://api.openai.com/v1')).toBe('responses');
    expect(defaultApiFormat('https://api.openai.com.evil.example/v1')).toBe('chat');
    expect(defaultApiFormat('http://127.0.0.1:8787/v1')).toBe('chat');
    expect(defaultApiFormat('not a url')).toBe('chat');
  });

  it("follows each preset's own default, however its URL is typed", () => {
    for (const p of KNOWN_PROVIDERS)
      expect(defaultApiFormat(p.baseURL), p.id).toBe(
        p.id === 'openai' ? 'responses' : p.id === 'anthropic' || p.id === 'gemini' ? p.id : 'chat',
      );
    expect(defaultApiFormat('HTTPS://API.OPENAI.COM/v1/')).toBe('responses');
    expect(endpointKey('https://API.openai.com/v1//')).toBe(endpointKey('https://api.openai.com/v1'));
  });
});
