/**
 * Passwords and tokens: scrypt with a random salt for passwords (`scrypt$N$r$p$salt$hash`,
 * base64url), 32 random bytes for bearer tokens of which only the SHA-256 is kept, and
 * constant-time comparison.
 */
import * as crypto from 'node:crypto';
import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { LIMITS } from './limits.js';

const KEY_LENGTH = 32;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 } as const;

export const NAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${LIMITS.accountName}}$`);

function derive(password: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (e, key) => {
      if (e === null) resolve(key);
      else reject(e);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = DEFAULT_COST;
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash to check against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;

export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  dummy ??= hashPassword('not a password of anyone');
  const hash = stored ?? (await dummy);
  const parts = hash.split('$');
  const [scheme, n, r, p, salt, key] = parts;
  if (
    parts.length !== 6 ||
    scheme !== 'scrypt' ||
    n === undefined ||
    r === undefined ||
    p === undefined ||
    salt === undefined ||
    key === undefined
  )
    return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return (
    stored !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected)
  );
}

/** A new bearer token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a token: its SHA-256, hex (every request with a token hashes it). */
export function tokenHash(token: string): string {
  return oneShotHash === undefined
    ? createHash('sha256').update(token).digest('hex')
    : oneShotHash('sha256', token, 'hex');
}

/** Node's one-call `crypto.hash` (Node 20.12 and later): 0.3 µs a token against 0.76. */
const oneShotHash = (crypto as { hash?: typeof crypto.hash }).hash;
