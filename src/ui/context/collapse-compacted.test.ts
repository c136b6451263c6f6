import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/messages';
import { collapseCompacted } from './collapse-compacted';

const u = (id: string): ChatMessage => ({ id, createdAt: 0, role: 'user', content: id });
const s = (id: string, covers: string[]): ChatMessage => ({
  id,
  createdAt: 0,
  role: 'system',
  content: id,
  summaryOf: covers,
});
const rows = (ms: ChatMessage[]) => ms.map((m) => ({ kind: 'message', key: m.id, message: m }));
const keys = (rs: { key: string }[]) => rs.map((r) => r.key);

describe('collapseCompacted', () => {
  it('leaves a history without summaries alone', () => {
    expect(keys(collapseCompacted(rows([u('a'), u('b')])))).toEqual(['a', 'b']);
  });
  it('folds covered messages into their summary, shown where the first of them was', () => {
    const r = collapseCompacted(rows([u('a'), u('b'), u('c'), u('d'), s('S', ['a', 'b'])]));
    expect(keys(r)).toEqual(['S', 'c', 'd']);
  });
  it('folds an older summary into the newer one that covers it', () => {
    const r = collapseCompacted(rows([u('a'), u('b'), u('c'), s('S1', ['a', 'b']), u('d'), s('S2', ['S1', 'c'])]));
    expect(keys(r)).toEqual(['S2', 'd']);
  });
  it('keeps rows without a message (the streaming row) in place', () => {
    const r = collapseCompacted([...rows([u('a'), u('b'), s('S', ['a'])]), { kind: 'streaming', key: 'live' }]);
    expect(keys(r)).toEqual(['S', 'b', 'live']);
  });
});
