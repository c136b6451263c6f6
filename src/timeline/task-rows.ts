import { isTaskLaneOpen, MCP_TASK_STATUS_WORDS, type McpTaskLaneStatus, type McpTaskRecord } from '../domain/mcp-task';
import type { Bar } from './bar-shape';
import type { Row, TimelineLayout } from './layout';
import type { RunModel } from './model';
import type { BarStatus } from './outcome-style';

/**
 * MCP tasks on the chart (architecture.md, "MCP Tasks"; screens.md, "Timeline layout"): a task is work a call started
 * on its server, so it is a row right under its call, one level deeper, from when the page got the handle to the
 * task's last known state (still open: up to the run's end, which for a live run is now). It is drawn on the call's
 * run; a task that outlived its run is
 * cut at the run's end here, and its lane above the chart tells the rest. The bar names the call, so choosing it
 * shows the call's details, as a sampling row does.
 */

const STATUS: Record<McpTaskLaneStatus, BarStatus> = {
  working: 'running',
  input_required: 'running',
  cancelling: 'running',
  completed: 'ok',
  failed: 'error',
  cancelled: 'cancelled',
  lost: 'interrupted',
  expired: 'timeout',
};

/** The layout with a task row under each shown call that has a task; the same layout when none has. */
export function withTaskRows(
  layout: TimelineLayout,
  runs: readonly RunModel[],
  tasks: readonly McpTaskRecord[],
): TimelineLayout {
  // Each task row goes after its call's own rows (sampling, nested spans), so their connectors keep reading from
  // the call; a nested call's task comes before its parent's, deeper first.
  const after = new Map<number, Row[]>();
  for (const task of tasks) {
    const hit = layout.callIndex.get(task.callId);
    const callRow = hit === undefined ? undefined : layout.rows[hit.row];
    const run = hit === undefined ? undefined : runs.find((r) => r.index === hit.bar.runIndex);
    if (hit === undefined || callRow === undefined || run === undefined) continue;
    let last = hit.row;
    while ((layout.rows[last + 1]?.depth ?? -1) > callRow.depth) last++;
    const list = after.get(last) ?? [];
    list.push(taskRow(task, callRow, hit.bar, run));
    after.set(last, list);
  }
  if (after.size === 0) return layout;
  const rows: Row[] = [];
  const callIndex: TimelineLayout['callIndex'] = new Map();
  layout.rows.forEach((row, i) => {
    rows.push(row);
    const bar = row.kind === 'call' ? row.bars[0] : undefined;
    if (bar?.callId) callIndex.set(bar.callId, { row: rows.length - 1, bar });
    rows.push(...(after.get(i) ?? []).sort((a, b) => b.depth - a.depth));
  });
  return { ...layout, rows, callIndex };
}

function taskRow(task: McpTaskRecord, callRow: Row, call: Bar, run: RunModel): Row {
  const open = isTaskLaneOpen(task.status);
  const runEnd = call.runOffset + run.duration;
  const at = (wall: number) => Math.min(runEnd, Math.max(call.start, call.runOffset + (wall - run.startedAt)));
  const start = at(task.createdAt);
  const end = open ? runEnd : Math.max(start, at(task.updatedAt));
  const word = MCP_TASK_STATUS_WORDS[task.status];
  const bar: Bar = {
    id: `task:${task.callId}`,
    kind: 'task',
    status: STATUS[task.status],
    start,
    end,
    open: open && run.state === 'live',
    runOffset: call.runOffset,
    runIndex: call.runIndex,
    turn: call.turn,
    lane: call.lane,
    callId: task.callId,
    attempt: null,
    label: `task · ${word}`,
    name: `${task.toolName} task on ${task.serverName}`,
    note: task.statusMessage ? ` (${task.statusMessage})` : '',
    approvalMs: null,
    segments: [],
  };
  return {
    key: `task:${task.callId}`,
    kind: 'task',
    label: 'Task',
    runIndex: callRow.runIndex,
    turn: callRow.turn,
    depth: callRow.depth + 1,
    under: callRow.under,
    foldable: false,
    bars: [bar],
    maxEnd: [bar.end],
  };
}
