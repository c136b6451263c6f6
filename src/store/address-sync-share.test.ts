import { afterEach, describe, expect, it } from 'vitest';
import { startAddressSync, type AddressWindow } from './address-sync';
import { useUiStore } from './ui-store';

const KEY = 'k'.repeat(43);
const SHARE = `#share=1.i.${KEY}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

function fakeWindow(hash: string) {
  const listeners = new Map<string, Set<() => void>>();
  const writes: string[] = [];
  const win = {
    location: { hash },
    history: {
      pushState: (_: unknown, __: string, h?: string | URL | null) => {
        writes.push(`push ${String(h)}`);
        win.location.hash = String(h);
      },
      replaceState: (_: unknown, __: string, h?: string | URL | null) => {
        writes.push(`replace ${String(h)}`);
        win.location.hash = String(h);
      },
    },
    addEventListener: (type: string, fn: () => void) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(fn),
    removeEventListener: (type: string, fn: () => void) => void listeners.get(type)?.delete(fn),
    fire: (type: string) => listeners.get(type)?.forEach((fn) => fn()),
  };
  return { win: win as unknown as AddressWindow & { fire: (t: string) => void; location: { hash: string } }, writes };
}

const settle = () => new Promise<void>((r) => setTimeout(r, 0));
let stop: (() => void) | null = null;

afterEach(() => {
  stop?.();
  stop = null;
  useUiStore.setState({ currentSessionId: null, overlay: null, tab: 'chat' });
});

describe('a share link in the address', () => {
  it('opens the shared view, leaves the address alone and keeps no part of the fragment in the UI state', async () => {
    const { win, writes } = fakeWindow(SHARE);
    stop = startAddressSync(win, async () => true);
    await settle();
    expect(useUiStore.getState().overlay).toEqual({ kind: 'shared', opened: expect.any(Number) as number });
    expect(win.location.hash).toBe(SHARE);
    expect(writes).toEqual([]);
    expect(JSON.stringify(useUiStore.getState())).not.toContain(KEY);
  });

  it('moving on pushes the new place; Back to the link opens it once (popstate and hashchange both fire)', async () => {
    const { win, writes } = fakeWindow(SHARE);
    stop = startAddressSync(win, async () => true);
    useUiStore.getState().selectSession('s1');
    await settle();
    expect(writes).toEqual(['push #/s/s1']);
    win.location.hash = SHARE;
    win.fire('popstate');
    const opened = useUiStore.getState().overlay;
    win.fire('hashchange');
    expect(opened?.kind).toBe('shared');
    expect(useUiStore.getState().overlay).toBe(opened);
    await settle();
    expect(writes).toEqual(['push #/s/s1']);
  });

  it('an address that only looks alike is not a share link', async () => {
    const { win } = fakeWindow('#shared=1');
    stop = startAddressSync(win, async () => true);
    await settle();
    expect(useUiStore.getState().overlay).toEqual({ kind: 'unknown', hash: 'shared=1' });
  });
});
