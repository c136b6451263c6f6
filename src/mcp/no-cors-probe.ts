import type { NoCorsProbe } from './types';

const TIMEOUT_MS = 5_000;

/**
 * The browser's reachability check: a `no-cors` request needs no permission from the server, so it resolves (with
 * an opaque response) whenever the server answers at all, and fails only when nothing answers. Node has no CORS
 * and no opaque responses, so tests inject their own probe; this one only means something in a browser.
 */
export const browserNoCorsProbe: NoCorsProbe = async (url) => {
  try {
    const response = await fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    return 'reachable';
  } catch {
    return 'unreachable';
  }
};
