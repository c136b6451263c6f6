import { BlobStoreError, type StorageKind } from './blob-store';
import { corsRefusalText } from './cors-help';

export type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

/** How long a request that failed below HTTP waits before its one retry. */
const NETWORK_RETRY_MS = 250;

/**
 * Runs one storage request; a failed fetch becomes the CORS sentence, 401/403 a credentials error. A fetch that fails
 * below HTTP is tried once more first: a kept-alive connection the server had just closed, or a moment without
 * network, is not a refusal (a CORS refusal fails the same way again). Every storage request is safe to repeat: a
 * repeated put-if-absent that had landed reads as "already there", and a segment sent twice merges to the same state.
 */
export async function storageCall(
  kind: StorageKind,
  baseUrl: string,
  run: () => Promise<Response>,
  pause: (ms: number) => Promise<void> = sleep,
): Promise<Response> {
  let res: Response;
  try {
    res = await run().catch(async (e: unknown) => {
      if (e instanceof BlobStoreError || isAbort(e)) throw e;
      await pause(NETWORK_RETRY_MS);
      return run();
    });
  } catch (e) {
    if (e instanceof BlobStoreError || isAbort(e)) throw e;
    throw new BlobStoreError('cors', corsRefusalText(kind, baseUrl, pageOrigin()));
  }
  if (res.status === 401 || res.status === 403) {
    throw new BlobStoreError(
      'auth',
      `The storage refused the credentials (HTTP ${res.status}): check the ${kind === 's3' ? 'access key ID and secret access key' : 'username and password'}.`,
      res.status,
    );
  }
  return res;
}

/**
 * The storage's answer, named as it came (method, path, status and its text). A 5xx is the storage's own fault,
 * which often passes (a busy or restarting server): the sentence says so, so the person knows waiting is the cure.
 */
export function storageHttpError(what: string, res: Response): BlobStoreError {
  const answered = `The storage answered ${what} with HTTP ${res.status} ${res.statusText}.`.replace(/ \./, '.');
  const serverSide =
    res.status >= 500 ? ' That is a fault on the storage’s side and often passes; if it stays, check the storage.' : '';
  return new BlobStoreError('http', answered + serverSide, res.status);
}

function pageOrigin(): string {
  return typeof location === 'undefined' ? 'this page' : location.origin;
}

export function bodyOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';
