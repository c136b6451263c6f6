import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ToolMessage } from '../../agent/messages';
import type { ToolCallRecord } from '../../db/records';
import { useRunStore } from '../../store/run-store';
import type { ChatRow } from './chat-rows';
import { MessageRow } from './message-row';
import { SHOW_IN_CHAT, type ShowInChatDetail } from '../timeline/chat-link';

function rowIndexFor(rows: ChatRow[], detail: ShowInChatDetail): number {
  const byId = rows.findIndex((r) => r.key === detail.messageId);
  if (byId >= 0) return byId;
  const callId = detail.callId;
  if (!callId) return -1;
  return rows.findIndex((r) => r.kind === 'message' && r.message.role === 'assistant' && r.message.toolCalls.some((c) => c.id === callId));
}

type Props = {
  sessionId: string;
  rows: ChatRow[];
  toolResults: Map<string, ToolMessage>;
  toolRecords: Map<string, ToolCallRecord>;
};

const NEAR_BOTTOM_PX = 120;

/**
 * Only the rows in view (plus a few) are in the DOM, so a 5,000-message session costs about what a
 * short one does. The list follows new output while the reader is at the bottom, and stays put once
 * they scroll up.
 */
export function MessageList({ sessionId, rows, toolResults, toolRecords }: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    overscan: 6,
    getItemKey: (i) => rows[i]?.key ?? i,
  });

  // Streaming growth changes the last row's height without changing `rows`; follow it too.
  const streamedLength = useRunStore((s) => {
    const st = s.runs[sessionId]?.streaming;
    return st ? st.text.length + st.reasoning.length + st.toolCalls.length : 0;
  });

  useLayoutEffect(() => {
    stick.current = true;
  }, [sessionId]);

  useEffect(() => {
    if (!stick.current || rows.length === 0) return;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    const el = scrollRef.current;
    // Measured heights land after the first scroll; pin to the true bottom once they have.
    const raf = requestAnimationFrame(() => { if (el && stick.current) el.scrollTop = el.scrollHeight; });
    return () => cancelAnimationFrame(raf);
  }, [rows.length, streamedLength, sessionId, virtualizer]);

  // The timeline's "Show in chat": scroll to the message and mark it until the next jump.
  const [highlight, setHighlight] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  useEffect(() => {
    const onShow = (e: Event) => {
      const detail = (e as CustomEvent<ShowInChatDetail>).detail;
      if (!detail || detail.sessionId !== sessionId) return;
      const index = rowIndexFor(rowsRef.current, detail);
      if (index < 0) return;
      stick.current = false;
      setHighlight(rowsRef.current[index]?.key ?? null);
      virtualizer.scrollToIndex(index, { align: 'center' });
    };
    window.addEventListener(SHOW_IN_CHAT, onShow);
    return () => window.removeEventListener(SHOW_IN_CHAT, onShow);
  }, [sessionId, virtualizer]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scrollRef} className="message-list" onScroll={onScroll} role="log" aria-label="Messages" aria-live="off" tabIndex={0}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <div style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} data-highlight={row.key === highlight || undefined}>
                <MessageRow sessionId={sessionId} row={row} toolResults={toolResults} toolRecords={toolRecords} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
