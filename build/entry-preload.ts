import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The part of a built chunk the links need (Rollup's and Rolldown's OutputChunk both have it). */
export type EntryChunk = { type: 'chunk'; fileName: string; imports: readonly string[] };
type BundleFile = EntryChunk | { type: 'asset'; fileName: string };

/**
 * The `<link rel="modulepreload">` tags index.html carries (docs/speed-and-tests.md, "Start-up"): one per chunk the
 * entry imports statically (the bundler's runtime, shared with the lazy chunks), so it is fetched beside the entry
 * rather than once the entry has arrived and been parsed, a round trip before the first paint. Written at build
 * time: no task appends them (Vite's helper, `build.modulePreload`, stays off: it appended every screen's link in one
 * task). Only what the first paint needs: a start-up chunk fetched before it would be counted into it.
 */
export function entryPreloadTags(
  bundle: Readonly<Record<string, BundleFile>>,
  entryFileName: string,
  base: string,
): HtmlTagDescriptor[] {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    for (const imported of chunk.imports) {
      if (found.has(imported) || imported === entryFileName) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(entryFileName);
  return [...found].sort().map((fileName) => ({
    tag: 'link',
    attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
    injectTo: 'head',
  }));
}

export function entryPreloadPlugin(): Plugin {
  let base = './';
  return {
    name: 'toolscope-entry-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      // 'post': the bundle exists then, with the entry chunk this page's script tag loads.
      order: 'post',
      handler(_html, ctx) {
        return ctx.bundle && ctx.chunk ? entryPreloadTags(ctx.bundle, ctx.chunk.fileName, base) : [];
      },
    },
  };
}
