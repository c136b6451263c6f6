/**
 * The service worker's registration and the "a new version is ready" state the update banner shows.
 *
 * A new version installs in the background and waits (src/sw/service-worker.ts). This page moves to it only when
 * the person asks ("Reload to update"): it never reloads by itself, so a run in progress is never cut off, even
 * when another tab takes the update first (that tab's new worker then serves this page's old chunks from the
 * previous cache).
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let ready = false;
let registration: ServiceWorkerRegistration | null = null;

const announce = () => {
  if (ready) return;
  ready = true;
  for (const l of listeners) l();
};

export const subscribeUpdate = (l: Listener) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
export const updateReady = () => ready;

/** Registers `sw.js` beside index.html (a relative URL: the app may live under any path). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // Another tab moved to the new version: this page still runs the old code, so it offers the reload too.
  container.addEventListener('controllerchange', announce);
  container
    .register('./sw.js')
    .then((reg) => {
      registration = reg;
      // A worker that finished installing while another is active is a new version (the first install is not).
      const watch = (w: ServiceWorker | null) => {
        if (!w) return;
        const check = () => {
          if (w.state === 'installed' && reg.active) announce();
        };
        w.addEventListener('statechange', check);
        check();
      };
      watch(reg.waiting);
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
      // Browsers check on navigation; a tab left open for days also checks when it is shown again.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') reg.update().catch(() => undefined);
      });
    })
    .catch(() => undefined);
}

/** Moves this page to the new version: the waiting worker takes over, then the page reloads. */
export function applyUpdate(): void {
  const waiting = registration?.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') location.reload();
  });
  waiting.postMessage('skip-waiting');
}
