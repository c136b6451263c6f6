import type { BlobStore } from './blob-store';
import { VAULT_PATH } from './vault-layout';
import { createVault, DEFAULT_ITERATIONS, openVault, parseVault, type VaultKey } from './vault-crypto';

type Connected = { key: VaultKey; created: boolean };

/**
 * Opens the vault on the storage, or makes one on empty storage. Only vault.json is read before the passphrase is
 * checked; with a wrong one nothing else is read and nothing is written. Two devices making a vault at once: the
 * second's put-if-absent fails and it opens the first's.
 */
export async function connectVault(
  store: BlobStore,
  passphrase: string,
  iterations = DEFAULT_ITERATIONS,
): Promise<Connected> {
  const existing = await store.get(VAULT_PATH);
  if (existing !== null) return { key: await openVault(parseVault(existing), passphrase), created: false };
  const made = await createVault(passphrase, iterations);
  if (await store.putIfAbsent(VAULT_PATH, new TextEncoder().encode(JSON.stringify(made.file, null, 2))))
    return { key: made.key, created: true };
  const theirs = await store.get(VAULT_PATH);
  if (theirs === null) throw new Error('vault.json vanished while connecting');
  return { key: await openVault(parseVault(theirs), passphrase), created: false };
}
