/** The error a cancelled request rejects with: the same shape fetch uses, so callers check `name === 'AbortError'`. */
export function makeAbortError(message = 'The request was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

export function isAbortError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}
