import { describe, expect, it } from 'vitest';
import { approvalText } from './approval-text';

describe('approvalText', () => {
  it('names who let the call run', () => {
    expect(approvalText({ approval: null })).toBe('no approval needed');
    expect(approvalText({ approval: { start: 0, end: null, decision: null, by: null } })).toBe('waiting for an answer');
    expect(approvalText({ approval: { start: 0, end: 5, decision: 'approved', by: null } })).toBe('approved by you');
    expect(approvalText({ approval: { start: 0, end: 5, decision: 'edited', by: null } })).toBe('edited by you');
    expect(
      approvalText({
        approval: {
          start: 0,
          end: 1,
          decision: 'approved',
          by: 'rule “f: always allowed when url starts with “https://a/””',
        },
      }),
    ).toBe('approved by rule “f: always allowed when url starts with “https://a/””');
    expect(
      approvalText({
        approval: { start: 0, end: 1, decision: 'denied', by: 'standing answer “f: denied in one session”' },
      }),
    ).toBe('denied by standing answer “f: denied in one session”');
  });
});
