import { buildTimeline } from '../build-timeline';
import { layoutTimeline } from '../layout';
import { RunScript } from './run-script';

/** A run of two turns, two parallel calls in the first; a span `child` ran inside `a`, `grand` inside `child`. */
export function nestedRun() {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 50, 100)
    .tool(1, 'a', 'search_web', 200, 900)
    .tool(1, 'b', 'fetch_url', 200, 400)
    .tool(1, 'child', 'db.query', 250, 600)
    .tool(1, 'grand', 'http.get', 300, 500)
    .request(2, 910, 50, 100, { finish: 'stop' })
    .finished(1100);
  const parents: Record<string, string> = { child: 'a', grand: 'child' };
  const events = s
    .build()
    .map((e) => (e.type === 'tool_started' && parents[e.callId] ? { ...e, parentCallId: parents[e.callId] } : e));
  return layoutTimeline(buildTimeline('s1', [s.record()], events, 0));
}
