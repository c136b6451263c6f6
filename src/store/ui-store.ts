import { create } from 'zustand';

export type AppTab = 'chat' | 'timeline' | 'tools' | 'memories';

/** Timeline deep link: which tool call the chat asked the timeline to show. */
export type TimelineFocus = { sessionId: string; callId: string } | null;

/** Chat deep link: the message (or the message holding a tool call) the timeline asked the chat to show. */
export type ChatFocus = { sessionId: string; messageId: string; callId: string | null } | null;

export type UiState = {
  currentSessionId: string | null;
  tab: AppTab;
  settingsOpen: boolean;
  /** Why the settings opened by themselves (e.g. Send without a key). */
  settingsNotice: string | null;
  timelineFocus: TimelineFocus;
  /** Consumed by the message list once its rows (read from IndexedDB after the tab mounts) hold the target. */
  chatFocus: ChatFocus;
  selectSession: (id: string | null) => void;
  setTab: (tab: AppTab) => void;
  openSettings: (notice?: string) => void;
  closeSettings: () => void;
  showInTimeline: (sessionId: string, callId: string) => void;
  showInChat: (focus: NonNullable<ChatFocus>) => void;
};

export const useUiStore = create<UiState>()((set) => ({
  currentSessionId: null,
  tab: 'chat',
  settingsOpen: false,
  settingsNotice: null,
  timelineFocus: null,
  chatFocus: null,
  selectSession: (id) => set({ currentSessionId: id }),
  setTab: (tab) => set({ tab }),
  openSettings: (notice) => set({ settingsOpen: true, settingsNotice: notice ?? null }),
  closeSettings: () => set({ settingsOpen: false, settingsNotice: null }),
  showInTimeline: (sessionId, callId) =>
    set({ currentSessionId: sessionId, tab: 'timeline', timelineFocus: { sessionId, callId } }),
  showInChat: (focus) => set({ currentSessionId: focus.sessionId, tab: 'chat', chatFocus: focus }),
}));
