import { describe, expect, it } from 'vitest';
import { storedOutcome } from './app-restore';

const sent = {
  dir: 'sent' as const,
  t: 0,
  json: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"show_board"}}',
};
const answer = (result: unknown) => ({
  dir: 'received' as const,
  t: 5,
  json: JSON.stringify({ jsonrpc: '2.0', id: 1, result }),
});

describe('a View after a reload gets the result the call stored', () => {
  it('takes content blocks and structured content from the stored JSON-RPC response', () => {
    const o = storedOutcome('board for beta', false, [
      sent,
      answer({
        content: [{ type: 'text', text: 'board for beta' }, { type: 'bogus' }],
        structuredContent: { cards: 3 },
      }),
    ]);
    expect(o).toEqual({
      outcome: 'ok',
      content: 'board for beta',
      blocks: [{ type: 'text', text: 'board for beta' }],
      structured: { value: { cards: 3 }, issues: [] },
      logs: [],
    });
  });

  it('falls back to the text result when the response was cut (not JSON) or absent, and keeps the error flag', () => {
    const cut = {
      dir: 'received' as const,
      t: 5,
      json: '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"abc',
    };
    expect(storedOutcome('text only', true, [sent, cut])).toEqual({
      outcome: 'error',
      content: 'text only',
      blocks: [],
      logs: [],
    });
    expect(storedOutcome('text only', false, [])).toEqual({
      outcome: 'ok',
      content: 'text only',
      blocks: [],
      logs: [],
    });
  });
});
