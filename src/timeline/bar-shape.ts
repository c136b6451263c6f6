import type { BarStatus } from './outcome-style';
import type { McpViewEventRecord } from '../domain/mcp-view-event';

/** What the timeline draws for one model request, tool call, run or span (timeline/layout.ts lays them out). */

export type SegmentKind = 'queued' | 'waiting' | 'streaming' | 'approval' | 'execution';
export type Segment = { kind: SegmentKind; start: number; end: number };

/** `view`: a request of an MCP App View or what the host told it (timeline/view-rows.ts), a point in time. */
/** `task`: the MCP task a call was answered with, from its handle to its end (timeline/task-rows.ts). */
type BarKind = 'run' | 'request' | 'backoff' | 'call' | 'compaction' | 'view' | 'task';

export type Bar = {
  id: string;
  kind: BarKind;
  status: BarStatus;
  /** Session-axis ms. */
  start: number;
  end: number;
  /** Still going: drawn up to `end` (= now) with an open edge. */
  open: boolean;
  /** Offset of the bar's run on the session axis; `start - runOffset` is the offset within the run. */
  runOffset: number;
  runIndex: number;
  turn: number | null;
  lane: number | null;
  callId: string | null;
  /** Set for a tool the provider ran (Responses API), drawn apart from the browser's tools. */
  runBy?: 'provider';
  /** A span of an imported trace that is no model request or tool call: drawn in its own style. */
  span?: true;
  attempt: number | null;
  label: string;
  /** What the bar is, for its accessible name ("search_web", "Turn 2 model request attempt 1"). */
  name: string;
  /** Appended to the outcome word, e.g. " (server 503)". */
  note: string;
  approvalMs: number | null;
  /** A call repeating an earlier one of its run (same tool, same arguments): which occurrence it is. */
  repeat?: number;
  /** Edited at a pause (architecture.md, "Breakpoints"). */
  edited?: true;
  segments: Segment[];
  /** A View event's record (its JSON-RPC for the details). */
  viewEvent?: McpViewEventRecord;
};
