import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/messages';
import { approvalAnnouncement, firstWords, runEndAnnouncement } from './announcements';

const assistant = (content: string): ChatMessage =>
  ({ id: `m-${content.length}`, role: 'assistant', content, createdAt: 0 }) as ChatMessage;
const user = (content: string): ChatMessage => ({ id: 'u', role: 'user', content, createdAt: 0 }) as ChatMessage;

describe('chat announcements', () => {
  it('announce the finished answer by its first words, not the whole text', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const said = runEndAnnouncement('complete', [user('hi'), assistant('tool talk'), assistant(long)]);
    expect(said).toBe('Answer finished: w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11…');
  });

  it('skip empty assistant messages (tool-call turns) to find the answer', () => {
    expect(runEndAnnouncement('complete', [assistant('The answer.'), assistant('  ')])).toBe(
      'Answer finished: The answer.',
    );
    expect(runEndAnnouncement('complete', [user('hi')])).toBe('Run finished.');
  });

  it('say a stopped, failed or limited run in words', () => {
    expect(runEndAnnouncement('cancelled', [assistant('partial')])).toBe('Run stopped.');
    expect(runEndAnnouncement('error', [])).toMatch(/^The run failed/);
    expect(runEndAnnouncement('max_turns', [])).toMatch(/turn limit/);
    expect(runEndAnnouncement('max_tool_calls', [])).toMatch(/tool call limit/);
    expect(runEndAnnouncement('length', [assistant('cut here')])).toBe('Answer cut at the length limit: cut here');
  });

  it('name the tool and what it wants for an approval', () => {
    expect(approvalAnnouncement('fetch_url', '{"url":"https://example.com/a"}')).toBe(
      'fetch_url wants to run with url: https://example.com/a. Approve or deny it below.',
    );
    expect(approvalAnnouncement('current_time', '{}')).toBe('current_time wants to run. Approve or deny it below.');
  });

  it('say at most a sentence of an answer that is one megabyte-long word', () => {
    const blob = 'x'.repeat(1 << 20);
    expect(runEndAnnouncement('complete', [assistant(blob)])).toBe(`Answer finished: ${'x'.repeat(160)}…`);
    expect(firstWords(`short ${'y'.repeat(1000)}`)).toBe(`short ${'y'.repeat(154)}…`);
  });

  it('keep short texts whole', () => {
    expect(firstWords('  two   words ')).toBe('two words');
  });
});
