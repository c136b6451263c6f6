import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SettingsForm } from './settings-form';

/**
 * The Settings form and the model-list cache it reads (TanStack Query, used only here), loaded with the first open of
 * Settings rather than with the page (architecture.md, "Speed targets": first load). One client for the page, made
 * with this module, so the model lists stay cached across opens as before.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export function SettingsPanel(props: Parameters<typeof SettingsForm>[0]) {
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsForm {...props} />
    </QueryClientProvider>
  );
}
