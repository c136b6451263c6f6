import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The module that draws the first screen: main.tsx imports it once the storage backend is chosen. */
export const FIRST_SCREEN_MODULE = /\/src\/mount-app\.tsx$/;

/** What this plugin reads of a bundle's output: a chunk's file, its module, its static imports and their CSS. */
export type BundleFile =
  | { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: readonly string[]; viteMetadata?: { importedCss: ReadonlySet<string> } }
  | { type: 'asset'; fileName: string };

/** The scripts of the chunk made from `module` and of everything it imports statically, and the CSS they import. */
export function staticGraph(bundle: Readonly<Record<string, BundleFile>>, module: RegExp): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [f] : []));
  const start = chunks.find((c) => c.facadeModuleId !== null && module.test(c.facadeModuleId));
  const scripts: string[] = [];
  const styles = new Set<string>();
  const queue = start ? [start.fileName] : [];
  while (queue.length > 0) {
    const name = queue.shift() ?? '';
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || scripts.includes(name)) continue;
    scripts.push(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    queue.push(...chunk.imports);
  }
  return { scripts, styles: [...styles] };
}

/**
 * Lets the browser fetch the first screen's code while index.html is still parsing. main.tsx imports mount-app only
 * after it has probed IndexedDB, and Vite's preload helper asks for that chunk's imports only when the import runs, so
 * without these hints the ~30 files of the first screen start one round trip (and the entry's download and run) late;
 * on a phone's network that is most of the gap between the app's LCP and a minimal React page's
 * (docs/architecture.md, "Speed targets": Lighthouse). The CSS is preloaded, not linked: a stylesheet link would
 * hold back the start-up note's paint; it is crossorigin like the link Vite's preload helper adds later, or the
 * browser would fetch it twice. The files are the same as before, only asked for sooner.
 */
export function firstScreenPreloadPlugin(module: RegExp = FIRST_SCREEN_MODULE): Plugin {
  let base = './';
  return {
    name: 'toolscope:first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx): HtmlTagDescriptor[] {
        if (!ctx.bundle || !ctx.path.endsWith('/index.html')) return [];
        const { scripts, styles } = staticGraph(ctx.bundle as unknown as Record<string, BundleFile>, module);
        const fresh = (file: string) => !html.includes(file);
        return [
          ...scripts.filter(fresh).map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' })),
          ...styles.filter(fresh).map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' })),
        ];
      },
    },
  };
}
