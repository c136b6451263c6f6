import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app';
import { startApp } from './store/app-controller';
import { installShowInTimelineListener } from './ui/timeline/chat-link';
import { startAddressSync } from './store/address-sync';
import { takeSignInCallback } from './store/mcp/sign-in/sign-in-callback';
import './ui/styles.css';

/**
 * Starts the app; loaded by main.tsx once the storage backend is chosen. The shell replaces index.html's start-up
 * note only once start-up has written what it writes (saved settings loaded, sessions a closed page left running
 * repaired, built-in tools seeded), so nothing clicked or typed on it is undone or raced by those writes.
 */
export function mountApp(): void {
  // Back from an MCP sign-in: the address is cleaned before anything reads it; the sign-in code loads only now.
  const signInCallback = takeSignInCallback(window);
  if (signInCallback !== null) void import('./store/mcp/sign-in/sign-in-finish').then((m) => m.finishSignInFromCallback(signInCallback));
  installShowInTimelineListener();
  const root = document.getElementById('root');
  if (!root) return;
  void startApp().then(() => {
    // The address is read before the first render, so a reload draws the session it was on, not the empty chat.
    startAddressSync();
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
