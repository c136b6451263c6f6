import { create } from 'zustand';

/**
 * Which finished tool rows a person opened or closed, by call id, for the life of the page: a row keeps its state
 * when the list re-renders or the person switches sessions and back, and a reload starts calm again
 * (architecture.md, "Calm tool rows").
 */
type ToolRowsOpen = {
  open: Record<string, boolean>;
  /** Calls showing a live part of their own (an MCP task's lane): never folded into their turn's summary row. */
  pinned: Record<string, true>;
  setRowOpen(callId: string, open: boolean): void;
  pinRow(callId: string): void;
};

export const useToolRowsOpen = create<ToolRowsOpen>((set) => ({
  open: {},
  pinned: {},
  setRowOpen: (callId, open) => set((s) => ({ open: { ...s.open, [callId]: open } })),
  pinRow: (callId) => set((s) => (s.pinned[callId] ? s : { pinned: { ...s.pinned, [callId]: true } })),
}));
