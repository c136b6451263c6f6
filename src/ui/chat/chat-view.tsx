import type { MessageImage } from '../../domain/messages';
import { McpPromptSlot } from '../mcp/asks/mcp-prompt-slot';
import { lazy, Suspense, useEffect, useState } from 'react';
import { sendMessage, sendRefusalSentence, stopRun } from '../../store/session/chat-actions';
import { useRunStore } from '../../store/run/run-store';
import { useUiStore } from '../../store/ui-store';
import { FirstScreen } from './first-screen';
import { ChatAlerts } from './chat-alerts';
import { ChatAnnouncer } from './chat-announcer';
import { ErrorAlert } from './error-alert';
import { Composer } from './composer';
import { NO_SESSION_DRAFT } from './drafts';
import { OfflineAlert } from './offline-alert';
import { useMarkdownReady } from '../shared/markdown/markdown-view';
import { TurnOffsetsContext, useTurnOffsets } from '../data/session/session-turn-offsets';
import { useChatData } from './use-chat-data';
import { useLockedElsewhere } from '../data/run/use-locked-elsewhere';
import { useBranchSiblings } from '../data/session/use-branch-siblings';
import { ForkedFrom } from './forked-from';
import { TraceBanner } from './trace-banner';
import { PrimaryActionScope } from '../shared/primary-action';
import { useStoredPause } from '../data/run/use-stored-pause';

// A conversation's list (virtualiser, rows, tool cards) and the footer (context meter, session figures) load with the first session shown, not
// with the empty start page (architecture.md, "Speed targets": first load).
const MessageList = lazy(() => import('./message-list').then((m) => ({ default: m.MessageList })));
const ChatFooter = lazy(() => import('./chat-footer').then((m) => ({ default: m.ChatFooter })));
// A pause's controls load with the first pause, never with the page (architecture.md, "Speed targets": first load).
const PausedSlot = lazy(() => import('../debug/paused-group').then((m) => ({ default: m.PausedSlot })));

export function ChatView({ sessionId }: { sessionId: string | null }) {
  return sessionId ? <SessionChat key={sessionId} sessionId={sessionId} /> : <NoSessionChat />;
}

/** The first message creates the session, and with it a new Message box: typing goes on there. */
async function sendFirst(text: string, keepCursor: boolean, images?: MessageImage[]): Promise<boolean> {
  return (await sendMessage(text, { focusComposer: keepCursor, ...(images ? { images } : {}) })) === 'started';
}

function NoSessionChat() {
  return (
    <section aria-label="Chat" className="chat">
      <PrimaryActionScope>
        <FirstScreen />
        <OfflineAlert />
        <Composer
          draftKey={NO_SESSION_DRAFT}
          running={false}
          readOnly={null}
          onSend={sendFirst}
          onStop={() => undefined}
        />
      </PrimaryActionScope>
    </section>
  );
}

/**
 * Esc is the Stop key only when nothing else is using it to back out: an open dialog or menu, a field other
 * than the Message box (rename, search, the approval editor) or an IME. Cancelling a rename must not also
 * throw away the answer being written.
 */
function escapeMeansStop(e: KeyboardEvent): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return false;
  if (useUiStore.getState().settingsOpen || document.querySelector('dialog[open], [role="menu"]')) return false;
  const target = e.target instanceof Element ? e.target : null;
  if (!target) return true;
  if (target.closest('[aria-expanded="true"]')) return false;
  const field = target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
  return !field || field.closest('form.composer') !== null;
}

/** A session on screen whose row could not be written yet (New session with storage full): why, and what to do. */
function UnstoredSessionAlerts({ sessionId }: { sessionId: string }) {
  const errors = useRunStore((s) => s.sideErrors);
  const dismiss = useRunStore((s) => s.dismissSideError);
  return errors
    .filter((e) => e.sessionId === sessionId)
    .map((e, i) => (
      <ErrorAlert key={`${e.error.kind}-${i}`} error={e.error} onDismiss={() => dismiss(e)} stored={false} />
    ));
}

