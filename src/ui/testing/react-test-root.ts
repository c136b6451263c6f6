import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type ReactTestRoot = { readonly host: HTMLDivElement; readonly root: Root };

/**
 * A React root on a fresh element in the document for each test of the file that calls it (jsdom), unmounted and
 * removed after each: the one setup the UI's component tests share.
 */
export function reactTestRoot(): ReactTestRoot {
  let current: { host: HTMLDivElement; root: Root } | null = null;
  beforeEach(() => {
    const host = document.createElement('div');
    document.body.append(host);
    current = { host, root: createRoot(host) };
  });
  afterEach(() => {
    const c = current;
    current = null;
    if (!c) return;
    act(() => c.root.unmount());
    c.host.remove();
  });
  const now = () => {
    if (!current) throw new Error('reactTestRoot is read inside a test only');
    return current;
  };
  return {
    get host() {
      return now().host;
    },
    get root() {
      return now().root;
    },
  };
}
