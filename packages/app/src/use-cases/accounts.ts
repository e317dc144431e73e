/**
 * Accounts and sessions: registering, logging in (each gives a new bearer token, which expires),
 * logging out (revoking it), throttling repeated failed logins, and finding the account a token
 * belongs to. Routes: `POST /accounts`, `POST /sessions`, `DELETE /sessions`, and every route's
 * bearer token.
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type Result } from '@arbiter/engine';
import { run, type AppContext } from '../context.js';
import { appError, invalid, issueAt, Refusal, type AppError } from '../errors.js';
import { LIMITS } from '../limits.js';
import { hashPassword, NAME_PATTERN, newToken, tokenHash, verifyPassword } from '../passwords.js';
import type { AccountId, AccountRecord } from '../ports.js';
import { unstorableText } from '../input.js';

/** A logged-in account and its bearer token (shown once; only its SHA-256 is kept). */
export interface Session {
  readonly account: { readonly id: AccountId; readonly name: string };
  readonly token: string;
}

const TOKEN_CACHE_SIZE = 10_000;
/** How long a cached token is trusted before the store is asked again (see AppContext). */
export const TOKEN_CACHE_MS = 30_000;

export async function register(
  ctx: AppContext,
  name: string,
  password: string,
): Promise<Result<Session, AppError>> {
  if (typeof name !== 'string' || !NAME_PATTERN.test(name))
    return err(
      appError(
        'auth/invalid-name',
        `names are 1 to ${LIMITS.accountName} letters, digits, _ . or -`,
        issueAt('name', `1 to ${LIMITS.accountName} letters, digits, _ . or -`),
      ),
    );
  if (typeof password !== 'string' || password.length < LIMITS.minPassword)
    return err(
      appError(
        'auth/weak-password',
        `passwords have at least ${LIMITS.minPassword} characters`,
        issueAt('password', `at least ${LIMITS.minPassword} characters`),
      ),
    );
  if (password.length > LIMITS.password)
    return err(invalid('password', `longer than ${LIMITS.password} characters`));
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
        expiresAt: now + ctx.tokenTtlMs,
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

/**
 * A new token for the account, if the password is right. Failed attempts are counted per account
 * name and per address (`from`, when the caller knows it) in the store, so every process sharing
 * it sees them; past the limit, attempts are refused with `auth/throttled` (and `retryAfter`
 * seconds) before the password is even checked, until the window has passed.
 */
export async function login(
  ctx: AppContext,
  name: string,
  password: string,
  from?: string,
): Promise<Result<Session, AppError>> {
  const bad = appError('auth/bad-credentials', 'unknown name or wrong password');
  if (typeof name !== 'string' || typeof password !== 'string' || password.length > LIMITS.password)
    return err(bad);
  const now = ctx.clock.now();
  const { failures, windowSeconds } = ctx.loginThrottle;
  const since = now - windowSeconds * 1000;
  const keys = [`account:${name}`, ...(from === undefined ? [] : [`address:${from}`])];
  const counts = await ctx.store.read((tx) =>
    Promise.all(keys.map((k) => tx.loginFailures(k, since))),
  );
  if (counts.some((n) => n >= failures))
    return err(
      appError('auth/throttled', `too many failed logins: try again in ${windowSeconds} seconds`, {
        retryAfter: windowSeconds,
      }),
    );
  const account = NAME_PATTERN.test(name)
    ? await ctx.store.read((tx) => tx.accountByName(name))
    : undefined;
  // Checked against a dummy hash when there is no such account: the same time either way.
  if (!(await verifyPassword(password, account?.passwordHash)) || account === undefined) {
    await ctx.store.transaction(async (tx) => {
      for (const k of keys) await tx.insertLoginFailure(k, now, since);
    });
    return err(bad);
  }
  const token = newToken();
  await ctx.store.transaction(async (tx) => {
    await tx.insertToken({
      tokenHash: tokenHash(token),
      accountId: account.id,
      createdAt: now,
      expiresAt: now + ctx.tokenTtlMs,
    });
    await tx.clearLoginFailures(`account:${name}`);
  });
  return ok({ account: { id: account.id, name: account.name }, token });
}

/** The account a bearer token belongs to, if the token exists and has not expired. */
export async function authenticate(
  ctx: AppContext,
  token: string,
): Promise<AccountRecord | undefined> {
  if (typeof token !== 'string' || token.length === 0 || token.length > LIMITS.token)
    return undefined;
  const hash = tokenHash(token);
  const now = ctx.clock.now();
  const cached = ctx.tokenCache.get(hash);
  if (cached !== undefined && now - cached.readAt < TOKEN_CACHE_MS && now < cached.expiresAt)
    return cached.account;
  ctx.tokenCache.delete(hash);
  const found = await ctx.store.read((tx) => tx.tokenByHash(hash));
  if (found === undefined) return undefined;
  // Tokens made before tokens expired count their lifetime from when they were made.
  const expiresAt = found.token.expiresAt ?? found.token.createdAt + ctx.tokenTtlMs;
  if (now >= expiresAt) return undefined;
  if (ctx.tokenCache.size >= TOKEN_CACHE_SIZE) {
    const oldest = ctx.tokenCache.keys().next();
    if (oldest.done !== true) ctx.tokenCache.delete(oldest.value);
  }
  ctx.tokenCache.set(hash, { account: found.account, expiresAt, readAt: now });
  return found.account;
}

/** Revokes the token (logging out). Other processes stop taking it within `TOKEN_CACHE_MS`. */
export async function logout(ctx: AppContext, token: string): Promise<void> {
  const hash = tokenHash(token);
  ctx.tokenCache.delete(hash);
  await ctx.store.transaction((tx) => tx.deleteToken(hash));
}

/** Revokes every token of the account (logging out everywhere); how many there were. */
export async function logoutEverywhere(ctx: AppContext, accountId: AccountId): Promise<number> {
  for (const [hash, entry] of ctx.tokenCache) {
    if (entry.account.id === accountId) ctx.tokenCache.delete(hash);
  }
  return ctx.store.transaction((tx) => tx.deleteTokensOf(accountId));
}
