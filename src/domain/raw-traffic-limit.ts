/**
 * "Raw traffic kept per session (MB)" (Settings; docs/wire-capture.md, "Kept, bounded"): how much of a session's
 * captured exchanges storage keeps, 5 MB unless the person chose otherwise, within these bounds.
 */
export const DEFAULT_RAW_TRAFFIC_LIMIT_BYTES = 5 * 1024 * 1024;
export const RAW_TRAFFIC_LIMIT_MB = { min: 0.5, max: 100 } as const;

/** The limit in megabytes as Settings and the dialog's notes say it (`0.5`, `5`, `12.5`). */
export function megabytesOf(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 100) / 100);
}
