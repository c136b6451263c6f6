import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseAddress } from '../src/domain/app-address';
import { readFirstScreenHint } from '../src/ui/shell/first-screen-hint';
import { StartingShell } from '../src/ui/shell/starting-shell';
import { CONTENT_SECURITY_POLICY } from './csp';
import {
  CHOOSER_SOURCE,
  ENTRY_WAIT_MS,
  STAND_IN_VARIANTS,
  chooserFileName,
  standInMarkup,
  standInStyle,
  withStaticStandIn,
  type StandInVariant,
} from './static-stand-in';

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** The page as the shipped script sees it: what it chose, the scripts it added, the paint observer and the timer. */
function runChooser(
  hint: string | null | 'throws',
  hash: string,
  page: { entry?: string; hidden?: boolean; paintTiming?: boolean } = {},
) {
  const seen = {
    chosen: null as string | null,
    added: [] as { type: string; src: string; crossOrigin: string }[],
    paint: null as PaintCallback | null,
    timer: null as (() => void) | null,
    wait: 0,
    hide: null as (() => void) | null,
    disconnected: false,
  };
  const localStorage = {
    getItem: (key: string) => {
      if (hint === 'throws') throw new Error('refused');
      return key === 'toolscope.first-screen' ? hint : null;
    },
  };
  class PerformanceObserver {
    static supportedEntryTypes = page.paintTiming === false ? ['navigation'] : ['paint', 'navigation'];
    constructor(callback: PaintCallback) {
      seen.paint = callback;
    }
    observe() {}
    disconnect() {
      seen.disconnected = true;
    }
  }
  const document = {
    visibilityState: page.hidden ? 'hidden' : 'visible',
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange')
        seen.hide = () => {
          document.visibilityState = 'hidden';
          listener();
        };
    },
    currentScript: { getAttribute: (name: string) => (name === 'data-entry' ? (page.entry ?? null) : null) },
    documentElement: {
      setAttribute: (name: string, value: string) => {
        if (name === 'data-stand-in') seen.chosen = value;
      },
    },
    createElement: () => ({ type: '', src: '', crossOrigin: '' }),
    head: { appendChild: (el: { type: string; src: string; crossOrigin: string }) => seen.added.push({ ...el }) },
  };
  runInNewContext(CHOOSER_SOURCE, {
    window: { localStorage, PerformanceObserver },
    location: { hash },
    document,
    setTimeout: (fn: () => void, ms: number) => {
      seen.timer = fn;
      seen.wait = ms;
    },
  });
  return seen;
}
const choose = (hint: string | null | 'throws', hash: string) => runChooser(hint, hash).chosen;
const paint = (name: string) => ({ getEntriesByName: (n: string) => (n === name ? [{}] : []) });

/** What main.tsx's first render draws (start-up.tsx), as a variant name. */
function drawn(hint: string | null | 'throws', hash: string): StandInVariant {
  const address = parseAddress(hash);
  if (!(address.kind === 'home' && address.view === 'chat')) return 'other';
  return readFirstScreenHint({
    getItem: () => {
      if (hint === 'throws') throw new Error('refused');
      return hint;
    },
  });
}

