/**
 * Encryption in the page with WebCrypto (architecture.md, "Sync and backup"): a random AES-256-GCM data key,
 * wrapped by a key derived from the passphrase (PBKDF2-SHA256); each blob is sealed with the vault id and its path
 * as associated data, so a blob moved to another path or vault is refused. The unwrapped key is non-extractable.
 */
import { concatBytes } from '../domain/concat-bytes';

export const VAULT_FORMAT = 1;
export const DEFAULT_ITERATIONS = 600_000;
const BLOB_VERSION = 1;
const CHECK_TEXT = 'toolscope vault key check';

type KdfParams = { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };

export type VaultFile = {
  format: typeof VAULT_FORMAT;
  vaultId: string;
  kdf: KdfParams;
  /** The data key wrapped with the passphrase key (AES-GCM, iv first), base64. */
  wrappedKey: string;
  /** A known text sealed with the data key: proves the unwrapped key is the vault's. */
  keyCheck: string;
  createdAt: number;
};

export type VaultKey = { vaultId: string; key: CryptoKey };

export type VaultErrorKind = 'wrong-passphrase' | 'format' | 'integrity';

export class VaultError extends Error {
  override readonly name = 'VaultError';
  constructor(
    readonly kind: VaultErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const subtle = () => globalThis.crypto.subtle;

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function buf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function passphraseKey(passphrase: string, kdf: KdfParams): Promise<CryptoKey> {
  const base = await subtle().importKey(
    'raw',
    buf(new TextEncoder().encode(passphrase.normalize('NFC'))),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: kdf.hash, iterations: kdf.iterations, salt: buf(fromBase64(kdf.salt)) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}

function randomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

function aad(vaultId: string, path: string): ArrayBuffer {
  return buf(new TextEncoder().encode(`${vaultId}\n${path}`));
}

/** A new vault: a fresh data key, wrapped by the passphrase. */
export async function createVault(
  passphrase: string,
  iterations = DEFAULT_ITERATIONS,
): Promise<{ file: VaultFile; key: VaultKey }> {
  if (passphrase.length < 8) throw new VaultError('format', 'The sync passphrase must have at least 8 characters.');
  const vaultId = toHex(randomBytes(16));
  const kdf: KdfParams = { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(randomBytes(16)) };
  const dataKey = await subtle().generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  const wrapIv = randomBytes(12);
  const wrapped = new Uint8Array(
    await subtle().wrapKey('raw', dataKey, await passphraseKey(passphrase, kdf), {
      name: 'AES-GCM',
      iv: buf(wrapIv),
      additionalData: aad(vaultId, 'vault.json'),
    }),
  );
  // From here on the device holds a non-extractable copy only.
  const key = {
    vaultId,
    key: await subtle().importKey('raw', await subtle().exportKey('raw', dataKey), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]),
  };
  const keyCheck = toBase64(await seal(key, 'vault-check', new TextEncoder().encode(CHECK_TEXT)));
  return {
    file: {
      format: VAULT_FORMAT,
      vaultId,
      kdf,
      wrappedKey: toBase64(concatBytes([wrapIv, wrapped])),
      keyCheck,
      createdAt: Date.now(),
    },
    key,
  };
}

/** Reads vault.json's bytes; refuses anything that is not a vault this version understands. */
export function parseVault(bytes: Uint8Array): VaultFile {
  let v: unknown;
  try {
    v = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new VaultError('format', 'vault.json on the storage is not JSON: it is not a Toolscope vault.');
  }
  const f = v as Partial<VaultFile> | null;
  if (
    !f ||
    typeof f !== 'object' ||
    typeof f.vaultId !== 'string' ||
    typeof f.wrappedKey !== 'string' ||
    typeof f.keyCheck !== 'string' ||
    !f.kdf
  ) {
    throw new VaultError('format', 'vault.json on the storage is not a Toolscope vault.');
  }
  if (f.format !== VAULT_FORMAT)
    throw new VaultError(
      'format',
      `vault.json has format ${String(f.format)}; this version of Toolscope reads format ${VAULT_FORMAT}. Update the app.`,
    );
  if (f.kdf.name !== 'PBKDF2' || f.kdf.hash !== 'SHA-256' || !(f.kdf.iterations >= 1))
    throw new VaultError(
      'format',
      `vault.json uses key derivation ${String(f.kdf.name)}, which this version does not know. Update the app.`,
    );
  return f as VaultFile;
}

/** Unwraps the data key; a wrong passphrase is told here, before anything else is read. */
export async function openVault(file: VaultFile, passphrase: string): Promise<VaultKey> {
  const wrapped = fromBase64(file.wrappedKey);
  let key: CryptoKey;
  try {
    key = await subtle().unwrapKey(
      'raw',
      buf(wrapped.subarray(12)),
      await passphraseKey(passphrase, file.kdf),
      { name: 'AES-GCM', iv: buf(wrapped.subarray(0, 12)), additionalData: aad(file.vaultId, 'vault.json') },
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  } catch {
    throw new VaultError(
      'wrong-passphrase',
      'Wrong sync passphrase: it does not open the vault on this storage. Nothing was read or written.',
    );
  }
  const vk = { vaultId: file.vaultId, key };
  const check = await openBlob(vk, 'vault-check', fromBase64(file.keyCheck)).catch(() => null);
  if (check === null || new TextDecoder().decode(check) !== CHECK_TEXT)
    throw new VaultError(
      'integrity',
      'The vault on the storage failed its key check: vault.json was changed. Nothing was read or written.',
    );
  return vk;
}

/** version (1 byte) | iv (12) | AES-GCM ciphertext and tag. */
export async function seal(key: VaultKey, path: string, plain: Uint8Array): Promise<Uint8Array> {
  const iv = randomBytes(12);
  const ct = new Uint8Array(
    await subtle().encrypt(
      { name: 'AES-GCM', iv: buf(iv), additionalData: aad(key.vaultId, path) },
      key.key,
      buf(plain),
    ),
  );
  return concatBytes([Uint8Array.of(BLOB_VERSION), iv, ct]);
}

export async function openBlob(key: VaultKey, path: string, sealed: Uint8Array): Promise<Uint8Array> {
  if (sealed.length < 1 + 12 + 16 || sealed[0] !== BLOB_VERSION)
    throw new VaultError(
      'integrity',
      `${path} on the storage is torn or not a sync blob; nothing from it was applied.`,
    );
  try {
    return new Uint8Array(
      await subtle().decrypt(
        { name: 'AES-GCM', iv: buf(sealed.subarray(1, 13)), additionalData: aad(key.vaultId, path) },
        key.key,
        buf(sealed.subarray(13)),
      ),
    );
  } catch {
    throw new VaultError(
      'integrity',
      `${path} on the storage failed its integrity check (changed, torn or moved); nothing from it was applied.`,
    );
  }
}

function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