function SessionChat({ sessionId }: { sessionId: string }) {
  const { session, rows, toolResults, toolRecords, loading } = useChatData(sessionId);
  const runningHere = useRunStore((s) => !!s.runs[sessionId] && !s.runs[sessionId]!.ended);
  const lastRunId = useRunStore((s) => s.runs[sessionId]?.runId);
  const livePause = useRunStore((s) => s.pauses[sessionId] !== undefined);
  const storedPause = useStoredPause(sessionId, session?.status, runningHere);
  const lockedElsewhere = useLockedElsewhere(sessionId, session?.status, runningHere, storedPause !== null);
  // A pause stored by a run another tab still holds is that tab's to answer: this one watches.
  const leftPause = lockedElsewhere ? null : storedPause;
  const paused = livePause || leftPause !== null;
  const turnOffsets = useTurnOffsets(sessionId);
  const markdownReady = useMarkdownReady(rows.length > 0);
  const siblings = useBranchSiblings(sessionId, (session?.branches?.length ?? 0) > 0);
  // A replay shows the session as it stood then: nothing can be sent or changed until "Exit replay".
  const replaying = useRunStore((s) => s.replays[sessionId] !== undefined);
  const [sendRefused, setSendRefused] = useState<string | null>(null);

  useEffect(() => {
    if (!runningHere) return;
    const onKey = (e: KeyboardEvent) => {
      if (escapeMeansStop(e)) stopRun(sessionId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runningHere, sessionId]);

  return (
    // The latest run of this tab and whether it is over: a stable hook for tests waiting for a run to end.
    <section
      aria-label="Chat"
      className="chat"
      data-run-id={lastRunId ?? leftPause?.runId}
      data-run-state={
        leftPause && !runningHere
          ? 'paused'
          : lastRunId
            ? runningHere
              ? paused
                ? 'paused'
                : 'running'
              : 'ended'
            : undefined
      }
      data-replay={replaying ? 'true' : undefined}
    >
      {/* One primary per view: a card asking for a decision holds it, else Send does (primary-action.tsx). */}
      <PrimaryActionScope>
        {lockedElsewhere && (
          <p className="chat-banner" role="status">
            This session is running in another tab. You are watching it live, read-only; you can send again when it
            finishes.
          </p>
        )}
        {session?.forkedFrom && <ForkedFrom source={session.forkedFrom} />}
        {session?.importedTrace && <TraceBanner sessionId={sessionId} opened={session.openedTrace !== undefined} />}
        {loading || (rows.length > 0 && !markdownReady) ? (
          <div className="message-list empty">Loading…</div>
        ) : rows.length === 0 ? (
          <div className="message-list empty">No messages yet. Say hello.</div>
        ) : (
          <Suspense fallback={<div className="message-list empty">Loading…</div>}>
            <TurnOffsetsContext value={turnOffsets}>
              <MessageList
                sessionId={sessionId}
                rows={rows}
                toolResults={toolResults}
                toolRecords={toolRecords}
                siblings={siblings}
                busy={runningHere || lockedElsewhere || replaying}
                readOnly={session?.importedTrace === true}
              />
            </TurnOffsetsContext>
          </Suspense>
        )}
        {paused && (
          <Suspense fallback={null}>
            <PausedSlot sessionId={sessionId} stored={runningHere ? null : leftPause} />
          </Suspense>
        )}
        <ChatAnnouncer sessionId={sessionId} />
        <McpPromptSlot />
        <OfflineAlert />
        {session ? <ChatAlerts session={session} /> : <UnstoredSessionAlerts sessionId={sessionId} />}
        {session && (
          <Suspense fallback={null}>
            <ChatFooter session={session} />
          </Suspense>
        )}
        {sendRefused && (
          <p role="status" className="send-refused">
            {sendRefused}
          </p>
        )}
        <Composer
          draftKey={sessionId}
          running={runningHere}
          readOnly={
            replaying
              ? 'replay'
              : lockedElsewhere
                ? 'other_tab'
                : session?.openedTrace
                  ? 'opened_trace'
                  : session?.importedTrace === true
                    ? 'imported_trace'
                    : null
          }
          onSend={async (t, _keep, images) => {
            setSendRefused(null);
            const outcome = await sendMessage(t, images ? { images } : {});
            setSendRefused(sendRefusalSentence(outcome));
            return outcome === 'started';
          }}
          onStop={() => stopRun(sessionId)}
        />
      </PrimaryActionScope>
    </section>
  );
}
