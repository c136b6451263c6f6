import { describe, expect, it } from 'vitest';
import { takeSignInCallback } from './sign-in-callback';

function fakeWindow(href: string) {
  const url = new URL(href);
  const replaced: string[] = [];
  return {
    replaced,
    win: {
      location: { href, search: url.search, pathname: url.pathname },
      history: { replaceState: (_d: unknown, _t: string, u?: string | URL | null) => void replaced.push(String(u)) },
    },
  };
}

describe('takeSignInCallback', () => {
  it('takes the code and state from the callback page and sends the address to the Tools view beside index.html', () => {
    const { win, replaced } = fakeWindow(
      'https://h.example/app/oauth-callback.html?code=c1&state=s1&iss=https%3A%2F%2Fas',
    );
    expect(takeSignInCallback(win)).toBe(
      'https://h.example/app/oauth-callback.html?code=c1&state=s1&iss=https%3A%2F%2Fas',
    );
    expect(replaced).toEqual(['/app/#/tools']);
  });

  it('takes an error answer too, on index.html itself', () => {
    const { win, replaced } = fakeWindow('https://h.example/?error=access_denied&state=s1');
    expect(takeSignInCallback(win)).not.toBeNull();
    expect(replaced).toEqual(['/#/tools']);
  });

  it('leaves every other address alone', () => {
    for (const href of [
      'https://h.example/',
      'https://h.example/?code=x',
      'https://h.example/?state=x',
      'https://h.example/#/tools?state=1&code=2',
    ]) {
      const { win, replaced } = fakeWindow(href);
      expect(takeSignInCallback(win)).toBeNull();
      expect(replaced).toEqual([]);
    }
  });
});
