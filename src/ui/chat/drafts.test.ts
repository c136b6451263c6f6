import { describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from './drafts';

describe('drafts', () => {
  it('keeps unsent text per session and forgets it once emptied', () => {
    writeDraft('s1', 'half a thought');
    writeDraft('s2', 'another');
    expect(readDraft('s1')).toBe('half a thought');
    expect(readDraft('s2')).toBe('another');
    writeDraft('s1', '');
    expect(readDraft('s1')).toBe('');
    expect(readDraft('unknown')).toBe('');
  });
});
