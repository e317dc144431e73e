// Sessions in public: tokens expire and can be revoked (here and, within the cache time, in other
// processes), and repeated failed logins are throttled per account name and per address.
import { expect, it } from 'vitest';
import { Arbiter } from '../src/index.js';
import { code, eachBackend, harness, value } from './helpers.js';

const DAY = 86_400_000;

eachBackend('sessions', (db) => {
  it('a token works until it expires, then never again', async () => {
    const h = await harness(db(), { tokenTtlSeconds: 7 * 86_400 });
    const s = value(await h.app.register('erin', 'correct horse'));
    h.clock.advance(7 * DAY - 1);
    expect(await h.app.authenticate(s.token)).toMatchObject({ name: 'erin' });
    h.clock.advance(1);
    expect(await h.app.authenticate(s.token)).toBeUndefined();
    const fresh = value(await h.app.login('erin', 'correct horse'));
    expect(await h.app.authenticate(fresh.token)).toMatchObject({ name: 'erin' });
  });

  it('logging out revokes the token at once here, and within 30 s in another process', async () => {
    const h = await harness(db());
    const other = new Arbiter({ store: h.store, clock: h.clock });
    const s = value(await h.app.register('fay', 'correct horse'));
    const kept = value(await h.app.login('fay', 'correct horse'));
    expect(await other.authenticate(s.token)).toMatchObject({ name: 'fay' });
    await h.app.logout(s.token);
    expect(await h.app.authenticate(s.token)).toBeUndefined();
    // The other process trusted its cached entry; it asks the store again after 30 s.
    h.clock.advance(30_000);
    expect(await other.authenticate(s.token)).toBeUndefined();
    expect(await h.app.authenticate(kept.token)).toMatchObject({ name: 'fay' });
    expect(await h.app.logoutEverywhere(s.account.id)).toBe(1);
    expect(await h.app.authenticate(kept.token)).toBeUndefined();
  });

  it('throttles failed logins per account name, and per address across names', async () => {
    const h = await harness(db(), { loginThrottle: { failures: 3, windowSeconds: 600 } });
    value(await h.app.register('gus', 'correct horse'));
    for (let i = 0; i < 3; i++) {
      expect(code(await h.app.login('gus', 'wrong horse', '10.0.0.1'))).toBe(
        'auth/bad-credentials',
      );
    }
    // The right password is refused too while throttled, from any address.
    const throttled = await h.app.login('gus', 'correct horse', '10.0.0.2');
    expect(code(throttled)).toBe('auth/throttled');
    expect(throttled.ok ? undefined : throttled.error.details).toEqual({ retryAfter: 600 });
    // 10.0.0.1 has failed three times: another name from there is refused as well.
    value(await h.app.register('hal', 'correct horse'));
    expect(code(await h.app.login('hal', 'correct horse', '10.0.0.1'))).toBe('auth/throttled');
    expect(value(await h.app.login('hal', 'correct horse', '10.0.0.3')).account.name).toBe('hal');
    // Once the window has passed, the right password works and clears the account's count.
    h.clock.advance(600_001);
    value(await h.app.login('gus', 'correct horse', '10.0.0.1'));
    expect(code(await h.app.login('gus', 'wrong horse'))).toBe('auth/bad-credentials');
    value(await h.app.login('gus', 'correct horse'));
  });
});
