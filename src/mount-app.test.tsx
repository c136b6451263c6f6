import type { ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * A start-up that fails (speed-and-tests.md, "Start-up"): what waits for mountApp (the service worker's registration,
 * after-start-up.ts) must not wait forever, and the error must still reach the page's unhandled-rejection reporting
 * rather than be swallowed by the code that settles the wait; the person sees the failure in place of the stand-in.
 */

/**
 * A promise whose `then`/`catch` make more of its kind, each kept: the last one made is the end of mountApp's chain on
 * start-up, the promise whose rejection is the page's unhandled rejection.
 */
class TrackedPromise<T> extends Promise<T> {
  static made: TrackedPromise<unknown>[] = [];
  constructor(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: unknown) => void) => void) {
    super(executor);
    TrackedPromise.made.push(this as TrackedPromise<unknown>);
  }
}

const startUp = vi.hoisted(() => ({ fail: null as Error | null, addressFails: null as Error | null }));

vi.mock('./store/app-controller', () => ({
  startApp: () => (startUp.fail ? TrackedPromise.reject(startUp.fail) : TrackedPromise.resolve()),
}));
vi.mock('./store/address-sync', () => ({
  startAddressSync: () => {
    if (startUp.addressFails) throw startUp.addressFails;
    return () => undefined;
  },
}));
vi.mock('./store/next-task', () => ({ nextTask: () => Promise.resolve() }));
vi.mock('./store/mcp/sign-in/sign-in-callback', () => ({ takeSignInCallback: () => null }));
vi.mock('./ui/shared/chat-link', () => ({ installShowInTimelineListener: () => undefined }));
vi.mock('./ui/app', () => ({ App: () => null }));

const { mountApp } = await import('./mount-app');

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function track(p: Promise<void>) {
  const state = { settled: false };
  void p.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

const root = { render: vi.fn(), unmount: vi.fn() } as unknown as Root & { render: ReturnType<typeof vi.fn> };

beforeEach(() => {
  vi.stubGlobal('window', {});
  TrackedPromise.made = [];
  startUp.fail = null;
  startUp.addressFails = null;
  root.render.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Mounts with start-up set to fail: whether mountApp's promise settled, and what the end of its chain (the page's
 * unhandled rejection) surfaces, handled here so the test run does not report it.
 */
function mountFailing() {
  const state = track(mountApp(root));
  const end = TrackedPromise.made.at(-1);
  if (!end) throw new Error('mountApp did not chain on start-up');
  const surfaced = end.then(
    () => 'swallowed',
    (e: unknown) => e,
  );
  return { state, surfaced };
}

describe('mountApp when start-up fails', () => {
  it('settles what waits for it, and the error still surfaces as an unhandled rejection', async () => {
    const failure = new Error('The database could not be opened.');
    startUp.fail = failure;
    const { state, surfaced } = mountFailing();
    await settle();
    expect(state.settled).toBe(true);
    await expect(surfaced).resolves.toBe(failure);
    // What a person sees in place of the stand-in: the failure, in words, as an alert.
    expect(root.render).toHaveBeenCalledTimes(1);
    const shown = renderToStaticMarkup(root.render.mock.calls[0]?.[0] as ReactNode);
    expect(shown).toContain('role="alert"');
    expect(shown).toContain('Toolscope could not start');
    expect(shown).toContain('The database could not be opened.');
  });

  it('settles too when the step after start-up throws, and that error surfaces', async () => {
    const failure = new Error('The address could not be read.');
    startUp.addressFails = failure;
    const { state, surfaced } = mountFailing();
    for (let i = 0; i < 5 && !state.settled; i++) await settle();
    expect(state.settled).toBe(true);
    await expect(surfaced).resolves.toBe(failure);
    expect(renderToStaticMarkup(root.render.mock.calls.at(-1)?.[0] as ReactNode)).toContain(
      'The address could not be read.',
    );
  });

  it('settles only once the shell is committed when start-up succeeds', async () => {
    const state = track(mountApp(root));
    for (let i = 0; i < 5; i++) await settle();
    expect(root.render).toHaveBeenCalledTimes(1);
    // Nothing committed (the root is a stand-in), so nothing waiting for the shell is told it is drawn.
    expect(state.settled).toBe(false);
  });
});
