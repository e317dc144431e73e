/**
 * Accounts and sessions: registering, logging in (each gives a new bearer token), and finding
 * the account a token belongs to. Routes: `POST /accounts`, `POST /sessions`, and every route's
 * bearer token.
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type Result } from '@arbiter/engine';
import { run, type AppContext } from '../context.js';
import { appError, invalid, Refusal, type AppError } from '../errors.js';
import {
  hashPassword,
  MAX_PASSWORD,
  MIN_PASSWORD,
  NAME_PATTERN,
  newToken,
  tokenHash,
  verifyPassword,
} from '../passwords.js';
import type { AccountId, AccountRecord } from '../ports.js';
import { unstorableText } from '../input.js';

/** A logged-in account and its bearer token (shown once; only its SHA-256 is kept). */
export interface Session {
  readonly account: { readonly id: AccountId; readonly name: string };
  readonly token: string;
}

const TOKEN_CACHE_SIZE = 10_000;

export async function register(
  ctx: AppContext,
  name: string,
  password: string,
): Promise<Result<Session, AppError>> {
  if (typeof name !== 'string' || !NAME_PATTERN.test(name))
    return err(
      appError('auth/invalid-name', 'names are 1 to 40 letters, digits, _ . or -', {
        field: 'name',
      }),
    );
  if (typeof password !== 'string' || password.length < MIN_PASSWORD)
    return err(
      appError('auth/weak-password', `passwords have at least ${MIN_PASSWORD} characters`, {
        field: 'password',
      }),
    );
  if (password.length > MAX_PASSWORD)
    return err(invalid('password', `longer than ${MAX_PASSWORD} characters`));
  const unstorable = unstorableText(password);
  if (unstorable !== undefined) return err(invalid('password', unstorable));
  const passwordHash = await hashPassword(password);
  const now = ctx.clock.now();
  const account: AccountRecord = { id: randomUUID(), name, passwordHash, createdAt: now };
  const token = newToken();
  const taken = (): AppError => appError('auth/name-taken', `the name ${name} is taken`);
  try {
    return await run(ctx, async (tx) => {
      if ((await tx.accountByName(name)) !== undefined) throw new Refusal(taken());
      await tx.insertAccount(account);
      await tx.insertToken({
        tokenHash: tokenHash(token),
        accountId: account.id,
        createdAt: now,
      });
      return { account: { id: account.id, name }, token };
    });
  } catch (e) {
    // Two registrations of one name at once: the store's unique name refuses the second.
    const other = await ctx.store.read((tx) => tx.accountByName(name));
    if (other !== undefined) return err(taken());
    throw e;
  }
}

export async function login(
  ctx: AppContext,
  name: string,
  password: string,
): Promise<Result<Session, AppError>> {
  const bad = appError('auth/bad-credentials', 'unknown name or wrong password');
  if (typeof name !== 'string' || typeof password !== 'string' || password.length > MAX_PASSWORD)
    return err(bad);
  const account = NAME_PATTERN.test(name)
    ? await ctx.store.read((tx) => tx.accountByName(name))
    : undefined;
  // Checked against a dummy hash when there is no such account: the same time either way.
  if (!(await verifyPassword(password, account?.passwordHash)) || account === undefined)
    return err(bad);
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.store.transaction((tx) =>
    tx.insertToken({ tokenHash: tokenHash(token), accountId: account.id, createdAt: now }),
  );
  return ok({ account: { id: account.id, name: account.name }, token });
}

/** The account a bearer token belongs to, if any. */
export async function authenticate(
  ctx: AppContext,
  token: string,
): Promise<AccountRecord | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 200) return undefined;
  const hash = tokenHash(token);
  const cached = ctx.tokenCache.get(hash);
  if (cached !== undefined) return cached;
  const account = await ctx.store.read((tx) => tx.accountByTokenHash(hash));
  if (account !== undefined) {
    if (ctx.tokenCache.size >= TOKEN_CACHE_SIZE) {
      const oldest = ctx.tokenCache.keys().next();
      if (oldest.done !== true) ctx.tokenCache.delete(oldest.value);
    }
    ctx.tokenCache.set(hash, account);
  }
  return account;
}
