// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CallOutcome } from '../../timeline/model';
import { CALL_OUTCOMES } from '../../timeline/outcome-style';
import { reactTestRoot } from '../testing/react-test-root';
import { TimelineFilter } from './timeline-filter';

function Harness({ hidden = [] }: { hidden?: CallOutcome[] }) {
  const [shown, setShown] = useState<ReadonlySet<CallOutcome>>(
    () => new Set(CALL_OUTCOMES.filter((o) => !hidden.includes(o))),
  );
  return (
    <>
      <TimelineFilter
        outcomes={shown}
        onToggleOutcome={(o) =>
          setShown((prev) => {
            const next = new Set(prev);
            if (!next.delete(o)) next.add(o);
            return next;
          })
        }
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const dom = reactTestRoot();
const button = () => dom.host.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
const panel = () => dom.host.querySelector('fieldset');
const box = (name: string) =>
  [...dom.host.querySelectorAll('label')].find((l) => l.textContent?.trim().endsWith(name))!.querySelector('input')!;

describe('Filter', () => {
  it('says how many outcomes are hidden, and nothing when none is', () => {
    act(() => dom.root.render(<Harness />));
    expect(button().textContent).toBe('Filter');
    act(() => button().click());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(panel()?.querySelector('legend')?.textContent).toBe('Outcome');
    act(() => box('ok').click());
    act(() => box('denied').click());
    expect(button().textContent).toBe('Filter (2 hidden)');
    act(() => box('ok').click());
    expect(button().textContent).toBe('Filter (1 hidden)');
  });

  it('opens already counting what was hidden before', () => {
    act(() => dom.root.render(<Harness hidden={['error', 'timeout', 'running']} />));
    expect(button().textContent).toBe('Filter (3 hidden)');
    expect(panel()).toBeNull();
  });

  it('Esc closes it and gives the cursor back to the button', () => {
    act(() => dom.root.render(<Harness />));
    act(() => button().click());
    box('ok').focus();
    act(() => {
      box('ok').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('a press outside or the cursor moving on closes it; a press inside does not', () => {
    act(() => dom.root.render(<Harness />));
    act(() => button().click());
    act(() => {
      box('ok').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(panel()).not.toBeNull();
    const elsewhere = [...dom.host.querySelectorAll('button')].find((b) => b.textContent === 'Elsewhere')!;
    act(() => {
      elsewhere.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    expect(panel()).toBeNull();

    act(() => button().click());
    box('running').focus();
    act(() => elsewhere.focus());
    expect(panel()).toBeNull();
  });
});
