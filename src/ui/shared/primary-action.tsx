import {
  createContext,
  startTransition,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * One primary action per view (architecture.md, "Visual system"): in the chat, Send is the primary unless a card
 * asks for a decision (an approval, a limit reached, the welcome, an edit, ...); then that card's main button is, and
 * Send is drawn as a secondary button. Cards claim the primary while they are shown; the first claim still shown
 * holds it, so two cards at once still draw one primary.
 */
type PrimaryClaims = { holder: string | null; claim: (id: string) => () => void };

const PrimaryContext = createContext<PrimaryClaims | null>(null);

export function PrimaryActionScope({ children }: { children: ReactNode }) {
  const [claims, setClaims] = useState<readonly string[]>([]);
  // Claims land as a transition: an update made in a layout effect is synchronous, and React then renders it and
  // runs every passive effect of the tree inside the commit's task — the whole shell's on the first mount, one long
  // task at start-up (speed-and-tests.md, "Start-up"). Until a claim lands the card is drawn secondary, so two
  // primaries are still never drawn together.
  const claim = useCallback((id: string) => {
    startTransition(() => setClaims((c) => [...c, id]));
    return () => startTransition(() => setClaims((c) => c.filter((x) => x !== id)));
  }, []);
  const value = useMemo(() => ({ holder: claims[0] ?? null, claim }), [claims, claim]);
  return <PrimaryContext value={value}>{children}</PrimaryContext>;
}

/**
 * A card's claim: true while this card's main button is the view's primary. `active` false (the card shown without
 * a decision to ask) claims nothing. Outside a scope (a dialog) the caller's view is its own, so it holds it.
 */
export function usePrimaryClaim(active = true): boolean {
  const scope = use(PrimaryContext);
  const id = useId();
  const claim = scope?.claim;
  // A layout effect, so the claim is made before paint (it lands with the next transition; see the scope).
  useLayoutEffect(() => (active && claim ? claim(id) : undefined), [active, claim, id]);
  return scope === null || (active && scope.holder === id);
}

/** Send's weight: primary only when no card in the view holds the primary. */
export function useSendIsPrimary(): boolean {
  const scope = use(PrimaryContext);
  return scope === null || scope.holder === null;
}

/** The class of a button that is its view's primary when `primary`, secondary otherwise. */
export const primaryClass = (primary: boolean): string | undefined => (primary ? 'primary' : undefined);
