import { describe, expect, it } from 'vitest';
import { createVault, openBlob, openVault, parseVault, seal, VaultError } from './vault-crypto';

const enc = (s: string) => new TextEncoder().encode(s);

describe('vault crypto', () => {
  it('round-trips a blob and reopens the vault from its file and the passphrase', async () => {
    const { file, key } = await createVault('correct horse battery', 1000);
    expect(file.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: 1000 });
    const sealed = await seal(key, 'devices/a/seg-1', enc('hello'));
    const again = await openVault(parseVault(enc(JSON.stringify(file))), 'correct horse battery');
    expect(new TextDecoder().decode(await openBlob(again, 'devices/a/seg-1', sealed))).toBe('hello');
    expect(JSON.stringify(file)).not.toContain('correct horse');
  });

  it('records 600,000 PBKDF2 iterations by default', async () => {
    const { file } = await createVault('correct horse battery');
    expect(file.kdf.iterations).toBe(600_000);
  });

  it('tells a wrong passphrase', async () => {
    const { file } = await createVault('correct horse battery', 1000);
    const err = await openVault(file, 'wrong horse battery').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VaultError);
    expect((err as VaultError).kind).toBe('wrong-passphrase');
    expect((err as VaultError).message).toMatch(/Wrong sync passphrase/);
  });

  it('refuses a flipped byte, a swapped path and a torn blob', async () => {
    const { key } = await createVault('correct horse battery', 1000);
    const sealed = await seal(key, 'devices/a/seg-1', enc('hello'));
    const flipped = sealed.slice();
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    await expect(openBlob(key, 'devices/a/seg-1', flipped)).rejects.toMatchObject({ kind: 'integrity' });
    await expect(openBlob(key, 'devices/a/seg-2', sealed)).rejects.toMatchObject({ kind: 'integrity' });
    await expect(openBlob(key, 'devices/a/seg-1', sealed.subarray(0, 10))).rejects.toMatchObject({ kind: 'integrity' });
  });

  it('refuses a blob from another vault and an unknown vault format', async () => {
    const a = await createVault('correct horse battery', 1000);
    const b = await createVault('correct horse battery', 1000);
    const sealed = await seal(a.key, 'p', enc('x'));
    await expect(openBlob(b.key, 'p', sealed)).rejects.toMatchObject({ kind: 'integrity' });
    expect(() => parseVault(enc(JSON.stringify({ ...a.file, format: 2 })))).toThrow(/format 2/);
    expect(() => parseVault(enc('nope'))).toThrow(/not JSON/);
  });
});
