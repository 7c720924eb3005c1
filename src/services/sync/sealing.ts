import { createCipheriv, createDecipheriv, createHash, randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { syncSetup } from '../../errors.ts';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/**
 * How a device seals what it writes to a remote: AES-256-GCM under a key derived from CAIRN_SYNC_PASSPHRASE (scrypt,
 * with the remote's salt), or, with CAIRN_SYNC_PLAINTEXT=1, plain bytes carrying their SHA-256 so corruption is still
 * caught. `open` throws when the bytes were changed, cut short, or sealed under another key.
 */
export interface Sealer {
  readonly encrypted: boolean;
  seal(associated: Buffer, payload: Buffer): Buffer;
  open(associated: Buffer, body: Buffer): Buffer;
}

/** remote.json: what every device needs to read and write the remote, and nothing secret. */
export interface Manifest {
  format: 1;
  encryption: 'aes-256-gcm' | 'none';
  kdf?: { name: 'scrypt'; salt: string; N: number; r: number; p: number };
  /** A known value sealed under the derived key: a wrong passphrase fails on it before any segment is read. */
  key_check?: string;
}

/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB and ~0.1 s per derivation (once per remote and process). */
const KDF = { N: 32768, r: 8, p: 1 };
const KEY_CHECK = Buffer.from('cairn-sync key check v1');
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HASH_BYTES = 32;

export class SealError extends Error {}

function aesSealer(key: Buffer): Sealer {
  return {
    encrypted: true,
    seal(associated, payload) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(associated);
      const sealed = Buffer.concat([cipher.update(payload), cipher.final()]);
      return Buffer.concat([nonce, sealed, cipher.getAuthTag()]);
    },
    open(associated, body) {
      if (body.length < NONCE_BYTES + TAG_BYTES) throw new SealError('too short to hold its encrypted content (truncated)');
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, NONCE_BYTES)).setAAD(associated);
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)), decipher.final()]);
      } catch {
        throw new SealError('failed authentication: it was changed, cut short, or sealed with another passphrase');
      }
    },
  };
}

const sha256 = (...parts: Buffer[]) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();

const plainSealer: Sealer = {
  encrypted: false,
  seal: (associated, payload) => Buffer.concat([sha256(associated, payload), payload]),
  open(associated, body) {
    if (body.length < HASH_BYTES) throw new SealError('too short to hold its checksum (truncated)');
    const payload = body.subarray(HASH_BYTES);
    if (!timingSafeEqual(sha256(associated, payload), body.subarray(0, HASH_BYTES))) throw new SealError('checksum mismatch: it was changed or cut short');
    return payload;
  },
};

/** A new remote's description: a fresh salt and key check when a passphrase is given, else plaintext. */
export async function newManifest(passphrase: string | null): Promise<Manifest> {
  if (passphrase === null) return { format: 1, encryption: 'none' };
  const kdf = { name: 'scrypt' as const, salt: randomBytes(16).toString('base64'), ...KDF };
  const sealer = aesSealer(await deriveKey(passphrase, kdf));
  return { format: 1, encryption: 'aes-256-gcm', kdf, key_check: sealer.seal(Buffer.from('remote.json'), KEY_CHECK).toString('base64') };
}

async function deriveKey(passphrase: string, kdf: NonNullable<Manifest['kdf']>): Promise<Buffer> {
  const { N, r, p } = kdf;
  return scrypt(passphrase, Buffer.from(kdf.salt, 'base64'), 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

/** Parses remote.json; anything else than this format is a clear error naming the remote. */
export function parseManifest(bytes: Buffer, where: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw syncSetup(`${where}: remote.json is not JSON; is this a Cairn sync remote?`);
  }
  const kdfOk = manifest.encryption === 'none' || (manifest.kdf?.name === 'scrypt' && typeof manifest.kdf.salt === 'string' && typeof manifest.key_check === 'string');
  if (manifest.format !== 1 || !kdfOk) throw syncSetup(`${where}: remote.json has a format this version does not read (format ${String(manifest.format)})`);
  return manifest;
}

/**
 * The sealer of a remote for this device: the passphrase is checked against the remote's key check first, so a wrong
 * one fails here, clearly, before anything is read. A remote and a device that disagree on encryption refuse too.
 */
export async function sealerFor(manifest: Manifest, passphrase: string | null, where: string): Promise<Sealer> {
  if (manifest.encryption === 'none') {
    if (passphrase !== null) throw syncSetup(`${where} was set up without encryption (CAIRN_SYNC_PLAINTEXT=1), but CAIRN_SYNC_PASSPHRASE is set: unset it, or use a new remote`);
    return plainSealer;
  }
  if (passphrase === null) throw syncSetup(`${where} is encrypted: set CAIRN_SYNC_PASSPHRASE to the passphrase its other devices use`);
  const sealer = aesSealer(await deriveKey(passphrase, manifest.kdf!));
  try {
    sealer.open(Buffer.from('remote.json'), Buffer.from(manifest.key_check!, 'base64'));
  } catch {
    throw syncSetup(`Wrong CAIRN_SYNC_PASSPHRASE for ${where}: it does not match the passphrase the remote was set up with`);
  }
  return sealer;
}
