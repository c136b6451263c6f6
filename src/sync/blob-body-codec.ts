import type { Change, Entity } from './entity-merge';
import { openBlob, seal, VaultError, type VaultKey } from './vault-crypto';

type SegmentBody = { format: 1; kind: 'seg'; device: string; seq: number; changes: Change[] };
/** `frontier`: for each device, the last of its segments this snapshot's state includes. */
type SnapshotBody = {
  format: 1;
  kind: 'snap';
  device: string;
  seq: number;
  frontier: Record<string, number>;
  entities: [string, Entity][];
};
export type BlobBody = SegmentBody | SnapshotBody;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const copy = new Uint8Array(bytes);
  const out = new Response(new Blob([copy]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** JSON, gzip, then sealed with the path bound in (vault-crypto.ts), on the thread it is called from. */
export async function sealBody(key: VaultKey, path: string, body: BlobBody): Promise<Uint8Array> {
  return seal(key, path, await pipe(new TextEncoder().encode(JSON.stringify(body)), new CompressionStream('gzip')));
}

/** Opens, unzips and checks a blob; anything torn, tampered or moved is refused whole. */
export async function openBody(key: VaultKey, path: string, sealed: Uint8Array): Promise<BlobBody> {
  const plain = await openBlob(key, path, sealed);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await pipe(plain, new DecompressionStream('gzip'))));
  } catch {
    throw new VaultError(
      'integrity',
      `${path} on the storage could not be read after decryption; nothing from it was applied.`,
    );
  }
  const b = body as Partial<BlobBody> | null;
  const ok =
    b !== null &&
    typeof b === 'object' &&
    b.format === 1 &&
    typeof b.device === 'string' &&
    typeof b.seq === 'number' &&
    ((b.kind === 'seg' && Array.isArray((b as SegmentBody).changes)) ||
      (b.kind === 'snap' &&
        Array.isArray((b as SnapshotBody).entities) &&
        typeof (b as SnapshotBody).frontier === 'object'));
  if (!ok)
    throw new VaultError(
      'integrity',
      `${path} on the storage is not a sync segment this version reads; nothing from it was applied.`,
    );
  return b as BlobBody;
}
