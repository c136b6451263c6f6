import { create } from 'zustand';
import type { CompareRef } from '../domain/app-address';

export type AppTab = 'chat' | 'timeline' | 'tools' | 'memories' | 'tests' | 'traces';

/** Timeline deep link: which tool call the chat asked the timeline to show. */
type TimelineFocus = { sessionId: string; callId: string } | null;

/** Chat deep link: the message (or the message holding a tool call) the timeline asked the chat to show. */
export type ChatFocus = { sessionId: string; messageId: string; callId: string | null } | null;

/**
 * A screen shown in place of the views, reached by address (store/address-sync.ts): two sessions compared, a link
 * to a session that is not here, an address that leads nowhere, or a share link (read-only; `opened` counts the
 * links opened, so a second one pasted while one shows opens afresh; the fragment itself is never held here). Opening
 * a session or a view closes it.
 */
type ScreenOverlay =
  | { kind: 'compare'; a: CompareRef | null; b: CompareRef | null }
  | { kind: 'missing'; sessionId: string }
  | { kind: 'unknown'; hash: string }
  | { kind: 'shared'; opened: number };

/** The model step "Save as test case" was asked for; its dialog (loaded on first use) is open while set. */
export type SaveCaseTarget = { sessionId: string; messageId: string };

/** The tool call selected on a session's timeline, so the address can name it. */
type TimelineSelection = { sessionId: string; callId: string } | null;

export type UiState = {
  currentSessionId: string | null;
  overlay: ScreenOverlay | null;
  timelineSelection: TimelineSelection;
  tab: AppTab;
  settingsOpen: boolean;
  /** Why the settings opened by themselves (e.g. Send without a key). */
  settingsNotice: string | null;
  timelineFocus: TimelineFocus;
  /** Consumed by the message list once its rows (read from IndexedDB after the tab mounts) hold the target. */
  chatFocus: ChatFocus;
  /** Why a "Show in chat" could not jump (its message is on a branch the chat cannot switch to now), in words. */
  chatNotice: { sessionId: string; text: string } | null;
  /**
   * Whose Message box takes the cursor as soon as it is shown and enabled: a session id, or '' for the box shown
   * with no session. Set by what the person did to write (Send, Stop, New session, the first message); cleared
   * when honoured or when they put the cursor anywhere else first.
   */
  composerFocus: string | null;
  /** `focusComposer`: the chosen session's Message box takes the cursor (New session, the first message). */
  selectSession: (id: string | null, opts?: { focusComposer?: boolean }) => void;
  requestComposerFocus: (key: string) => void;
  /** Drops the request for `key`, or any request when no key is given. */
  clearComposerFocus: (key?: string) => void;
  setTab: (tab: AppTab) => void;
  openSettings: (notice?: string) => void;
  closeSettings: () => void;
  showInTimeline: (sessionId: string, callId: string) => void;
  showInChat: (focus: NonNullable<ChatFocus>) => void;
  /** The view that was asked to show a call has shown it: the request is spent. */
  clearTimelineFocus: () => void;
  clearChatFocus: () => void;
  /** Drops the pending jump and says why, so the chat does not jump later when the person has moved on. */
  refuseChatFocus: (sessionId: string, text: string) => void;
  /** Shows the overlay with no session open. */
  openOverlay: (overlay: ScreenOverlay) => void;
  setTimelineSelection: (selection: TimelineSelection) => void;
  saveCase: SaveCaseTarget | null;
  openSaveCase: (target: SaveCaseTarget) => void;
  closeSaveCase: () => void;
};

export const useUiStore = create<UiState>()((set) => ({
  currentSessionId: null,
  overlay: null,
  timelineSelection: null,
  tab: 'chat',
  settingsOpen: false,
  settingsNotice: null,
  timelineFocus: null,
  chatFocus: null,
  chatNotice: null,
  composerFocus: null,
  selectSession: (id, opts) =>
    set(
      opts?.focusComposer
        ? { currentSessionId: id, overlay: null, composerFocus: id ?? '' }
        : { currentSessionId: id, overlay: null },
    ),
  requestComposerFocus: (key) => set({ composerFocus: key }),
  clearComposerFocus: (key) => set((s) => (key === undefined || s.composerFocus === key ? { composerFocus: null } : s)),
  setTab: (tab) => set({ tab, overlay: null }),
  openSettings: (notice) => set({ settingsOpen: true, settingsNotice: notice ?? null }),
  closeSettings: () => set({ settingsOpen: false, settingsNotice: null }),
  showInTimeline: (sessionId, callId) =>
    set({ currentSessionId: sessionId, overlay: null, tab: 'timeline', timelineFocus: { sessionId, callId } }),
  showInChat: (focus) =>
    set({ currentSessionId: focus.sessionId, overlay: null, tab: 'chat', chatFocus: focus, chatNotice: null }),
  clearTimelineFocus: () => set({ timelineFocus: null }),
  clearChatFocus: () => set({ chatFocus: null }),
  refuseChatFocus: (sessionId, text) => set({ chatFocus: null, chatNotice: { sessionId, text } }),
  openOverlay: (overlay) => set({ overlay, currentSessionId: null }),
  setTimelineSelection: (timelineSelection) => set({ timelineSelection }),
  saveCase: null,
  openSaveCase: (saveCase) => set({ saveCase }),
  closeSaveCase: () => set({ saveCase: null }),
}));
