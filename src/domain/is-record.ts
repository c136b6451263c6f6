/** A plain JSON object (not null, not an array): how untyped input from a wire, a file or a frame is narrowed. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
