import { cancelTaskLane } from '../../../store/mcp/mcp-face';
import { LateResultOffer } from './late-result-offer';
import { isTaskLaneOpen, MCP_TASK_STATUS_WORDS, type McpTaskRecord } from '../../../domain/mcp-task';

/**
 * One task's lane (architecture.md, "MCP Tasks"): its tool and status in words, the server's latest message, how it
 * ended, and "Cancel task" while it runs. The same row is under the tool card and on the timeline.
 */
export function TaskLaneRow({ lane }: { lane: McpTaskRecord }) {
  const words = MCP_TASK_STATUS_WORDS[lane.status];
  const open = isTaskLaneOpen(lane.status);
  return (
    <div
      className={`task-lane task-lane-${lane.status}`}
      role="group"
      aria-label={`Task of ${lane.toolName}: ${words}`}
      data-task-id={lane.taskId}
    >
      <span className="hint">
        Task on {lane.serverName} · <strong className={`status status-${lane.status}`}>{words}</strong>
      </span>
      {lane.statusMessage !== undefined && lane.statusMessage !== '' && (
        <span className="hint" aria-label="Task message">
          {' '}
          · {lane.statusMessage}
        </span>
      )}
      {open && (
        <button
          type="button"
          className="link"
          disabled={lane.status === 'cancelling'}
          onClick={() => cancelTaskLane(lane.callId)}
        >
          Cancel task
        </button>
      )}
      {!open && lane.endText !== undefined && (
        <pre className="task-lane-end" aria-label="Task outcome">
          {lane.endText}
        </pre>
      )}
      {!open && lane.lateResult !== undefined && lane.sessionId !== '' && (
        <LateResultOffer lane={lane} arrivedAt={lane.lateResult.arrivedAt} />
      )}
    </div>
  );
}
