import type { BlobBody } from './blob-body-codec';
import type { VaultErrorKind, VaultKey } from './vault-crypto';

/** Messages to and from sync's codec worker (codec-worker.ts). The CryptoKey is cloned, never exported. */
export type CodecRequest =
  | { op: 'seal'; key: VaultKey; path: string; body: BlobBody }
  | { op: 'open'; key: VaultKey; path: string; bytes: Uint8Array };

export type ToCodecWorker = CodecRequest & { id: number };

export type FromCodecWorker =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: true; body: BlobBody }
  | { id: number; ok: false; kind: VaultErrorKind | null; message: string };
