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

function renderFailed(content: string, changes: Partial<ToolMessage> = {}, argsEdited = false) {
  act(() =>
    dom.root.render(
      <ToolCallCard
        sessionId="s1"
        callId="c1"
        name="get_weather"
        arguments='{"city":"Paris"}'
        result={{ ...failed, content, ...changes }}
        argsEdited={argsEdited}
      />,
    ),
  );
}

describe('the head of a tool card that does not fold', () => {
  it('reads its name, status and flags as separate words (textContent keeps no margin)', () => {
    renderFailed('no such city', {}, true);
    const head = dom.host.querySelector('.tool-card-head');
    expect(head?.querySelector('.tool-card-toggle')).toBeNull();
    // The words before the head's own actions ("Show in timeline", "More call actions"), which are named apart.
    const words = [...(head?.childNodes ?? [])]
      .filter((n) => !(n instanceof HTMLElement && n.classList.contains('tool-card-actions')))
      .map((n) => n.textContent)
      .join('');
    expect(words).toBe('get_weather · error · edited');
  });
});

const LONG_ERROR = [
  'Error: the forecast service refused the request',
  '    at fetchForecast (tool.js:12)',
  '    at run (tool.js:40)',
].join('\n');

const button = (name: string) =>
  [...dom.host.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);

describe('a failed call at rest', () => {
  it('shows its error as one line with a button that opens the whole of it', () => {
    renderFailed(LONG_ERROR);
    const line = dom.host.querySelector('.tool-error-line');
    // The whole text is in the page (a screen reader reads all of it); the line only cuts what is drawn.
    expect(line?.querySelector('pre[aria-label="Result"]')?.textContent).toBe(LONG_ERROR);
    const open = button(`Show all (${LONG_ERROR.length} characters)`);
    expect(open?.getAttribute('aria-expanded')).toBe('false');
    act(() => open?.click());
    expect(dom.host.querySelector('.tool-error-line')).toBeNull();
    expect(dom.host.querySelector('[aria-label="Result"]')?.textContent).toBe(LONG_ERROR);
    expect(button('Show less')?.getAttribute('aria-expanded')).toBe('true');
  });

  it('keeps "Remember" among its actions, behind "More call actions", not under the result', () => {
    renderFailed(LONG_ERROR);
    expect(button('Remember result of get_weather')).toBeUndefined();
    const more = button('More call actions');
    expect(more?.getAttribute('aria-expanded')).toBe('false');
    const group = dom.host.querySelector('[role="group"][aria-label="Call actions"]');
    expect(more?.getAttribute('aria-controls')).toBe(group?.id);
    expect(group?.hasAttribute('hidden')).toBe(true);
    act(() => more?.click());
    expect(more?.getAttribute('aria-expanded')).toBe('true');
    expect(group?.hasAttribute('hidden')).toBe(false);
    expect(group?.contains(button('Remember result of get_weather') ?? null)).toBe(true);
    expect(dom.host.querySelector('.tool-card-result')?.querySelector('button[aria-label^="Remember"]')).toBeNull();
  });
});

describe('a denied call', () => {
  it('keeps its actions ("Request and response" may hold its traffic) but offers no "Remember" of a refusal', () => {
    renderFailed('Denied by user', { isError: true, outcome: 'denied' });
    const more = button('More call actions');
    expect(more).toBeDefined();
    act(() => more?.click());
    expect(dom.host.querySelector('[role="group"][aria-label="Call actions"]')?.hasAttribute('hidden')).toBe(false);
    expect(button('Remember result of get_weather')).toBeUndefined();
  });
});
