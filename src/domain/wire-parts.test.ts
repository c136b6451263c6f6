import { describe, expect, it } from 'vitest';
import { renameWireCalls } from './wire-parts';

const rename = (id: string) => (id === 'old' ? 'new' : undefined);

describe('renameWireCalls', () => {
  it("renames a Gemini part's functionCall.id and keeps its thoughtSignature on the same part", () => {
    const part = { functionCall: { id: 'old', name: 'f', args: { a: 1 } }, thoughtSignature: 'CiQB+sig/=' };
    const out = renameWireCalls({ format: 'gemini', model: 'gemini-3-pro', parts: [part, { text: 'x' }] }, rename);
    expect(out.parts).toEqual([{ ...part, functionCall: { ...part.functionCall, id: 'new' } }, { text: 'x' }]);
    expect(part.functionCall.id).toBe('old');
  });
  it('leaves calls it does not know, and parts without ids, as they are', () => {
    const parts = [
      { type: 'tool_use', id: 'other', name: 'f', input: {} },
      { type: 'text', text: 'hi', id: 'old' },
    ];
    expect(renameWireCalls({ format: 'anthropic', model: 'm', parts }, rename).parts).toEqual(parts);
    const gemini = [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 's' }];
    expect(renameWireCalls({ format: 'gemini', model: 'm', parts: gemini }, rename).parts).toEqual(gemini);
  });
  it('drops the hash of what the reply answered: it was taken over the old ids, and the copy has new ones', () => {
    const parts = [{ type: 'tool_use', id: 'old', name: 'f', input: {} }];
    const out = renameWireCalls({ format: 'anthropic', model: 'm', parts, prefixHash: 'a'.repeat(64) }, rename);
    expect(out).toEqual({ format: 'anthropic', model: 'm', parts: [{ ...parts[0], id: 'new' }] });
  });
});
