/**
 * A run's log cut by the sandbox (architecture.md, "Defaults": 64 KB and 1,000 entries) ends in one entry saying how
 * many entries were dropped. Every place that shows a log (Try it, the chat's tool card) reads that entry here, so
 * each says it the same way: the count names what was kept out of what was logged, and the entry stays in view.
 */
type Log = { level: string; text: string };

/** The text of the last entry createLogCollector adds; `limit` is what bounded the log ("64 KB", "1000 entries"). */
export function droppedEntriesText(dropped: number, limit: string): string {
  const what = dropped === 1 ? '1 more log entry' : `${dropped} more log entries`;
  return `…[${what} dropped: the log is limited to ${limit}]`;
}

const DROPPED = /^…\[(\d+) more log entr(?:y|ies) dropped: the log is limited to [^\]\n]+\]$/;

type SplitLog<L extends Log> = {
  /** The entries the tool printed that were kept (the last may be cut, with cutOutput's marker). */
  entries: L[];
  /** The closing entry that says how many more were dropped, and that count; null when none were. */
  dropped: { entry: L; count: number } | null;
};

/** Only the last entry, at level warn, can be the marker: a tool printing the same words earlier is just a line. */
export function splitLog<L extends Log>(logs: readonly L[]): SplitLog<L> {
  const last = logs[logs.length - 1];
  const match = last !== undefined && last.level === 'warn' ? DROPPED.exec(last.text) : null;
  if (last === undefined || match === null) return { entries: [...logs], dropped: null };
  return { entries: logs.slice(0, -1), dropped: { entry: last, count: Number(match[1]) } };
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** "Logs (2)", or "Logs (656 of 100,000 kept)" when the log was cut. */
export function logHeading(log: SplitLog<Log>): string {
  const kept = log.entries.length;
  return log.dropped === null ? `Logs (${fmt(kept)})` : `Logs (${fmt(kept)} of ${fmt(kept + log.dropped.count)} kept)`;
}
