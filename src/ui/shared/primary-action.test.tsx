// @vitest-environment jsdom
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import { PrimaryActionScope, primaryClass, usePrimaryClaim, useSendIsPrimary } from './primary-action';

function Card({ name, active = true }: { name: string; active?: boolean }) {
  const primary = usePrimaryClaim(active);
  return (
    <button type="button" className={primaryClass(primary)}>
      {name}
    </button>
  );
}

function Send() {
  return (
    <button type="button" className={primaryClass(useSendIsPrimary())}>
      Send
    </button>
  );
}

/** A chat view: cards shown by the test's switches, and Send. */
let show: (cards: { name: string; active?: boolean }[]) => void = () => undefined;
function View({ initial }: { initial: { name: string; active?: boolean }[] }) {
  const [cards, setCards] = useState(initial);
  show = setCards;
  return (
    <PrimaryActionScope>
      {cards.map((c) => (
        <Card key={c.name} {...c} />
      ))}
      <Send />
    </PrimaryActionScope>
  );
}

const dom = reactTestRoot();

/** The names of the buttons drawn primary. */
const primaries = () => [...dom.host.querySelectorAll('button.primary')].map((b) => b.textContent);

describe('one primary action per view', () => {
  it('is Send while no card asks for a decision', () => {
    act(() => dom.root.render(<View initial={[]} />));
    expect(primaries()).toEqual(['Send']);
  });

  it('is the first card still shown; Send is secondary meanwhile, and gets it back when the cards go', () => {
    act(() => dom.root.render(<View initial={[{ name: 'Approve' }, { name: 'Continue' }]} />));
    expect(primaries()).toEqual(['Approve']);
    act(() => show([{ name: 'Continue' }]));
    expect(primaries()).toEqual(['Continue']);
    act(() => show([{ name: 'Continue' }, { name: 'Approve' }]));
    expect(primaries()).toEqual(['Continue']);
    act(() => show([]));
    expect(primaries()).toEqual(['Send']);
  });

  it('a card shown without a decision to ask claims nothing', () => {
    act(() => dom.root.render(<View initial={[{ name: 'Idle card', active: false }]} />));
    expect(primaries()).toEqual(['Send']);
    act(() => show([{ name: 'Idle card', active: true }]));
    expect(primaries()).toEqual(['Idle card']);
  });

  it('outside a scope (a dialog) a card holds its own primary', () => {
    act(() => dom.root.render(<Card name="Save" />));
    expect(primaries()).toEqual(['Save']);
  });
});
