import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { ChatMessage } from '../domain/messages';
import { buildRequest, toWireMessages, toWireTools } from './to-wire';

const base = { createdAt: 0, runId: 'r', turn: 1 };

describe('toWireMessages', () => {
  it('maps every role and puts the system prompt first', () => {
    const history: ChatMessage[] = [
      { id: 's', createdAt: 0, role: 'system', content: 'summary of earlier talk', summaryOf: ['x'] },
      { id: 'u', createdAt: 0, role: 'user', content: 'hi' },
      {
        ...base,
        id: 'a',
        role: 'assistant',
        content: 'calling',
        reasoning: 'secret thoughts',
        refusal: null,
        toolCalls: [{ id: 'c', name: 'f', arguments: '{"a":1}' }],
        status: 'complete',
      },
      { ...base, id: 't', role: 'tool', toolCallId: 'c', name: 'f', content: '42', isError: false, outcome: 'ok' },
    ];
    expect(toWireMessages(history, 'You are terse.')).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'system', content: 'summary of earlier talk' },
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: 'calling',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
      },
      { role: 'tool', tool_call_id: 'c', content: '42' },
    ]);
  });

  it("sends a user message with images as text and image_url parts, and tool images in one user message after the turn's results", () => {
    const png = { mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    const history: ChatMessage[] = [
      { id: 'u', createdAt: 0, role: 'user', content: 'Look', images: [{ ...png, label: 'logo.png from pics' }] },
      {
        ...base,
        id: 'a',
        role: 'assistant',
        content: '',
        reasoning: '',
        refusal: null,
        status: 'complete',
        toolCalls: [
          { id: 'c1', name: 'snap', arguments: '{}' },
          { id: 'c2', name: 'f', arguments: '{}' },
        ],
      },
      {
        ...base,
        id: 't1',
        role: 'tool',
        toolCallId: 'c1',
        name: 'snap',
        content: 'Here. [image image/png, 8 bytes: attached as image 1]',
        isError: false,
        outcome: 'ok',
        images: [{ ...png, label: 'snap (image 1)' }],
      },
      { ...base, id: 't2', role: 'tool', toolCallId: 'c2', name: 'f', content: '42', isError: false, outcome: 'ok' },
      {
        ...base,
        id: 'b',
        role: 'assistant',
        content: 'Done.',
        reasoning: '',
        refusal: null,
        status: 'complete',
        toolCalls: [],
      },
    ];
    const url = 'data:image/png;base64,iVBORw0KGgo=';
    expect(toWireMessages(history)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'snap', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'f', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Here. [image image/png, 8 bytes: attached as image 1]' },
      { role: 'tool', tool_call_id: 'c2', content: '42' },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The image below is output of the tool call c1 (snap), sent here because a tool message cannot carry images.',
          },
          { type: 'image_url', image_url: { url } },
        ],
      },
      { role: 'assistant', content: 'Done.' },
    ]);
  });

  it('puts the images of the last results at the end when nothing follows them yet', () => {
    const history: ChatMessage[] = [
      {
        ...base,
        id: 'a',
        role: 'assistant',
        content: '',
        reasoning: '',
        refusal: null,
        status: 'complete',
        toolCalls: [{ id: 'c1', name: 'snap', arguments: '{}' }],
      },
      {
        ...base,
        id: 't1',
        role: 'tool',
        toolCallId: 'c1',
        name: 'snap',
        content: 'two',
        isError: false,
        outcome: 'ok',
        images: [
          { mimeType: 'image/png', data: 'AA==', label: 'a' },
          { mimeType: 'image/jpeg', data: 'BB==', label: 'b' },
        ],
      },
    ];
    const wire = toWireMessages(history);
    expect(wire).toHaveLength(3);
    // An export adds no message the history does not have (the export names the images it leaves out).
    expect(toWireMessages(history, undefined, 'export').map((m) => m.role)).toEqual(['assistant', 'tool']);
    expect(wire[2]).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'The 2 images below are output of the tool call c1 (snap), sent here because a tool message cannot carry images.',
        },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } },
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,BB==' } },
      ],
    });
  });

  it('skips an assistant message with nothing to say and sends a refusal as text', () => {
    const empty: ChatMessage = {
      ...base,
      id: 'a',
      role: 'assistant',
      content: '',
      reasoning: 'only thinking',
      refusal: null,
      toolCalls: [],
      status: 'cancelled',
    };
    const refusal: ChatMessage = {
      ...base,
      id: 'b',
      role: 'assistant',
      content: '',
      reasoning: '',
      refusal: 'No.',
      toolCalls: [],
      status: 'complete',
    };
    expect(toWireMessages([empty, refusal])).toEqual([{ role: 'assistant', content: 'No.' }]);
  });
});

describe('buildRequest', () => {
  it('streams with usage, omits tools when there are none and temperature when unset', () => {
    const req = buildRequest({ ...DEFAULT_CONFIG, model: 'm' }, [{ role: 'user', content: 'x' }], []);
    expect(req).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
      stream_options: { include_usage: true },
    });
  });
  it('includes tools as function tools', () => {
    const tools = toWireTools([{ name: 'f', description: 'd', parameters: { type: 'object' } }]);
    const req = buildRequest({ ...DEFAULT_CONFIG, model: 'm', temperature: 0 }, [], tools);
    expect(req.tools).toEqual([
      { type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object' } } },
    ]);
    expect(req.temperature).toBe(0);
  });
  it('sends top_p only when the session sets it', () => {
    expect(buildRequest({ ...DEFAULT_CONFIG, model: 'm', topP: 0.25 }, [], []).top_p).toBe(0.25);
    expect(buildRequest({ ...DEFAULT_CONFIG, model: 'm' }, [], [])).not.toHaveProperty('top_p');
  });
});
