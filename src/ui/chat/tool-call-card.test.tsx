// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import type { ToolMessage } from '../../domain/messages';
import { ToolCallCard } from './tool-call-card';

const dom = reactTestRoot();

const failed: ToolMessage = {
  id: 't1',
  createdAt: 0,
  role: 'tool',
  toolCallId: 'c1',
  name: 'get_weather',
  content: 'no such city',
  isError: true,
  outcome: 'error',
  runId: 'r1',
  turn: 1,
};

describe('the head of a tool card that does not fold', () => {
  it('reads its name, status and flags as separate words (textContent keeps no margin)', () => {
    act(() =>
      dom.root.render(
        <ToolCallCard
          sessionId="s1"
          callId="c1"
          name="get_weather"
          arguments='{"city":"Paris"}'
          result={failed}
          argsEdited
        />,
      ),
    );
    const head = dom.host.querySelector('.tool-card-head');
    expect(head?.querySelector('.tool-card-toggle')).toBeNull();
    // The words before the head's own buttons ("Show in timeline"), which are named apart.
    const words = [...(head?.childNodes ?? [])]
      .filter((n) => n.nodeName !== 'BUTTON')
      .map((n) => n.textContent)
      .join('');
    expect(words).toBe('get_weather · error · edited');
  });
});
