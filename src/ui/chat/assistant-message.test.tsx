// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import type { AssistantMessage } from '../../domain/messages';
import { AssistantMessageView } from './assistant-message';

const answer = (over: Partial<AssistantMessage> = {}): AssistantMessage => ({
  id: 'm1',
  createdAt: 0,
  role: 'assistant',
  content: '',
  reasoning: '',
  refusal: null,
  toolCalls: [],
  status: 'complete',
  runId: 'r1',
  turn: 1,
  ...over,
});

const dom = reactTestRoot();

/** The role line as a screen reader reads it: its text content, which keeps no margin between spans. */
function roleLine(message: AssistantMessage): string {
  act(() =>
    dom.root.render(
      <AssistantMessageView sessionId="s1" message={message} toolResults={new Map()} toolRecords={new Map()} />,
    ),
  );
  return dom.host.querySelector('.message-role')?.textContent ?? '';
}

describe('the role line of an answer', () => {
  it('is the role alone when nothing is flagged', () => {
    expect(roleLine(answer())).toBe('Assistant');
  });

  it('keeps "edited" a word of its own', () => {
    expect(roleLine(answer({ edits: [{ kind: 'request', original: '{}', sent: '{"a":1}' }] }))).toBe(
      'Assistant · edited',
    );
  });

  it('keeps a status flag and "edited" apart', () => {
    expect(roleLine(answer({ status: 'cancelled', edits: [{ kind: 'request', original: '{}', sent: '{}' }] }))).toBe(
      'Assistant · Stopped · edited',
    );
  });

  it('says nothing of an argument edit on the role line (the tool row says it)', () => {
    expect(roleLine(answer({ edits: [{ kind: 'arguments', callId: 'c1', original: '{}' }] }))).toBe('Assistant');
  });
});
