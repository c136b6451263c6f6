import { useEffect, useMemo } from 'react';
import { lookUpSessionTaskLanes, useMcpTaskLanes } from '../../../store/mcp/mcp-face';
import { TaskLaneRow } from './task-lane-row';

/** On the timeline: every task of the session, each in its lane, without opening details. */
export function TaskLanesList({ sessionId }: { sessionId: string }) {
  const lanes = useMcpTaskLanes((s) => s.lanes);
  useEffect(() => {
    void lookUpSessionTaskLanes(sessionId);
  }, [sessionId]);
  const mine = useMemo(
    () =>
      Object.values(lanes)
        .filter((l) => l.sessionId === sessionId)
        .sort((a, b) => a.createdAt - b.createdAt),
    [lanes, sessionId],
  );
  if (mine.length === 0) return null;
  return (
    <section className="tl-task-lanes" aria-label="Tasks">
      {mine.map((lane) => (
        <TaskLaneRow key={lane.callId} lane={lane} />
      ))}
    </section>
  );
}
