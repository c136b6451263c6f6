import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { db } from '../../db/database';
import type { EventRecord, RunRecord } from '../../db/records';
import { animationFrameScheduler } from '../../store/frame-batcher';

export type TimelineData = { sessionId: string; runs: RunRecord[]; events: EventRecord[] };

/**
 * The session's runs and events, live: Dexie re-runs the query when the persister writes, and the
 * result reaches React at most once per animation frame however often the tables change.
 */
export function useTimelineData(sessionId: string | null): { data: TimelineData | null; error: string | null } {
  const [state, setState] = useState<{ data: TimelineData | null; error: string | null }>({ data: null, error: null });

  useEffect(() => {
    if (!sessionId) return;
    let latest: TimelineData | null = null;
    let cancelFrame: (() => void) | null = null;
    const subscription = liveQuery(async () => {
      const [runs, events] = await Promise.all([
        db.runs.where('sessionId').equals(sessionId).toArray(),
        db.events.where('sessionId').equals(sessionId).toArray(),
      ]);
      return { sessionId, runs, events };
    }).subscribe({
      next: (value) => {
        latest = value;
        if (cancelFrame) return;
        cancelFrame = animationFrameScheduler(() => {
          cancelFrame = null;
          if (latest) setState({ data: latest, error: null });
        });
      },
      error: (err: unknown) => setState({ data: null, error: err instanceof Error ? err.message : String(err) }),
    });
    return () => {
      subscription.unsubscribe();
      cancelFrame?.();
    };
  }, [sessionId]);

  return state.data && state.data.sessionId === sessionId ? state : { data: null, error: state.error };
}

/** Wall clock that ticks while something is live, so open bars grow; frozen otherwise. */
export function useNow(live: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [live, intervalMs]);
  return now;
}
