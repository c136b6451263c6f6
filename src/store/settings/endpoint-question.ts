import { create } from 'zustand';

/**
 * The session whose run was not started because Settings now point at another endpoint than the one it used.
 * The chat asks which to use; what was typed stays in the composer meanwhile.
 */
export const useEndpointQuestion = create<{ sessionId: string | null; ask(sessionId: string): void; close(): void }>()(
  (set) => ({
    sessionId: null,
    ask: (sessionId) => set({ sessionId }),
    close: () => set({ sessionId: null }),
  }),
);
