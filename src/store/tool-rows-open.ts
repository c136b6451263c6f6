import { create } from 'zustand';

/**
 * Which finished tool rows a person opened or closed, by call id, for the life of the page: a row keeps its state
 * when the list re-renders or the person switches sessions and back, and a reload starts calm again
 * (architecture.md, "Calm tool rows").
 */
type ToolRowsOpen = {
  open: Record<string, boolean>;
  setRowOpen(callId: string, open: boolean): void;
};

export const useToolRowsOpen = create<ToolRowsOpen>((set) => ({
  open: {},
  setRowOpen: (callId, open) => set((s) => ({ open: { ...s.open, [callId]: open } })),
}));
