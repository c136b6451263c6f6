/**
 * Signing in while a run is in progress in this tab: leaving the page would lose the run, so the authorization
 * page opens in a popup instead, and the callback page in that popup posts the address it came back to to this
 * tab (same origin only) and closes (architecture.md, "MCP sign-in").
 */
import { isLiveStatus } from '../../../domain/session';
import { useRunStore } from '../../run/run-store';

export const SIGN_IN_MESSAGE = 'toolscope-mcp-sign-in';

/** Refusal when the browser blocks the popup: the run is kept, the person chooses. */
export const POPUP_BLOCKED =
  'A run is in progress in this tab, and the browser blocked the sign-in window. Allow pop-ups ' +
  'for this page and use Sign in again, or sign in when the run has finished.';

export function runInProgress(): boolean {
  return Object.values(useRunStore.getState().runs).some((run) => isLiveStatus(run.status));
}

type PopupWindow = Pick<Window, 'closed'>;
export type PopupHost = {
  open(url: string): PopupWindow | null;
  origin: string;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

export const browserPopupHost = (): PopupHost => ({
  open: (url) => window.open(url, 'toolscope-sign-in', 'popup,width=520,height=720'),
  origin: window.location.origin,
  addEventListener: (type, listener) => window.addEventListener(type, listener),
  removeEventListener: (type, listener) => window.removeEventListener(type, listener),
});

/**
 * Opens `authorizationUrl` in a popup and hands each callback address it posts back to `onCallback`; false when the
 * browser refused to open it. Messages from another origin or another window are ignored.
 */
export function openSignInPopup(
  authorizationUrl: string,
  host: PopupHost,
  onCallback: (callbackUrl: string) => void,
): boolean {
  const popup = host.open(authorizationUrl);
  if (popup === null) return false;
  const listener = (event: MessageEvent) => {
    if (event.origin !== host.origin || event.source !== popup) return;
    const data: unknown = event.data;
    if (
      typeof data !== 'object' ||
      data === null ||
      !('type' in data) ||
      data.type !== SIGN_IN_MESSAGE ||
      !('href' in data) ||
      typeof data.href !== 'string'
    )
      return;
    if (new URL(data.href).origin !== host.origin) return;
    host.removeEventListener('message', listener);
    onCallback(data.href);
  };
  host.addEventListener('message', listener);
  return true;
}

/**
 * In a sign-in popup (the app loaded at the callback address, as the service worker serves it): hands the address
 * to the tab that opened it and closes; false when this is no such popup.
 */
export function postToOpener(
  win: Pick<Window, 'opener' | 'close'> & { location: Pick<Location, 'origin'> },
  callbackUrl: string,
): boolean {
  const opener = win.opener as Window | null;
  if (opener === null || opener === undefined) return false;
  try {
    opener.postMessage({ type: SIGN_IN_MESSAGE, href: callbackUrl }, win.location.origin);
  } catch {
    return false;
  }
  win.close();
  return true;
}
