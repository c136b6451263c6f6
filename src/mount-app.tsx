import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './ui/app';
import { startApp } from './store/app-controller';
import { installShowInTimelineListener } from './ui/timeline/chat-link';
import './ui/styles.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Starts the app; loaded by main.tsx once the storage backend is chosen. */
export function mountApp(): void {
  void startApp();
  installShowInTimelineListener();
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
}
