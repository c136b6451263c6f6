import type { Connect, Plugin } from 'vite';

/**
 * `vite preview` caches as the host README's "Deploy" section describes: files under `assets/` have hashed names and
 * are sent `immutable` for a year; everything else keeps the preview's `no-cache` (index.html and sw.js must be asked
 * for again, so a new version is found). The e2e suite runs against the preview, so its browser revalidates what a
 * deployed page's browser revalidates — not every chunk on every open.
 */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** A file of the build's assets/ folder, at any base path the page is served under. */
function isHashedAsset(url: string | undefined): boolean {
  return /\/assets\/[^/?]+(\?|$)/.test(url ?? '');
}

export function hostCachePlugin(): Plugin {
  return {
    name: 'toolscope-host-cache',
    configurePreviewServer(server) {
      server.middlewares.use((req: Connect.IncomingMessage, res, next) => {
        if (isHashedAsset(req.url)) {
          // The preview's static handler sets no-cache on every file as it answers: that one header is replaced.
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name, value) =>
            setHeader(name, name.toLowerCase() === 'cache-control' ? HASHED_ASSET_CACHE : value);
        }
        next();
      });
    },
  };
}
