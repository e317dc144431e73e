/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as each test expects; the server checks their shapes against its response schemas */
/**
 * Secrecy at the boundary: for each secret, every read endpoint of the API (taken from the route
 * table, so a new one is covered the day it is added) is called as each other player and as the
 * public, and the secret must appear in none of the answers, while its owner (or the
 * gamesmaster) does read it, which proves the probe would have found it.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ROUTES } from '../src/index.js';
import {
  FDS_SEATS,
  harness,
  PINK_SEATS,
  seatedGame,
  STANDARD_SEATS,
  type Harness,
  type Seated,
} from './helpers.js';
import { openStream } from './sse-client.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(async () => {
  await h.close();
});

// Left out: the map is the same for everyone and names every province, the OpenAPI document is
// the same for everyone and names every field (`victim`), and legal orders name the reader's own
// units' neighbours, so all three would match probes naming a province or a field; the secrecy
// of legal orders is tested in play.test.ts.
const READS = ROUTES.filter(
  (r) =>
    r.method === 'get' &&
    r.path !== '/variants/{variant}/map' &&
    r.path !== '/openapi.json' &&
    r.path !== '/games/{id}/legal-orders',
);

/** Every read endpoint's answer for `token` (undefined: the public), as one text. */
async function readAll(gameId: string, token: string | undefined): Promise<string> {
  const parts: string[] = [];
  for (const r of READS) {
    const path = r.path.replace('{id}', gameId);
    if (r.stream === true) {
      // An event stream never ends: read what happened so far, up to its `caught-up` event.
      const stream = await openStream(h.app, path, token === undefined ? {} : { token });
      const events = await stream.caughtUp();
      await stream.close();
      parts.push(`GET ${path} ${events.map((e) => JSON.stringify(e.data)).join('\n')}`);
      continue;
    }
    const res = await h.call('GET', path, token === undefined ? {} : { token });
    expect(res.status, `GET ${path}`).toBeLessThan(500);
    parts.push(`GET ${path} ${res.status} ${JSON.stringify(res.body)}`);
  }
  return parts.join('\n');
}

/** Checks `secret` is in what `owners` read and in nothing the others or the public read. */
async function onlyFor(
  g: Seated,
  secret: string | RegExp,
  owners: readonly string[],
  opts: { gmSees?: boolean } = {},
): Promise<void> {
  const has = (text: string): boolean =>
    typeof secret === 'string' ? text.includes(secret) : secret.test(text);
  for (const [player, token] of Object.entries(g.players)) {
    const text = await readAll(g.gameId, token);
    expect(has(text), `${player} reading ${String(secret)}`).toBe(owners.includes(player));
  }
  expect(has(await readAll(g.gameId, undefined)), `the public reading ${String(secret)}`).toBe(
    false,
  );
  expect(has(await readAll(g.gameId, g.outsider)), `an outsider reading ${String(secret)}`).toBe(
    false,
  );
  if (opts.gmSees !== false) expect(has(await readAll(g.gameId, g.gm))).toBe(true);
}

async function force(g: Seated, expected: string): Promise<void> {
  const r = await h.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
  expect(r.status).toBe(200);
  expect(r.body.phase.name).toBe(expected);
}

test('the read endpoints probed are all the GET routes with a game', () => {
  expect(READS.map((r) => r.path)).toEqual(
    expect.arrayContaining([
      '/games',
      '/games/{id}',
      '/games/{id}/orders',
      '/games/{id}/phases',
      '/games/{id}/messages',
      '/games/{id}/audit',
      '/games/{id}/events',
    ]),
  );
});

describe('orders', () => {
  test("a player's orders are his own before processing, and his sheet after", async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const text = 'A Paris - Burgundy\nF Brest - English Channel\nZEBRA CROSSING';
    const sent = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['fra']!,
      body: { text },
    });
    expect(sent.status).toBe(200);
    // Before processing the gamesmaster is shown no sheet either (the app has no route for it).
    await onlyFor(g, 'ZEBRA CROSSING', ['fra'], { gmSees: false });
    await onlyFor(g, 'English Channel', ['fra'], { gmSees: false });
    // Nothing on the board gives the moves away before the phase is played.
    await onlyFor(g, /\bbur\b/i, ['fra'], { gmSees: false });

    await force(g, 'F1901M');
    // The adjudicated orders are public now; the sheet as written stays private.
    await onlyFor(g, 'ZEBRA CROSSING', ['fra']);
    const pub = await readAll(g.gameId, undefined);
    expect(pub).toMatch(/bur/);
  });
});

describe('the Fink', () => {
  test("the Fink's request and identity are seen by the Fink and the gamesmaster only", async () => {
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    // Russia takes Rumania so that there is a winter adjustment phase to ask in.
    await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['rus']!,
      body: { text: 'F Sev - Rum' },
    });
    await force(g, 'F1901M');
    await force(g, 'W1901A');
    const asked = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['eng']!,
      body: { text: 'I want to turn Fink against France' },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.lines[0].ok).toBe(true);
    await onlyFor(g, 'turn Fink against France', ['eng'], { gmSees: false });

    await force(g, 'S1902M');
    const gm = await h.call('GET', `/games/${g.gameId}`, { token: g.gm });
    expect(gm.body.state.modules.fink.fink).toMatchObject({ player: 'eng', victim: 'FRA' });
    const eng = await h.call('GET', `/games/${g.gameId}`, { token: g.players['eng']! });
    expect(eng.body.state.modules.fink.fink).toMatchObject({ player: 'eng' });
    // Everyone learns that there is a Fink...
    const fra = await readAll(g.gameId, g.players['fra']);
    expect(fra).toContain('There is a new Fink.');
    // ...and nobody but the Fink and the gamesmaster learns who, or against whom.
    await onlyFor(g, '"victim"', ['eng']);
    await onlyFor(g, 'You are now the Fink', ['eng']);
    await onlyFor(g, 'turns Fink against', [], { gmSees: true });
    await onlyFor(g, 'turn Fink against France', ['eng']);
  });
});

