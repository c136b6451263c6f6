import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ToolMessage } from '../../domain/messages';
import type { ToolCallRecord } from '../data/record-types';
import { chatRun, useRunStore } from '../../store/run/run-store';
import type { ChatRow } from './chat-rows';
import type { Siblings } from '../../domain/branches';
import { MessageRow } from './message-row';
import { READING_EVENT } from './actions/message-action-bar';
import { useUiStore, type ChatFocus } from '../../store/ui-store';
import { useToolRowsOpen } from '../../store/tool-rows-open';
import { followsEnd, type ListScroll } from './follow-end';

function rowIndexFor(rows: ChatRow[], detail: NonNullable<ChatFocus>): number {
  const byId = rows.findIndex((r) => r.key === detail.messageId);
  if (byId >= 0) return byId;
  const callId = detail.callId;
  if (!callId) return -1;
  return rows.findIndex(
    (r) => r.kind === 'message' && r.message.role === 'assistant' && r.message.toolCalls.some((c) => c.id === callId),
  );
}

const positionOf = (el: HTMLElement): ListScroll => ({
  top: el.scrollTop,
  height: el.scrollHeight,
  client: el.clientHeight,
});

type Props = {
  sessionId: string;
  rows: ChatRow[];
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
  siblings?: ReadonlyMap<string, Siblings>;
  busy?: boolean;
  /** A recorded trace (architecture.md, "Trace inbox"): read-only, its steps re-runnable. */
  readOnly?: boolean;
};

/**
 * Only the rows in view (plus a few) are in the DOM, so a 5,000-message session costs about what a
 * short one does. The list follows new output while the reader is at the bottom, and stays put once
 * they scroll up.
 */
export function MessageList({
  sessionId,
  rows,
  toolResults,
  toolRecords,
  siblings,
  busy = false,
  readOnly = false,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Where the last scroll event left the list: followsEnd tells the reader's moves from the content's.
  const seen = useRef<ListScroll>({ top: 0, height: 0, client: 0 });
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 6,
    getItemKey: (i) => rows[i]?.key ?? i,
  });

  // Streaming growth changes the last row's height without changing `rows`; follow it too.
  const streamedLength = useRunStore((s) => {
    const st = chatRun(s, sessionId)?.streaming;
    return st ? st.text.length + st.reasoning.length + st.toolCalls.length : 0;
  });

  useLayoutEffect(() => {
    stick.current = true;
  }, [sessionId]);

  // The list's own moves to the end are noted as where it stands, so followsEnd never takes one for the reader's.
  const toEnd = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return () => undefined;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    seen.current = positionOf(el);
    // Measured heights land after the first scroll; pin to the true bottom once they have.
    const raf = requestAnimationFrame(() => {
      if (!stick.current) return;
      el.scrollTop = el.scrollHeight;
      seen.current = positionOf(el);
    });
    return () => cancelAnimationFrame(raf);
  }, [rows.length, virtualizer]);

  useEffect(() => {
    if (!stick.current || rows.length === 0) return;
    return toEnd();
  }, [rows.length, streamedLength, sessionId, toEnd]);

  // The list also changes size without new rows: an alert, the context bar or a taller Message box takes
  // room below it, and a row's measured height lands late. Keep the end of the conversation in view then.
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const pin = new ResizeObserver(() => {
      // Content that shrank back to the end (a row measured smaller) is at the end again: follow it.
      if (!stick.current && el.scrollHeight - el.scrollTop - el.clientHeight <= 1) stick.current = true;
      if (!stick.current) return;
      el.scrollTop = el.scrollHeight;
      seen.current = positionOf(el);
    });
    pin.observe(el);
    if (contentRef.current) pin.observe(contentRef.current);
    return () => pin.disconnect();
  }, []);

  // A disclosure the person opens in the chat (a View's request log, a message's "What was sent") is where they are
  // reading: its growth must not pin the list to its end and carry that place away. `toggle` does not bubble; capture
  // sees it. A message action's panel says so with READING_EVENT.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onToggle = (e: Event) => {
      if (e.target instanceof HTMLDetailsElement && e.target.open) stick.current = false;
    };
    const onReading = () => {
      stick.current = false;
    };
    el.addEventListener('toggle', onToggle, true);
    el.addEventListener(READING_EVENT, onReading);
    return () => {
      el.removeEventListener('toggle', onToggle, true);
      el.removeEventListener(READING_EVENT, onReading);
    };
  }, []);

  // The timeline's "Show in chat": scroll to the message (and its tool card) and mark it until the next jump.
  // Handled once the rows hold the target: the list may have just mounted and still be reading them.
  const [highlight, setHighlight] = useState<string | null>(null);
  const focus = useUiStore((s) => s.chatFocus);
  const jumpFrame = useRef(0);
  useEffect(() => {
    if (!focus || focus.sessionId !== sessionId) return;
    const index = rowIndexFor(rows, focus);
    if (index < 0) return;
    useUiStore.getState().clearChatFocus();
    // A call folded into its turn's summary row is opened, so the jump lands on it.
    if (focus.callId) useToolRowsOpen.getState().setRowOpen(focus.callId, true);
    stick.current = false;
    setHighlight(rows[index]?.key ?? null);
    virtualizer.scrollToIndex(index, { align: 'center' });
    // Heights are measured once the row renders; then bring the card itself (or the message) into view.
    // Not cancelled by this effect's cleanup: clearing chatFocus above re-runs the effect at once.
    cancelAnimationFrame(jumpFrame.current);
    jumpFrame.current = requestAnimationFrame(() => {
      jumpFrame.current = requestAnimationFrame(() => {
        const list = scrollRef.current;
        const row = list?.querySelector<HTMLElement>(`[data-index="${index}"]`);
        const card = focus.callId
          ? row?.querySelector<HTMLElement>(`.tool-card[data-call-id="${CSS.escape(focus.callId)}"]`)
          : null;
        (card ?? row)?.scrollIntoView({ block: 'center' });
      });
    });
  }, [focus, rows, sessionId, virtualizer]);
  useEffect(() => () => cancelAnimationFrame(jumpFrame.current), []);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const now = positionOf(el);
    stick.current = followsEnd(stick.current, seen.current, now);
    seen.current = now;
  };

  // Home/End by hand: the browser's own keyboard scroll animates toward a scrollHeight made of
  // estimated row heights, which changes under it as rows are measured, and stops short.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || rows.length === 0) return;
    if (e.key === 'End') {
      e.preventDefault();
      stick.current = true;
      toEnd();
    } else if (e.key === 'Home') {
      e.preventDefault();
      stick.current = false;
      virtualizer.scrollToIndex(0, { align: 'start' });
    }
  };

  const items = virtualizer.getVirtualItems();
  const notice = useUiStore((s) => (s.chatNotice?.sessionId === sessionId ? s.chatNotice.text : null));
  return (
    <>
      {notice !== null && (
        <p className="hint chat-notice" role="status">
          {notice}
        </p>
      )}
      <div
        ref={scrollRef}
        className="message-list"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        role="log"
        aria-label="Messages"
        aria-live="off"
        tabIndex={0}
      >
        <div ref={contentRef} style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          <div
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${items[0]?.start ?? 0}px)`,
            }}
          >
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  data-highlight={row.key === highlight || undefined}
                >
                  <MessageRow
                    sessionId={sessionId}
                    row={row}
                    toolResults={toolResults}
                    toolRecords={toolRecords}
                    siblings={siblings?.get(row.key)}
                    busy={busy}
                    readOnly={readOnly}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </>
  );
}
