import { useEffect } from 'react';
import { lookUpTaskLane, useMcpTaskLanes } from '../../../store/mcp/mcp-face';
import { TaskLaneRow } from './task-lane-row';
import { useToolRowsOpen } from '../../../store/tool-rows-open';

/** Under a tool card: the task the server answered the call with, if any (stored ones come back after a reload). */
export default function TaskLaneSlot({ callId }: { callId: string }) {
  const lane = useMcpTaskLanes((s) => s.lanes[callId]);
  useEffect(() => {
    void lookUpTaskLane(callId);
  }, [callId]);
  // A call with a lane stays in sight when its turn folds into one summary row (architecture.md, "Calm tool rows").
  const shown = lane !== undefined;
  useEffect(() => {
    if (shown) useToolRowsOpen.getState().pinRow(callId);
  }, [callId, shown]);
  return lane === undefined ? null : <TaskLaneRow lane={lane} />;
}
