import { useEffect, useState } from 'react';
import { WireEventReader } from '../../domain/wire-events';
import type { WireEvent, WireResponse } from '../../domain/wire-exchange';

/** How long one slice of reading may hold the main thread: well under a long task's 50 ms (docs/wire-capture.md). */
const SLICE_MS = 8;

type Progress = { readonly events: readonly WireEvent[]; readonly count: number; readonly done: boolean };

/**
 * The events of a streamed response, read in slices between tasks: a 50,000-event answer opens the dialog at once
 * and fills its list as it is read, instead of holding the page for the whole read. `count` grows as slices land;
 * the array is the reader's own (events only ever join its end).
 */
export function useWireEvents(response: WireResponse): Progress {
  const [progress, setProgress] = useState<Progress>({ events: [], count: 0, done: false });
  useEffect(() => {
    const reader = new WireEventReader();
    const reads = response.reads;
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const until = performance.now() + SLICE_MS;
      while (next < reads.length && performance.now() < until) reader.push(reads[next++]!);
      const done = next >= reads.length;
      if (done && response.endedAtMs !== undefined) reader.end();
      setProgress({ events: reader.events, count: reader.events.length, done });
      if (!done) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [response]);
  return progress;
}
