import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../agent/model-client';
import { demoTurn } from './demo-script';

const tools: ModelRequest['tools'] = ['js_eval', 'current_time', 'fetch_url'].map((name) => ({
  type: 'function',
  function: { name, parameters: { type: 'object' } },
}));
const request = (messages: ModelRequest['messages']): ModelRequest => ({
  model: 'toolscope-demo',
  stream: true,
  tools,
  messages,
});

describe('the demo script', () => {
  it('gives the same answer to the same request', () => {
    const r = request([{ role: 'user', content: 'what is 6 * 7' }]);
    expect(demoTurn(r)).toEqual(demoTurn(structuredClone(r)));
  });

  it('answers from results even when the images a tool returned follow them, and calls nothing again', () => {
    const turn = demoTurn(
      request([
        { role: 'user', content: 'what is 6 * 7' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'js_eval', arguments: '{"expression":"6 * 7"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '42' },
        { role: 'user', content: [{ type: 'text', text: 'The image below is output of the tool call c1 (js_eval)…' }] },
      ]),
    );
    expect(turn.call).toBeNull();
    expect(turn.text).toContain('**6 * 7 = 42**');
  });

  it('reads a denial from the history the loop passes, whatever the result text says', () => {
    const messages: ModelRequest['messages'] = [
      { role: 'user', content: 'fetch https://example.com' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'fetch_url', arguments: '{"url":"https://example.com"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Not today' },
    ];
    const history = [
      {
        id: 't',
        createdAt: 0,
        role: 'tool' as const,
        toolCallId: 'c1',
        name: 'fetch_url',
        content: 'Not today',
        isError: true,
        outcome: 'denied' as const,
        runId: 'r',
        turn: 1,
      },
    ];
    expect(demoTurn(request(messages), { messages: history, tools: [] }).text).toContain(
      'so I did not fetch https://example.com',
    );
  });

  it('writes a short summary when compaction asks for one', () => {
    const turn = demoTurn({
      model: 'toolscope-demo',
      stream: true,
      messages: [
        { role: 'system', content: 'You compress conversations. Summarise…' },
        { role: 'user', content: 'user: what is 6 * 7' },
      ],
    });
    expect(turn).toEqual({ text: expect.stringContaining('Summary written by the demo model'), call: null });
  });
});
