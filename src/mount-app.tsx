import { StrictMode, startTransition, useEffect } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './ui/app';
import { StartupFailure } from './ui/shell/startup-failure';
import { startApp } from './store/app-controller';
import { installShowInTimelineListener } from './ui/shared/chat-link';
import { startAddressSync } from './store/address-sync';
import { takeSignInCallback } from './store/mcp/sign-in/sign-in-callback';
import { nextTask } from './store/next-task';

/**
 * Starts the app; loaded by main.tsx once the storage backend is chosen and the stand-in first screen is painted
 * (speed-and-tests.md, "Start-up"). The real shell replaces the stand-in only once start-up has written what it writes
 * (saved settings loaded, sessions a closed page left running repaired, built-in tools seeded), so nothing clicked or
 * typed on it is undone or raced by those writes. Drawn as a transition, so React renders it in slices that leave
 * the main thread free between them; the stand-in stays on screen until the commit. Settles once that commit's
 * effects have run: what waits for start-up to be over (the service worker's precaching) waits for this.
 */
export function mountApp(root: Root): Promise<void> {
  let drawn: () => void = () => undefined;
  const shellDrawn = new Promise<void>((resolve) => {
    drawn = resolve;
  });
  // Back from an MCP sign-in: the address is cleaned before anything reads it; the sign-in code loads only now.
  const signInCallback = takeSignInCallback(window);
  if (signInCallback !== null)
    void import('./store/mcp/sign-in/sign-in-finish').then((m) => m.finishSignInFromCallback(signInCallback));
  installShowInTimelineListener();
  void startApp()
    .then(async () => {
      // The address is read before the first render, so a reload draws the session it was on, not the empty chat.
      // Each in a task of its own: writing the address (history.replaceState) and scheduling the render joined the
      // last start-up step's task into one long one.
      await nextTask();
      startAddressSync();
      await nextTask();
      startTransition(() => {
        root.render(
          <StrictMode>
            <App />
            <OnCommitted then={drawn} />
          </StrictMode>,
        );
      });
    })
    .catch((err: unknown) => {
      // A start-up that failed is over too: nothing waiting for it waits forever. The person is told in words, over
      // the stand-in that would otherwise stay for good, and the error still surfaces.
      root.render(<StartupFailure error={err} />);
      drawn();
      throw err;
    });
  return shellDrawn;
}

/** Calls `then` once the tree it closes has been committed: passive effects run in order, this one last. */
function OnCommitted({ then }: { then: () => void }): null {
  useEffect(then, [then]);
  return null;
}