describe('the stand-in written into index.html', () => {
  it('names the variant main.tsx draws first, for every hint and address', () => {
    const hints = [null, 'welcome', 'ready', 'demo', 'bogus', 'throws'] as const;
    const hashes = [
      '',
      '#',
      '#/',
      '#/chat',
      '#/chat/',
      '#/?x=1',
      '#/tools',
      '#/traces',
      '#/s/abc',
      '#/s/abc/timeline/c1',
      '#/compare',
      '#chat',
      '#/nowhere/at/all',
    ];
    for (const hint of hints)
      for (const hash of hashes) expect(choose(hint, hash), `${hint} ${hash}`).toBe(drawn(hint, hash));
  });

  it('holds each variant as React draws it, marked with its name', () => {
    const markup = standInMarkup();
    for (const variant of STAND_IN_VARIANTS) {
      const react = renderToStaticMarkup(
        createElement(StartingShell, { kind: variant === 'other' ? 'welcome' : variant, home: variant !== 'other' }),
      );
      expect(markup).toContain(
        react.replace('<div class="app"', `<div data-stand-in-variant="${variant}" class="app"`),
      );
    }
    expect(markup.match(/data-stand-in-variant=/g)).toHaveLength(STAND_IN_VARIANTS.length);
  });

  it('shows only the variant the chooser named, and none without its answer', () => {
    const style = standInStyle();
    for (const v of STAND_IN_VARIANTS)
      expect(style).toContain(`html:not([data-stand-in="${v}"]) [data-stand-in-variant="${v}"]`);
    expect(style).toMatch(/\{ display: none; \}$/);
  });

  it('asks for the entry, once, only when the first contentful paint is reported', () => {
    const seen = runChooser(null, '', { entry: './assets/index-abc.js' });
    expect(seen.added).toEqual([]);
    seen.paint?.(paint('first-paint'));
    expect(seen.added).toEqual([]);
    seen.paint?.(paint('first-contentful-paint'));
    expect(seen.added).toEqual([{ type: 'module', src: './assets/index-abc.js', crossOrigin: 'anonymous' }]);
    expect(seen.disconnected).toBe(true);
    seen.timer?.();
    expect(seen.added).toHaveLength(1);
  });

  it('asks for the entry after ENTRY_WAIT_MS without a paint, at once when the tab is hidden, or without paint timing', () => {
    const late = runChooser(null, '', { entry: './e.js' });
    expect(late.wait).toBe(ENTRY_WAIT_MS);
    late.timer?.();
    expect(late.added.map((a) => a.src)).toEqual(['./e.js']);
    const hiddenLater = runChooser(null, '', { entry: './e.js' });
    hiddenLater.hide?.();
    expect(hiddenLater.added.map((a) => a.src)).toEqual(['./e.js']);
    expect(runChooser(null, '', { entry: './e.js', hidden: true }).added.map((a) => a.src)).toEqual(['./e.js']);
    expect(runChooser(null, '', { entry: './e.js', paintTiming: false }).added.map((a) => a.src)).toEqual(['./e.js']);
    // Without an entry to load (a page the build did not write), it only chooses.
    expect(runChooser('ready', '', {}).added).toEqual([]);
  });

  it('fills the empty root, hands the entry to the chooser, a classic script before the root, under the base; no inline script', () => {
    const page =
      '<head><script type="module" crossorigin src="/app/assets/index-abc.js"></script>\n</head><body><div id="root"></div></body>';
    const { html, tags } = withStaticStandIn(page, '/app/');
    expect(html).toContain('<div id="root"><div data-stand-in-variant="welcome" class="app"');
    expect(html).not.toContain('type="module"');
    const script = tags.find((t) => t.tag === 'script');
    expect(script).toMatchObject({
      injectTo: 'body-prepend',
      attrs: { src: `/app/${chooserFileName()}`, 'data-entry': '/app/assets/index-abc.js' },
    });
    expect(script?.attrs?.type).toBeUndefined();
    expect(script?.children).toBeUndefined();
    // The style is inline: the policy must allow inline styles for it to apply.
    expect(tags.find((t) => t.tag === 'style')).toBeDefined();
    expect(CONTENT_SECURITY_POLICY).toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(chooserFileName()).toMatch(/^assets\/stand-in-[0-9a-f]{8}\.js$/);
  });

  it('refuses a page without an empty root or without its entry script', () => {
    expect(() =>
      withStaticStandIn(
        '<script type="module" crossorigin src="./e.js"></script><body><div id="app"></div></body>',
        './',
      ),
    ).toThrow(/root/);
    expect(() => withStaticStandIn('<body><div id="root"></div></body>', './')).toThrow(/entry/);
  });
});
