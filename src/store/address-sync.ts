import { db } from '../db/database';
import { getSession } from '../db/sessions-repo';
import {
  formatAddress,
  parseAddress,
  type AddressParams,
  type AddressView,
  type AppAddress,
} from '../domain/app-address';
import { isShareFragment } from '../domain/share-fragment';
import { sessionStored } from './session/session-actions';
import { useUiStore, type AppTab, type UiState } from './ui-store';

/**
 * Binds the address scheme (domain/app-address.ts) to the page: the UI state writes the hash, and the hash (a
 * reload, Back/Forward, a pasted or clicked link) sets the UI state. See architecture.md, "Addresses".
 *
 * Moving to another session, view or screen is a new history entry; choosing another tool call on the same
 * timeline only rewrites the current one, so Back goes to the previous place rather than the previous click.
 */

/** Where the UI is now, as an address; `params` are carried over from the address that led here. */
function addressOfState(
  s: Pick<UiState, 'currentSessionId' | 'tab' | 'overlay' | 'timelineFocus' | 'timelineSelection'>,
  params: AddressParams = [],
): AppAddress {
  const view: AddressView = s.tab;
  const o = s.overlay;
  if (o?.kind === 'unknown') return { kind: 'unknown', hash: o.hash };
  if (o?.kind === 'compare') return { kind: 'compare', a: o.a, b: o.a === null ? null : o.b, params };
  if (o?.kind === 'missing') return { kind: 'session', sessionId: o.sessionId, view, callId: null, params };
  const id = s.currentSessionId;
  if (id === null) return { kind: 'home', view, params };
  // A call asked for (a link not yet honoured because the timeline is still loading) counts as selected.
  const pending = s.timelineFocus?.sessionId === id ? s.timelineFocus.callId : null;
  const chosen = s.timelineSelection?.sessionId === id ? s.timelineSelection.callId : null;
  const callId = view === 'timeline' ? (pending ?? chosen) : null;
  return { kind: 'session', sessionId: id, view, callId, params };
}

/** The same place apart from the selected call (and parameters): moving there rewrites the current entry. */
function samePlace(a: AppAddress, b: AppAddress): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'session' && b.kind === 'session') return a.sessionId === b.sessionId && a.view === b.view;
  return false;
}

/** Parameters belong to where they were given: they survive while the place (session or screen) stays. */
function sameOwner(a: AppAddress, b: AppAddress): boolean {
  if (a.kind === 'session' && b.kind === 'session') return a.sessionId === b.sessionId;
  return a.kind === b.kind && a.kind !== 'session';
}

export type AddressWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'hash'>;
  history: Pick<History, 'pushState' | 'replaceState'>;
};

/** Whether a session exists (or is this tab's new one, still being written). */
type SessionExists = (sessionId: string) => Promise<boolean>;

const storedSessionExists: SessionExists = async (id) =>
  (await sessionStored(id)) && (await getSession(db, id)) !== undefined;

/**
 * Starts the binding: applies the page's address now, then keeps both sides in step. Returns a function that
 * stops it (for tests). Only one binding per page.
 */
export function startAddressSync(win: AddressWindow = window, exists: SessionExists = storedSessionExists): () => void {
  const ui = useUiStore;
  let applying = false;
  let params: AddressParams = [];
  /** Bumped by every address applied, so a slow existence check for an older one is dropped. */
  let generation = 0;

  // The share fragment last opened: Back/Forward fire both popstate and hashchange, and one link opens once.
  // Kept in this closure only; it never enters the UI state (architecture.md, "Share links").
  let openedShare: string | null = null;
  let sharesOpened = 0;
  const openShared = () => {
    if (openedShare === win.location.hash && ui.getState().overlay?.kind === 'shared') return;
    openedShare = win.location.hash;
    generation++;
    applying = true;
    try {
      ui.getState().openOverlay({ kind: 'shared', opened: ++sharesOpened });
    } finally {
      applying = false;
    }
  };

  const write = (mode: 'push' | 'replace') => {
    // A share link's address is the link itself: left as it is while the shared session shows.
    if (ui.getState().overlay?.kind === 'shared') return;
    const here = parseAddress(win.location.hash);
    const draft = addressOfState(ui.getState());
    const next = addressOfState(ui.getState(), sameOwner(here, draft) ? params : []);
    const hash = formatAddress(next);
    if (hash === formatAddress(here) && win.location.hash !== '') return;
    if (mode === 'push' && !samePlace(here, next) && win.location.hash !== '') win.history.pushState(null, '', hash);
    else win.history.replaceState(null, '', hash);
    params = next.kind === 'unknown' ? [] : next.params;
  };

  const apply = (address: AppAddress) => {
    const gen = ++generation;
    params = address.kind === 'unknown' ? [] : address.params;
    applying = true;
    try {
      const s = ui.getState();
      switch (address.kind) {
        case 'unknown':
          s.openOverlay({ kind: 'unknown', hash: address.hash });
          break;
        case 'compare':
          s.openOverlay({ kind: 'compare', a: address.a, b: address.b });
          break;
        case 'home':
          s.selectSession(null);
          s.setTab(address.view as AppTab);
          break;
        case 'session':
          if (address.callId !== null) s.showInTimeline(address.sessionId, address.callId);
          else {
            s.selectSession(address.sessionId);
            s.setTab(address.view as AppTab);
          }
          break;
      }
    } finally {
      applying = false;
    }
    write('replace');
    if (address.kind !== 'session') return;
    const id = address.sessionId;
    void exists(id).then(
      (ok) => {
        if (ok || gen !== generation || ui.getState().currentSessionId !== id) return;
        applying = true;
        try {
          ui.getState().openOverlay({ kind: 'missing', sessionId: id });
        } finally {
          applying = false;
        }
        write('replace');
      },
      () => undefined,
    );
  };

  // Back/Forward fire both popstate and hashchange; the second finds the state already there.
  const onNavigate = () => {
    if (isShareFragment(win.location.hash)) return openShared();
    openedShare = null;
    const address = parseAddress(win.location.hash);
    if (formatAddress(address) === formatAddress(addressOfState(ui.getState(), params))) return;
    apply(address);
  };

  // One click may change several fields (a new session also shows the chat): they make one history entry.
  let scheduled = false;
  const unsubscribe = ui.subscribe((s, prev) => {
    if (applying || scheduled) return;
    if (
      s.currentSessionId === prev.currentSessionId &&
      s.tab === prev.tab &&
      s.overlay === prev.overlay &&
      s.timelineFocus === prev.timelineFocus &&
      s.timelineSelection === prev.timelineSelection
    )
      return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      write('push');
    });
  });
  win.addEventListener('hashchange', onNavigate);
  win.addEventListener('popstate', onNavigate);
  if (isShareFragment(win.location.hash)) openShared();
  else apply(parseAddress(win.location.hash));
  return () => {
    unsubscribe();
    win.removeEventListener('hashchange', onNavigate);
    win.removeEventListener('popstate', onNavigate);
  };
}
