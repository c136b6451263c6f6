/**
 * Test-only: the blob contract every storage keeps (architecture.md, "Sync and backup"), as Vitest cases to run
 * against each storage. `make` gives a store on an empty folder or bucket for each case.
 */
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../blob-store';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

export function blobContract(name: string, make: () => BlobStore) {
  describe(`blob contract: ${name}`, () => {
    it('put-if-absent writes once and never overwrites', async () => {
      const s = make();
      expect(await s.putIfAbsent('devices/d1/seg-000000001', bytes('one'))).toBe(true);
      expect(await s.putIfAbsent('devices/d1/seg-000000001', bytes('two'))).toBe(false);
      expect(text(await s.get('devices/d1/seg-000000001'))).toBe('one');
    });

    it('get of a missing path is null; list walks folders; delete removes and tolerates absence', async () => {
      const s = make();
      expect(await s.get('devices/none/seg-000000001')).toBeNull();
      await s.putIfAbsent('vault.json', bytes('{}'));
      await s.putIfAbsent('devices/a/seg-000000001', bytes('a1'));
      await s.putIfAbsent('devices/a/seg-000000002', bytes('a2'));
      await s.putIfAbsent('devices/b/snap-000000001', new Uint8Array([0, 255, 1, 128]));
      expect((await s.list('devices/')).sort()).toEqual([
        'devices/a/seg-000000001',
        'devices/a/seg-000000002',
        'devices/b/snap-000000001',
      ]);
      expect([...(await s.get('devices/b/snap-000000001'))!]).toEqual([0, 255, 1, 128]);
      await s.delete('devices/a/seg-000000001');
      await s.delete('devices/a/seg-000000001');
      expect((await s.list('devices/a/')).sort()).toEqual(['devices/a/seg-000000002']);
      expect(await s.list('nothing-here/')).toEqual([]);
    });

    it('a blob of every byte value, a few hundred KB, comes back byte for byte', async () => {
      const s = make();
      const big = new Uint8Array(300_000).map((_, i) => (i * 7919) & 0xff);
      expect(await s.putIfAbsent('devices/c/snap-000000002', big)).toBe(true);
      const back = await s.get('devices/c/snap-000000002');
      expect(back?.length).toBe(big.length);
      expect(Buffer.compare(Buffer.from(back!), Buffer.from(big))).toBe(0);
    });
  });
}
