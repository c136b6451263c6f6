import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { COMPILE_HINT } from './compile-hints';
import { StartingShell } from '../src/ui/shell/starting-shell';
import type { FirstScreenKind } from '../src/ui/chat/first-screen-text';

/**
 * The stand-in first screen written into index.html at build time (docs/speed-and-tests.md, "Start-up"), so the
 * page's LCP (the first screen's paragraph) is painted from the HTML and the stylesheet, before any of the app's
 * script has arrived; the real shell's first commit replaces it (createRoot clears the root).
 *
 * Which stand-in main.tsx would draw depends on this browser (the first-screen hint in localStorage) and on the
 * address, so every variant is in the page and a small classic script (no inline script: the CSP forbids it), run
 * before the parser reaches the root, names the one to show on `<html>`; a style hides the others. Without that
 * script's answer, none shows, never a wrong one that would change under the person's eyes.
 *
 * The same script asks for the entry (React, main.tsx) only once the browser reports that paint: Lighthouse counts
 * every request that ended before the LCP into it, and the entry is most of the first load's bytes before the app's.
 * The page's `<script type="module">` becomes the script's `data-entry`; the chunks stay as the bundler made them.
 * A hidden tab, which does not paint, asks at once (or once hidden); no paint reported within ENTRY_WAIT_MS, then.
 */
export type StandInVariant = FirstScreenKind | 'other';
export const STAND_IN_VARIANTS: readonly StandInVariant[] = ['welcome', 'ready', 'demo', 'other'];
/** The attribute the chooser sets on `<html>` and each variant's frame carries. */
const STAND_IN_ATTRIBUTE = 'data-stand-in';

/**
 * The chooser, as shipped. It must agree with main.tsx's first render: `readFirstScreenHint()` for the kind, and
 * `parseAddress(location.hash)` being the home chat for the first screen (build/static-stand-in.test.ts holds both).
 * A hash whose query part parseAddress refuses is the one case it may get wrong: the stand-in's paragraph then goes
 * when main.tsx renders.
 */
/**
 * How long the script waits for a paint it was promised (a visible tab, paint timing supported) before it asks for the
 * entry anyway. Not after-first-paint.ts's 500 ms: on a busy machine the first paint comes later than that, and the
 * entry then arrived before it and was counted into it (one Lighthouse round in nine, 2.7x the minimal page).
 */
export const ENTRY_WAIT_MS = 3000;

// The compile hint, as on every start-up chunk (build/compile-hints.ts): every function here runs on load.
export const CHOOSER_SOURCE = `${COMPILE_HINT}(function () {
  var kind = 'welcome';
  try {
    var hint = window.localStorage.getItem('toolscope.first-screen');
    if (hint === 'ready' || hint === 'demo') kind = hint;
  } catch (e) {}
  var hash = location.hash.charAt(0) === '#' ? location.hash.slice(1) : location.hash;
  var q = hash.indexOf('?');
  var path = q < 0 ? hash : hash.slice(0, q);
  if (path.charAt(path.length - 1) === '/') path = path.slice(0, -1);
  if (path !== '' && path !== '/chat') kind = 'other';
  document.documentElement.setAttribute('${STAND_IN_ATTRIBUTE}', kind);

  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var asked = false;
  var observer = null;
  function ask() {
    if (asked) return;
    asked = true;
    if (observer) observer.disconnect();
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.appendChild(script);
  }
  var Observer = window.PerformanceObserver;
  if (document.visibilityState === 'hidden' || !Observer || !Observer.supportedEntryTypes || Observer.supportedEntryTypes.indexOf('paint') < 0) {
    ask();
    return;
  }
  observer = new Observer(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length > 0) ask();
  });
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') ask();
  });
  setTimeout(ask, ${ENTRY_WAIT_MS});
})();
`;

/** Every variant's markup, each in its own frame: what main.tsx's first render draws for that variant. */
export function standInMarkup(): string {
  return STAND_IN_VARIANTS.map((variant) => {
    const html = renderToStaticMarkup(
      createElement(StartingShell, { kind: variant === 'other' ? 'welcome' : variant, home: variant !== 'other' }),
    );
    // The shell's outermost element is the `.app` frame: the variant's name goes on it.
    return html.replace(/^<div class="app"/, `<div ${STAND_IN_ATTRIBUTE}-variant="${variant}" class="app"`);
  }).join('');
}

/** Hides every variant but the one the chooser named (and all of them when it named none). */
export function standInStyle(): string {
  return (
    STAND_IN_VARIANTS.map(
      (v) => `html:not([${STAND_IN_ATTRIBUTE}="${v}"]) [${STAND_IN_ATTRIBUTE}-variant="${v}"]`,
    ).join(',\n') + ' { display: none; }'
  );
}

export function chooserFileName(): string {
  return `assets/stand-in-${createHash('sha256').update(CHOOSER_SOURCE).digest('hex').slice(0, 8)}.js`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/;

/** index.html with the variants in its root, its entry script handed to the chooser, and the chooser and style. */
export function withStaticStandIn(html: string, base: string): { html: string; tags: HtmlTagDescriptor[] } {
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error(`index.html has no empty ${root} to draw the stand-in into.`);
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined)
    throw new Error('index.html has no entry <script type="module" crossorigin src> to load after the first paint.');
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(root, `<div id="root">${standInMarkup()}</div>`),
    tags: [
      { tag: 'style', children: standInStyle(), injectTo: 'head' },
      // Parser-blocking on purpose, and before the root: the variant is named before any of them can be painted.
      { tag: 'script', attrs: { src: `${base}${chooserFileName()}`, 'data-entry': entry }, injectTo: 'body-prepend' },
    ],
  };
}

export function staticStandInPlugin(): Plugin {
  let base = './';
  return {
    name: 'toolscope-static-stand-in',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      this.emitFile({ type: 'asset', fileName: chooserFileName(), source: CHOOSER_SOURCE });
    },
    transformIndexHtml: {
      // 'post': Vite has done with the page's own scripts; the chooser is a classic script it should not bundle.
      order: 'post',
      handler(html, ctx) {
        // The app's page only (the MCP App sandbox page has no stand-in).
        return ctx.path === '/index.html' ? withStaticStandIn(html, base) : html;
      },
    },
  };
}
