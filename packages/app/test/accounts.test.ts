// Accounts: registration, login, tokens kept only as SHA-256, passwords hashed with scrypt.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { Arbiter } from '../src/index.js';
import { code, eachBackend, harness, value } from './helpers.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

eachBackend('accounts', (db) => {
  it('registers, logs in and authenticates by token; only the token’s SHA-256 is kept', async () => {
    const h = await harness(db());
    const s = value(await h.app.register('alice', 'correct horse'));
    expect(s.account.name).toBe('alice');
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await h.store.read((tx) => tx.accountByName('alice'));
    expect(stored!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(stored!.passwordHash).not.toContain('correct horse');
    expect(await h.store.read((tx) => tx.accountByTokenHash(sha256(s.token)))).toMatchObject({
      id: s.account.id,
    });
    expect(await h.store.read((tx) => tx.accountByTokenHash(s.token))).toBeUndefined();
    expect(await h.app.authenticate(s.token)).toMatchObject({ id: s.account.id, name: 'alice' });
    expect(await h.app.authenticate(`${s.token}x`)).toBeUndefined();
    expect(await h.app.authenticate('')).toBeUndefined();
    const again = value(await h.app.login('alice', 'correct horse'));
    expect(again.account).toEqual(s.account);
    expect(again.token).not.toBe(s.token);
    expect(await h.app.authenticate(again.token)).toMatchObject({ id: s.account.id });
    // A second app on the same store knows the token too (nothing is kept only in memory).
    const second = new Arbiter({ store: h.store, clock: h.clock });
    expect(await second.authenticate(s.token)).toMatchObject({ id: s.account.id });
  });

  it('refuses bad names, weak passwords, taken names and wrong credentials', async () => {
    const h = await harness(db());
    value(await h.app.register('bob.b-1_x', 'password1'));
    expect(code(await h.app.register('bob.b-1_x', 'password2'))).toBe('auth/name-taken');
    expect(code(await h.app.register('', 'password1'))).toBe('auth/invalid-name');
    expect(code(await h.app.register('has space', 'password1'))).toBe('auth/invalid-name');
    expect(code(await h.app.register('x'.repeat(41), 'password1'))).toBe('auth/invalid-name');
    expect(code(await h.app.register('carol', 'short'))).toBe('auth/weak-password');
    expect(code(await h.app.register('carol', 'p'.repeat(2000)))).toBe('input/invalid');
    expect(code(await h.app.login('bob.b-1_x', 'password2'))).toBe('auth/bad-credentials');
    expect(code(await h.app.login('nobody', 'password1'))).toBe('auth/bad-credentials');
    expect(code(await h.app.login('has space', 'password1'))).toBe('auth/bad-credentials');
    expect(await h.store.read((tx) => tx.accountByName('carol'))).toBeUndefined();
  });

  it('gives one of two registrations of one name at once name-taken', async () => {
    const h = await harness(db());
    const [x, y] = await Promise.all([
      h.app.register('dora', 'password1'),
      h.app.register('dora', 'password2'),
    ]);
    expect([x.ok, y.ok].filter(Boolean)).toHaveLength(1);
    expect(code(x.ok ? y : x)).toBe('auth/name-taken');
  });
});
