import { useEffect } from 'react';
import { lookUpTaskLane, useMcpTaskLanes } from '../../store/mcp-task-lanes';
import { TaskLaneRow } from './task-lane-row';

/** Under a tool card: the task the server answered the call with, if any (stored ones come back after a reload). */
export default function TaskLaneSlot({ callId }: { callId: string }) {
  const lane = useMcpTaskLanes((s) => s.lanes[callId]);
  useEffect(() => {
    void lookUpTaskLane(callId);
  }, [callId]);
  return lane === undefined ? null : <TaskLaneRow lane={lane} />;
}