describe('Fiascomacy', () => {
  test("an investor's orders and investments are his own; the receipt too", async () => {
    const g = await seatedGame(h, { variant: 'fiascomacy', seats: { a: [], b: [], c: [] } });
    const sent = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['a']!,
      body: { text: 'INVEST 8 IN RUSSIA\nA War - Gal' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.lines.map((l: { ok: boolean }) => l.ok)).toEqual([true, true]);
    await onlyFor(g, 'INVEST 8 IN RUSSIA', ['a'], { gmSees: false });
    await onlyFor(g, /"gal"|War - Gal/i, ['a'], { gmSees: false });

    await force(g, 'F1901M');
    // The investment table is public after the phase; who sent which order never is.
    await onlyFor(g, 'INVEST 8 IN RUSSIA', ['a']);
    await onlyFor(g, 'Orders received from a', ['a']);
  });
});

describe('press', () => {
  test('a private message reaches its sender and recipients only', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS });
    const r = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['eng']!,
      body: { to: ['fra', 'ger'], text: 'ZEBRA: let us split Belgium' },
    });
    expect(r.status).toBe(201);
    await onlyFor(g, 'ZEBRA: let us split Belgium', ['eng', 'fra', 'ger']);
  });

  test('grey press hides the sender from everyone but the sender and the gamesmaster', async () => {
    const g = await seatedGame(h, { seats: STANDARD_SEATS, settings: { press: 'grey' } });
    const r = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['tur']!,
      body: { to: 'public', text: 'Someone is lying' },
    });
    expect(r.status).toBe(201);
    expect(r.body.anonymous).toBe(true);
    const seen = await h.call('GET', `/games/${g.gameId}/messages`, { token: g.players['aus']! });
    expect(seen.body.messages).toEqual([
      expect.objectContaining({ text: 'Someone is lying', from: null, anonymous: true }),
    ]);
    await onlyFor(g, '"from":"tur"', ['tur']);
  });
});

describe('Pink Diplomacy', () => {
  const seats = PINK_SEATS;

  test("a power's stores and the gamesmaster's bonus are seen by that power and the gamesmaster only", async () => {
    const g = await seatedGame(h, { variant: 'pink', seats });
    await force(g, 'F1901M');
    await force(g, 'W1901-budget-a');
    await force(g, 'W1901-budget-b');
    const sent = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['pwa']!,
      body: { text: 'STORE 3 IN els' },
    });
    expect(sent.body.lines[0].ok).toBe(true);
    const bonus = await h.call('POST', `/games/${g.gameId}/gm/actions`, {
      token: g.gm,
      body: { text: 'BONUS 5 TO PWA' },
    });
    expect(bonus.body.lines[0]).toMatchObject({ ok: true });
    await force(g, 'S1902M');
    // The ledger with the store is Power A's and the gamesmaster's alone; so is the bonus.
    await onlyFor(g, '"stores":{"els":', ['pwa']);
    await onlyFor(g, 'The gamesmaster awards PWA 5 points', ['pwa']);
    // Unit strengths are public: everyone reads them.
    const pub = await readAll(g.gameId, undefined);
    expect(pub).toContain('"pink-strength"');
  });
});

describe('Fin de Siecle', () => {
  const seats = FDS_SEATS;

  test('paid press reaches its recipients and paying interceptors only; free press is refused', async () => {
    const g = await seatedGame(h, { variant: 'fin-de-siecle', seats });
    const free = await h.call('POST', `/games/${g.gameId}/messages`, {
      token: g.players['p1']!,
      body: { to: ['p2'], text: 'hello for free' },
    });
    // Refused by the variant's rules, with the module's own code beside the service's.
    expect(free.body.code).toBe('press/refused');
    expect(JSON.stringify(free.body)).toContain('fds-press/through-the-gm');
    // The setup step: Britain's unit in London becomes a fleet, secretly until the step ends.
    const setup = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['p1']!,
      body: { text: 'START F LON' },
    });
    expect(setup.body.lines[0].ok).toBe(true);
    await onlyFor(g, 'START F LON', ['p1'], { gmSees: false });
    await force(g, 'S1880M');
    const msg = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['p1']!,
      body: { text: 'MSG TO OTT: ZEBRA meet me at Suez' },
    });
    expect(msg.body.lines[0].ok).toBe(true);
    const tap = await h.call('POST', `/games/${g.gameId}/orders`, {
      token: g.players['p3']!,
      body: { text: 'INTERCEPT GBR OTT' },
    });
    expect(tap.body.lines[0].ok).toBe(true);
    await force(g, 'F1880M');
    // Sent by Britain's player, read by the Ottoman player and by France's, who paid to tap it.
    await onlyFor(g, 'ZEBRA meet me at Suez', ['p1', 'p2', 'p3']);
  });
});
