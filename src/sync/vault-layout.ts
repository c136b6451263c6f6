/**
 * Where things live on the storage (architecture.md, "Sync and backup"): one writer per path.
 *   vault.json                         written once, by the device that made the vault
 *   devices/<device>/seg-<n>           that device's n-th segment of changes (immutable)
 *   devices/<device>/snap-<n>          that device's whole state, covering its segments up to n and others' up to a frontier
 */
export const VAULT_PATH = 'vault.json';
export const DEVICES = 'devices/';

const pad = (n: number) => String(n).padStart(9, '0');

export const segmentPath = (device: string, seq: number) => `${DEVICES}${device}/seg-${pad(seq)}`;
export const snapshotPath = (device: string, seq: number) => `${DEVICES}${device}/snap-${pad(seq)}`;

export type StoredBlob = { device: string; kind: 'seg' | 'snap'; seq: number; path: string };

/** Reads a listed path; anything else on the storage (a folder marker, a stray file) is left alone. */
export function parseBlobPath(path: string): StoredBlob | null {
  const m = /^devices\/([A-Za-z0-9_-]+)\/(seg|snap)-(\d{9})$/.exec(path);
  if (!m) return null;
  return { device: m[1]!, kind: m[2] as 'seg' | 'snap', seq: Number(m[3]), path };
}
