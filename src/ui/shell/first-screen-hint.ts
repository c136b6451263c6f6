import type { FirstScreenKind } from '../chat/first-screen-text';

/**
 * Which first screen this browser showed last, kept in localStorage so the start-up stand-in can draw the same one
 * before the settings are read from IndexedDB (speed-and-tests.md, "Start-up"). A hint only: it holds no setting and
 * no secret, a wrong or missing one costs a changed paragraph once, and a browser refusing localStorage gets the
 * welcome (a new visitor's screen).
 */
const KEY = 'toolscope.first-screen';

export function readFirstScreenHint(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
): FirstScreenKind {
  try {
    const v = storage?.getItem(KEY);
    return v === 'ready' || v === 'demo' ? v : 'welcome';
  } catch {
    return 'welcome';
  }
}

export function writeFirstScreenHint(
  kind: FirstScreenKind,
  storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(KEY, kind);
  } catch {
    // Refused (private mode, storage full): the next load draws the welcome first.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
