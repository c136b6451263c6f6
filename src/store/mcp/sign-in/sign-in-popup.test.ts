import { describe, expect, it } from 'vitest';
import { openSignInPopup, postToOpener, SIGN_IN_MESSAGE, type PopupHost } from './sign-in-popup';

const ORIGIN = 'http://127.0.0.1:4000';

function fakeHost(opens: boolean) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const popup = { closed: false };
  const host: PopupHost = {
    open: () => (opens ? popup : null),
    origin: ORIGIN,
    addEventListener: (_t, l) => void listeners.add(l),
    removeEventListener: (_t, l) => void listeners.delete(l),
  };
  const post = (data: unknown, origin: string, source: unknown) => {
    for (const l of [...listeners]) l({ data, origin, source } as MessageEvent);
  };
  return { host, popup, listeners, post };
}

describe('sign-in popup', () => {
  it('takes the callback only from its own popup, on its own origin, and stops listening then', () => {
    const { host, popup, listeners, post } = fakeHost(true);
    const got: string[] = [];
    expect(openSignInPopup('https://as.example/authorize', host, (href) => got.push(href))).toBe(true);
    const href = `${ORIGIN}/oauth-callback.html?code=c&state=s`;
    post({ type: SIGN_IN_MESSAGE, href }, 'https://evil.example', popup);
    post({ type: SIGN_IN_MESSAGE, href }, ORIGIN, {});
    post({ type: SIGN_IN_MESSAGE, href: 'https://evil.example/cb?code=x&state=s' }, ORIGIN, popup);
    post({ type: 'other', href }, ORIGIN, popup);
    expect(got).toEqual([]);
    post({ type: SIGN_IN_MESSAGE, href }, ORIGIN, popup);
    expect(got).toEqual([href]);
    expect(listeners.size).toBe(0);
  });

  it('says so when the browser blocks the popup', () => {
    const { host, listeners } = fakeHost(false);
    expect(openSignInPopup('https://as.example/authorize', host, () => undefined)).toBe(false);
    expect(listeners.size).toBe(0);
  });

  it('a popup posts the callback to its opener, addressed to its own origin, and closes', () => {
    const posted: Array<[unknown, string]> = [];
    let closed = false;
    const win = {
      opener: { postMessage: (d: unknown, o: string) => posted.push([d, o]) },
      close: () => void (closed = true),
      location: { origin: ORIGIN },
    };
    expect(postToOpener(win as unknown as Parameters<typeof postToOpener>[0], 'u')).toBe(true);
    expect(posted).toEqual([[{ type: SIGN_IN_MESSAGE, href: 'u' }, ORIGIN]]);
    expect(closed).toBe(true);
    expect(
      postToOpener(
        { opener: null, close: () => undefined, location: { origin: ORIGIN } } as unknown as Parameters<
          typeof postToOpener
        >[0],
        'u',
      ),
    ).toBe(false);
  });
});
