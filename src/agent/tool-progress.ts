import type { McpProgress } from '../domain/mcp-call-trace';
import type { ToolLog, ToolProgress } from './tool-executor';

/**
 * What one `tool_progress` event carries: console lines new since the last one, the bytes received so far, and an
 * MCP server's latest progress report.
 */
export type ProgressBody = { logs?: ToolLog[]; bytesReceived?: number; bytesTotal?: number; mcpProgress?: McpProgress };

/** At most one progress event per call in this time: a tool printing in a tight loop cannot flood the stream. */
const TOOL_PROGRESS_INTERVAL_MS = 100;
/** Console lines passed on live per call; the result still carries the tool's whole (bounded) log. */
export const MAX_LIVE_LOG_LINES = 1_000;

export type ProgressReporter = {
  report(progress: ToolProgress): void;
  /** Drops what is pending and ignores later reports: the call has its result (architecture.md, "Live tool progress"). */
  close(): void;
};

/**
 * Gathers a running tool's progress and hands it on at most once per interval: the first report at once, later
 * ones batched until the interval has passed. Lines are never reordered or repeated; after `close` nothing is sent.
 */
export function progressReporter(
  send: (body: ProgressBody) => void,
  clock: () => number,
  intervalMs: number = TOOL_PROGRESS_INTERVAL_MS,
): ProgressReporter {
  let lines: ToolLog[] = [];
  let passed = 0;
  let bytes: { received: number; total: number | null } | null = null;
  let mcp: McpProgress | null = null;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || (lines.length === 0 && bytes === null && mcp === null)) return;
    last = clock();
    const body: ProgressBody = {
      ...(lines.length > 0 ? { logs: lines } : {}),
      ...(bytes !== null
        ? { bytesReceived: bytes.received, ...(bytes.total !== null ? { bytesTotal: bytes.total } : {}) }
        : {}),
      ...(mcp !== null ? { mcpProgress: mcp } : {}),
    };
    lines = [];
    bytes = null;
    mcp = null;
    send(body);
  };

  return {
    report(progress) {
      if (closed) return;
      if (progress.kind === 'log') {
        if (passed >= MAX_LIVE_LOG_LINES) return;
        passed += 1;
        lines.push(progress.log);
      } else if (progress.kind === 'bytes') {
        bytes = { received: progress.received, total: progress.total };
      } else {
        mcp = progress.progress;
      }
      if (timer !== undefined) return;
      const wait = last + intervalMs - clock();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      lines = [];
      bytes = null;
      mcp = null;
    },
  };
}
