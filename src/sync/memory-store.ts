import type { BlobStore } from './blob-store';

/** A storage in memory, for unit tests and simulated devices; `calls` counts requests by kind. */
export class MemoryBlobStore implements BlobStore {
  readonly blobs = new Map<string, Uint8Array>();
  readonly calls = { put: 0, get: 0, list: 0, delete: 0 };

  async putIfAbsent(path: string, body: Uint8Array): Promise<boolean> {
    this.calls.put++;
    if (this.blobs.has(path)) return false;
    this.blobs.set(path, body.slice());
    return true;
  }

  async get(path: string): Promise<Uint8Array | null> {
    this.calls.get++;
    const b = this.blobs.get(path);
    return b ? b.slice() : null;
  }

  async list(prefix: string): Promise<string[]> {
    this.calls.list++;
    return [...this.blobs.keys()].filter((k) => k.startsWith(prefix));
  }

  async delete(path: string): Promise<void> {
    this.calls.delete++;
    this.blobs.delete(path);
  }
}
