import { BlobStoreError, type StorageKind } from './blob-store';
import { corsRefusalText } from './cors-help';

export type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

/** Runs one storage request; a failed fetch becomes the CORS sentence, 401/403 a credentials error. */
export async function storageCall(kind: StorageKind, baseUrl: string, run: () => Promise<Response>): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (e) {
    if (e instanceof BlobStoreError) throw e;
    throw new BlobStoreError('cors', corsRefusalText(kind, baseUrl, pageOrigin()));
  }
  if (res.status === 401 || res.status === 403) {
    throw new BlobStoreError('auth', `The storage refused the credentials (HTTP ${res.status}): check the ${kind === 's3' ? 'access key ID and secret access key' : 'username and password'}.`, res.status);
  }
  return res;
}

export function storageHttpError(what: string, res: Response): BlobStoreError {
  return new BlobStoreError('http', `The storage answered ${what} with HTTP ${res.status} ${res.statusText}.`.replace(/ \./, '.'), res.status);
}

function pageOrigin(): string {
  return typeof location === 'undefined' ? 'this page' : location.origin;
}

export function bodyOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
