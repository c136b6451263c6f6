// @vitest-environment jsdom
import { act, Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { reactTestRoot } from '../testing/react-test-root';
import { preloadable } from './preloadable';

const dom = reactTestRoot();

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const view = (C: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>waiting</p>}>
    <C name="Ada" />
  </Suspense>
);

describe('preloadable', () => {
  it('suspends when rendered before its code is here, like lazy', async () => {
    let loads = 0;
    const { Component } = preloadable(async () => {
      loads++;
      return { default: Greeting };
    });
    act(() => dom.root.render(view(Component)));
    expect(dom.host.textContent).toBe('waiting');
    await act(async () => {});
    expect(loads).toBe(1);
  });

  it('renders in the same commit, never the fallback, once preloaded; the code is fetched once', async () => {
    let loads = 0;
    const { Component, preload } = preloadable(async () => {
      loads++;
      return { default: Greeting };
    });
    await preload();
    await preload();
    act(() => dom.root.render(view(Component)));
    expect(dom.host.textContent).toBe('Hello Ada');
    expect(loads).toBe(1);
  });
});
