import { loadedRunController } from '../../store/app-controller';
import { showBranchOf } from '../../store/session/branch-actions';
import { useUiStore } from '../../store/ui-store';

/** Window events between the chat and the timeline, so neither imports the other. */
const SHOW_IN_CHAT = 'toolscope:show-in-chat';
const SHOW_IN_TIMELINE = 'toolscope:show-in-timeline';

type ShowInChatDetail = { sessionId: string; messageId: string; callId: string | null };
type ShowInTimelineDetail = { sessionId: string; callId: string };

/**
 * Switches to the chat and leaves the request in the store: the chat mounts and reads its rows from IndexedDB
 * only after this, so a one-shot event would arrive before it has the message. The event is also announced.
 * A message on another branch than the one shown brings its branch into the chat: the request waits in the store
 * until the rows of that path hold it (architecture.md, "Branches"). A switch refused (a run is live there) drops the
 * request and says why in the chat.
 */
export function showInChat(detail: ShowInChatDetail): void {
  const shown = showBranchOf(detail.sessionId, detail.messageId).catch(() => false);
  useUiStore.getState().showInChat(detail);
  window.dispatchEvent(new CustomEvent<ShowInChatDetail>(SHOW_IN_CHAT, { detail }));
  void shown.then((ok) => ok || refuse(detail));
}

function refuse(detail: ShowInChatDetail): void {
  // Refused (a run is live in the session) or gone: a request left pending would jump the chat later, unasked.
  const ui = useUiStore.getState();
  if (ui.chatFocus !== null && ui.chatFocus.messageId !== detail.messageId) return;
  ui.refuseChatFocus(
    detail.sessionId,
    loadedRunController()?.isRunning(detail.sessionId)
      ? 'This message is on another branch: switch to it once the run ends.'
      : 'This message is no longer in the session.',
  );
}

function isShowInTimeline(v: unknown): v is ShowInTimelineDetail {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.sessionId === 'string' && typeof o.callId === 'string';
}

let installed = false;

/**
 * Listens for the chat's request from app start, not only while the timeline is mounted: the request
 * usually comes from the chat tab, when the timeline is not on screen. It becomes store state, which
 * the timeline consumes when it has the call.
 */
export function installShowInTimelineListener(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener(SHOW_IN_TIMELINE, (e) => {
    const detail = (e as CustomEvent<unknown>).detail;
    if (isShowInTimeline(detail)) useUiStore.getState().showInTimeline(detail.sessionId, detail.callId);
  });
}
