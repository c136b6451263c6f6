import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { WireEvent } from '../../domain/wire-exchange';

/**
 * List "Events": one item per server-sent event with its arrival time, name and data. Virtualised as the chat's
 * message list is (docs/wire-capture.md): an answer of 50,000 events puts a window of rows in the page, not 50,000.
 */
/** `count` of `events` are read so far (the reader adds to the array as it goes: use-wire-events.ts). */
export function WireEventsList({ events, count }: { events: readonly WireEvent[]; count: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 28,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scrollRef} className="wire-events" tabIndex={0} aria-label="Events, scrollable">
      <ul aria-label="Events" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const e = events[item.index];
          if (!e) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={count}
              aria-posinset={item.index + 1}
              className="wire-event"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <span className="wire-event-time">{Math.round(e.atMs)} ms</span>{' '}
              <span className="wire-event-name">{e.event === '' ? '(no name)' : e.event}</span>{' '}
              <code className="wire-event-data">{e.data}</code>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
