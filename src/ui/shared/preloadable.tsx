import { lazy, type ComponentType } from 'react';

/**
 * A lazy component whose code can be fetched ahead (a pointer resting on the button that opens it). Once fetched it
 * renders without suspending: React holds back a boundary's content for up to 300 ms after it suspends, so a lazy
 * component fetched ahead but rendered through `lazy` still opened about 300 ms late (docs/wire-capture.md).
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): { Component: ComponentType<P>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    pending ??= load().then((m) => {
      loaded = m.default;
      return m;
    });
    return pending;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Component(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component, preload };
}
