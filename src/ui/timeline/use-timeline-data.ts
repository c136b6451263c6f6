import { startTransition, useEffect, useRef, useState } from 'react';
import type { EventRecord, RunRecord } from '../data/record-types';
import { createSessionEventsCache } from '../data/session/session-events';
import { useSessionRuns, type SessionRuns } from '../data/run/use-session-runs';
import { animationFrameScheduler } from '../../store/run/frame-batcher';
import { buildTimeline } from '../../timeline/build-timeline';
import { layoutTimeline, type TimelineLayout } from '../../timeline/layout';
import type { TimelineModel } from '../../timeline/model';
import { summarize, type TimelineStats } from '../../timeline/summary';

/** The model plus its unfiltered layout and summary, computed together off the render path. */
type TimelineSnapshot = { model: TimelineModel; layout: TimelineLayout; summary: TimelineStats };

type Loaded = { sessionId: string; runs: RunRecord[]; events: EventRecord[] };
type State = { sessionId: string | null; snapshot: TimelineSnapshot | null; error: string | null };

const LIVE_TICK_MS = 250;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The session's timeline model, live. The runs' live query answers again when the persister writes; the
 * model is built in its own task (not in the IndexedDB callback, not in the render), and reaches React at
 * most once per animation frame however often the tables change. While a run is live a clock rebuilds it
 * a few times a second so open bars grow.
 */
export function useTimelineSnapshot(
  sessionId: string | null,
  allBranches = false,
): { snapshot: TimelineSnapshot | null; error: string | null; hiddenRuns: number } {
  const [state, setState] = useState<State>({ sessionId: null, snapshot: null, error: null });
  const source = useSessionRuns(sessionId, allBranches);
  const hiddenRuns = source && 'hidden' in source && source.sessionId === sessionId ? source.hidden : 0;
  // Hands each new answer of the live query to the pipeline of the session shown (null while none is).
  const feed = useRef<((value: SessionRuns) => void) | null>(null);

  useEffect(() => {
    if (!sessionId) return;
    let latest: Loaded | null = null;
    let built: TimelineSnapshot | null = null;
    let cancelFrame: (() => void) | null = null;
    let clock: ReturnType<typeof setInterval> | null = null;
    let closed = false;

    const publish = () => {
      if (cancelFrame) return;
      cancelFrame = animationFrameScheduler(() => {
        cancelFrame = null;
        const snapshot = built;
        // A transition lets React render a big session in slices instead of one long task.
        if (snapshot) startTransition(() => setState({ sessionId, snapshot, error: null }));
      });
    };
    // Building, laying out and summing up a big session each take a few ms; separate tasks keep each short.
    let building = false;
    let dirty = false;
    const runBuilds = async () => {
      building = true;
      try {
        while (dirty && !closed) {
          dirty = false;
          await nextTask();
          if (!latest || closed) break;
          const model = buildTimeline(latest.sessionId, latest.runs, latest.events, Date.now());
          await nextTask();
          if (closed) break;
          const layout = layoutTimeline(model);
          await nextTask();
          if (closed) break;
          built = { model, layout, summary: summarize(model) };
          const live = model.runs.some((r) => r.state === 'live');
          if (live && !clock) clock = setInterval(scheduleBuild, LIVE_TICK_MS);
          if (!live && clock) {
            clearInterval(clock);
            clock = null;
          }
          publish();
        }
      } finally {
        building = false;
      }
    };
    function scheduleBuild() {
      dirty = true;
      if (!building) void runBuilds();
    }

    // The live query watches only the runs and the event count; the events are read here, incrementally.
    const cache = createSessionEventsCache();
    let syncing = false;
    let pending: { runs: RunRecord[]; count: number } | null = null;
    const sync = async () => {
      if (syncing) return;
      syncing = true;
      try {
        while (pending) {
          const { runs, count } = pending;
          pending = null;
          const events = await cache.sync(runs, count);
          if (closed) return;
          latest = { sessionId, runs, events };
          scheduleBuild();
        }
      } catch (err: unknown) {
        if (!closed) setState({ sessionId, snapshot: null, error: err instanceof Error ? err.message : String(err) });
      } finally {
        syncing = false;
      }
    };
    feed.current = (value) => {
      pending = value;
      void sync();
    };
    return () => {
      closed = true;
      feed.current = null;
      if (clock) clearInterval(clock);
      cancelFrame?.();
    };
  }, [sessionId]);

  useEffect(() => {
    // Until the new session's first answer, the live query still holds the previous session's.
    if (!source || source.sessionId !== sessionId) return;
    if ('error' in source) setState({ sessionId, snapshot: null, error: source.error });
    else feed.current?.(source);
  }, [source, sessionId]);

  return state.sessionId === sessionId
    ? { snapshot: state.snapshot, error: state.error, hiddenRuns }
    : { snapshot: null, error: null, hiddenRuns };
}
