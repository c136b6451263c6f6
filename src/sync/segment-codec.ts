import { openBody, sealBody, type BlobBody } from './blob-body-codec';
import type { CodecRequest, FromCodecWorker } from './codec-protocol';
import { VaultError, type VaultKey } from './vault-crypto';

export type { BlobBody } from './blob-body-codec';

/**
 * Sealing and opening blobs (architecture.md, "Sync and backup"). Big ones (a first sync, snapshots) go to a
 * worker, so JSON, gzip and AES-GCM never hold the page's main thread; small ones, and everywhere without
 * workers (Node tests), stay on the calling thread: a worker round trip costs more than they do.
 */
const BIG_BYTES = 32 * 1024;
const BIG_RECORDS = 100;

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (m: FromCodecWorker) => void>();

function codecWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  if (typeof Worker === 'undefined') return null;
  try {
    const w = new Worker(new URL('./codec-worker.ts', import.meta.url), {
      type: 'module',
      name: 'toolscope-sync-codec',
    });
    w.onmessage = (e: MessageEvent<FromCodecWorker>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
    w.onerror = (e) => {
      // The worker could not start (or died): what waits fails and later calls run on this thread.
      e.preventDefault();
      worker = null;
      for (const [id, resolve] of waiting)
        resolve({ id, ok: false, kind: null, message: e.message || 'The sync codec worker failed.' });
      waiting.clear();
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

function ask(msg: CodecRequest, w: Worker, transfer: Transferable[] = []): Promise<FromCodecWorker> {
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    w.postMessage({ ...msg, id }, transfer);
  });
}

function failure(m: Extract<FromCodecWorker, { ok: false }>): Error {
  return m.kind !== null ? new VaultError(m.kind, m.message) : new Error(m.message);
}

const records = (b: BlobBody) => (b.kind === 'seg' ? b.changes.length : b.entities.length);

/** JSON, gzip, then sealed with the path bound in (vault-crypto.ts). */
export async function encodeBlob(key: VaultKey, path: string, body: BlobBody): Promise<Uint8Array> {
  const w = records(body) >= BIG_RECORDS ? codecWorker() : null;
  if (!w) return sealBody(key, path, body);
  const m = await ask({ op: 'seal', key, path, body }, w);
  if (!m.ok) throw failure(m);
  if (!('bytes' in m)) throw new Error('The sync codec worker answered out of turn.');
  return m.bytes;
}

/** Opens, unzips and checks a blob; anything torn, tampered or moved is refused whole. */
export async function decodeBlob(key: VaultKey, path: string, sealed: Uint8Array): Promise<BlobBody> {
  const w = sealed.length >= BIG_BYTES ? codecWorker() : null;
  if (!w) return openBody(key, path, sealed);
  const m = await ask({ op: 'open', key, path, bytes: sealed }, w);
  if (!m.ok) throw failure(m);
  if (!('body' in m)) throw new Error('The sync codec worker answered out of turn.');
  return m.body;
}
