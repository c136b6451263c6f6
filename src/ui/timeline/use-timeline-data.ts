import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { db } from '../../db/database';
import type { EventRecord, RunRecord } from '../../db/records';
import { animationFrameScheduler } from '../../store/frame-batcher';
import { buildTimeline } from '../../timeline/build-timeline';
import type { TimelineModel } from '../../timeline/model';

type Loaded = { sessionId: string; runs: RunRecord[]; events: EventRecord[] };
type State = { sessionId: string | null; model: TimelineModel | null; error: string | null };

const LIVE_TICK_MS = 250;

/**
 * The session's timeline model, live. Dexie re-runs the query when the persister writes; the model is
 * built in its own task (not in the IndexedDB callback, not in the render), and reaches React at most
 * once per animation frame however often the tables change. While a run is live a clock rebuilds it
 * a few times a second so open bars grow.
 */
export function useTimelineModel(sessionId: string | null): { model: TimelineModel | null; error: string | null } {
  const [state, setState] = useState<State>({ sessionId: null, model: null, error: null });

  useEffect(() => {
    if (!sessionId) return;
    let latest: Loaded | null = null;
    let built: TimelineModel | null = null;
    let buildTimer: ReturnType<typeof setTimeout> | null = null;
    let cancelFrame: (() => void) | null = null;
    let clock: ReturnType<typeof setInterval> | null = null;

    const publish = () => {
      if (cancelFrame) return;
      cancelFrame = animationFrameScheduler(() => {
        cancelFrame = null;
        if (built) setState({ sessionId, model: built, error: null });
      });
    };
    const build = () => {
      buildTimer = null;
      if (!latest) return;
      built = buildTimeline(latest.sessionId, latest.runs, latest.events, Date.now());
      const live = built.runs.some((r) => r.state === 'live');
      if (live && !clock) clock = setInterval(scheduleBuild, LIVE_TICK_MS);
      if (!live && clock) {
        clearInterval(clock);
        clock = null;
      }
      publish();
    };
    function scheduleBuild() {
      if (!buildTimer) buildTimer = setTimeout(build, 0);
    }

    const subscription = liveQuery(async (): Promise<Loaded> => {
      const [runs, events] = await Promise.all([
        db.runs.where('sessionId').equals(sessionId).toArray(),
        db.events.where('sessionId').equals(sessionId).toArray(),
      ]);
      return { sessionId, runs, events };
    }).subscribe({
      next: (value) => {
        latest = value;
        scheduleBuild();
      },
      error: (err: unknown) => setState({ sessionId, model: null, error: err instanceof Error ? err.message : String(err) }),
    });
    return () => {
      subscription.unsubscribe();
      if (buildTimer) clearTimeout(buildTimer);
      if (clock) clearInterval(clock);
      cancelFrame?.();
    };
  }, [sessionId]);

  return state.sessionId === sessionId ? { model: state.model, error: state.error } : { model: null, error: null };
}
