// The page's legal orders (src/orders/legal.ts, the engine run in the page on the game as the
// caller is shown it) against the server's legal-orders route, over the real HTTP app in
// process: random games of the standard variant, the Fink (a Fink made in the first winter, who
// finks every spring, with his finked unit's retreat pending), Deviant II (No Convoys voted in
// for Fall 1901, Armies Only for Winter 1901, then random proposals and votes) and Fiascomacy
// (investors ordering the powers they back). In every phase, for every player and the
// gamesmaster, the page's answer from `GET /games/{id}` must equal the route's exactly.
import { legalOrders, Rng, randomText, type Variant, type VariantState } from '@arbiter/engine';
import { CATALOGUE, VARIANTS, type FinkState } from '@arbiter/rules';
import type { ApiGame } from '@arbiter/server/api-types';
import { afterEach, describe, expect, test } from 'vitest';
import { pageLegalOrders, type PageLegalOrders } from '../src/orders/legal.js';
import { hasHouseRules, loadRules, rulesOf } from '../src/orders/rules.js';
import { harness, seatedGame, STANDARD_SEATS, type Harness } from '../../server/test/helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** What a game's run saw, for checks that the interesting cases did happen. */
interface Seen {
  /** Comparisons made (one per phase and caller). */
  compared: number;
  /** Phases by type. */
  phases: Record<string, number>;
  /** Phases where a player's answer differs from the standard rules' (a rule in force). */
  ruleChanged: number;
  /** Phases where a player was offered orders for more than one power. */
  manyPowers: number;
  /** Retreat phases with a finked unit pending, compared for the Fink himself. */
  finkPending: number;
}

/** One player's sheet for a phase: the random player's, then changed by the script. */
type Script = (p: {
  readonly phase: string;
  readonly player: string;
  readonly state: VariantState;
  readonly random: string[];
  readonly rng: Rng;
}) => string[];

const isAction = (variant: Variant, line: string): boolean =>
  variant.modules.some((m) => m.parseAction?.(line, variant.map) !== undefined) ||
  Object.values(CATALOGUE).some((m) => m.parseAction?.(line, variant.map) !== undefined);

/**
 * Plays `years` years of a seated game: in each phase every player and the gamesmaster compare
 * the page's legal orders with the route's, then the players send their sheets and the
 * gamesmaster processes the phase.
 */
async function play(
  hh: Harness,
  opts: {
    readonly variant: string;
    readonly seats: Readonly<Record<string, readonly string[]>>;
    readonly seed: number;
    readonly phases: number;
    readonly script?: Script;
  },
): Promise<Seen> {
  const variant = VARIANTS[opts.variant]!;
  // As the game's page does before it shows the game (nothing for a standard game).
  await loadRules(opts.variant, false);
  const g = await seatedGame(hh, { variant: opts.variant, seats: opts.seats });
  const rng = new Rng(opts.seed);
  const seen: Seen = { compared: 0, phases: {}, ruleChanged: 0, manyPowers: 0, finkPending: 0 };
  const callers: [string, string][] = [...Object.entries(g.players), ['gm', g.gm]];
  for (let i = 0; i < opts.phases; i++) {
    const open = await hh.store.read((tx) => tx.openPhase(g.gameId));
    if (open === undefined) break;
    const truth = open.state;
    seen.phases[truth.phase.type] = (seen.phases[truth.phase.type] ?? 0) + 1;
    for (const [who, token] of callers) {
      const game = await hh.call('GET', `/games/${g.gameId}`, { token });
      expect(game.status).toBe(200);
      const route = await hh.call('GET', `/games/${g.gameId}/legal-orders`, { token });
      expect(route.status, JSON.stringify(route.body)).toBe(200);
      const page = pageLegalOrders(game.body as ApiGame);
      expect(page, `${open.name} ${who}`).toEqual(route.body);
      seen.compared++;
      if (page === undefined || who === 'gm') continue;
      if (page.powers.length > 1) seen.manyPowers++;
      if (differsFromStandard(variant, truth, page)) seen.ruleChanged++;
      const fink = truth.modules['fink'] as FinkState | undefined;
      if (truth.phase.type === 'retreat' && fink?.pending != null && fink.fink?.player === who)
        seen.finkPending++;
    }
    if (truth.phase.type === 'module') throw new Error('no module phases expected here');
    for (const [player, token] of Object.entries(g.players)) {
      const random = randomText(variant, truth, player, rng, CATALOGUE)
        .split('\n')
        .filter((l) => l !== '');
      const lines =
        opts.script?.({ phase: open.name, player, state: truth, random, rng }) ?? random;
      if (lines.length === 0) continue;
      const sent = await hh.call('POST', `/games/${g.gameId}/orders`, {
        token,
        body: { text: lines.join('\n') },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const processed = await hh.call('POST', `/games/${g.gameId}/process`, { token: g.gm });
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  }
  return seen;
}

/** Whether the page's orders differ from the same powers' orders under no module rules. */
function differsFromStandard(variant: Variant, state: VariantState, page: PageLegalOrders) {
  const plain = page.powers.map((p) => legalOrders(variant.map, state, p.power).length);
  return page.powers.some((p, i) => p.units.reduce((n, u) => n + u.orders.length, 0) !== plain[i]);
}

describe("the page's legal orders are the legal-orders route's", () => {
  test('in a standard game, for each of the seven players and the gamesmaster', async () => {
    h = await harness();
    const seen = await play(h, { variant: 'standard', seats: STANDARD_SEATS, seed: 1, phases: 9 });
    expect(seen.compared).toBeGreaterThanOrEqual(8 * 7);
    expect(seen.phases['adjustment']).toBeGreaterThan(0);
  });

  test('in a standard game where units are dislodged (retreat phases)', async () => {
    h = await harness();
    const seen = await play(h, { variant: 'standard', seats: STANDARD_SEATS, seed: 2, phases: 14 });
    expect(seen.phases['retreat']).toBeGreaterThan(0);
  });

  // Before any other variant's test: the rules of the variants but standard are not loaded yet.
  test("in a Fink game only once the variants' part is loaded; a standard game's before", async () => {
    expect(rulesOf('standard', false)?.variant.id).toBe('standard');
    expect(rulesOf('fink', false)).toBeUndefined();
    // A standard game with house rules needs the catalogue, which comes with the other variants.
    expect(rulesOf('standard', true)).toBeUndefined();
    h = await harness();
    const g = await seatedGame(h, { variant: 'fink', seats: STANDARD_SEATS });
    const game = await h.call('GET', `/games/${g.gameId}`, { token: g.players['eng']! });
    const route = await h.call('GET', `/games/${g.gameId}/legal-orders`, {
      token: g.players['eng']!,
    });
    expect(route.status).toBe(200);
    expect(pageLegalOrders(game.body as ApiGame)).toBeUndefined();
    await loadRules('fink', hasHouseRules((game.body as ApiGame).state));
    expect(pageLegalOrders(game.body as ApiGame)).toEqual(route.body);
    expect(rulesOf('standard', true)?.catalogue).toBe(CATALOGUE);
    expect(rulesOf('atlantis', false)).toBeUndefined();
  });

  test('in a Fink game, for the Fink with a finked unit to retreat and for everyone else', async () => {
    h = await harness();
    const seen = await play(h, {
      variant: 'fink',
      seats: STANDARD_SEATS,
      seed: 3,
      phases: 14,
      // England turns Fink against France in the first winter, and finks a French unit every
      // spring; nobody else asks. The Fink's retreat of the finked unit comes from the random
      // player (it retreats the units a module hands it).
      script: ({ player, state, random, rng }) => {
        const lines = random.filter((l) => !isAction(VARIANTS['fink']!, l));
        const fink = state.modules['fink'] as FinkState;
        if (player !== 'eng') return lines;
        if (state.phase.type === 'adjustment' && fink.fink === null)
          return [...lines, 'FINK AGAINST FRA'];
        if (state.phase.type === 'movement' && state.phase.season === 'spring') {
          const done = fink.history['eng'] ?? [];
          const unit = rng.pick(
            state.units.filter((u) => u.power === 'FRA' && !done.includes(u.location.province)),
          );
          if (unit !== undefined) return [...lines, `FINK ${unit.location.province}`];
        }
        return lines;
      },
    });
    expect(seen.finkPending).toBeGreaterThan(0);
    expect(seen.compared).toBeGreaterThan(8 * 10);
  });

  test('in Deviant II, with No Convoys and Armies Only voted in, then random rules', async () => {
    h = await harness();
    const deviant = VARIANTS['deviant2']!;
    const seen = await play(h, {
      variant: 'deviant2',
      seats: STANDARD_SEATS,
      seed: 11,
      phases: 16,
      script: ({ phase, player, random }) => {
        const orders = random.filter((l) => !isAction(deviant, l));
        switch (phase) {
          case 'W1900A':
            return player === 'aus' ? ['PROPOSE NO_CONVOYS'] : [];
          case 'S1901M':
            return [
              ...orders,
              'VOTE 1 FOR A',
              ...(player === 'eng' ? ['PROPOSE ARMIES_ONLY'] : []),
            ];
          case 'F1901M':
            return [...orders, 'VOTE 1 FOR E'];
          default:
            return random;
        }
      },
    });
    // A rule voted in changed what some player may order.
    expect(seen.ruleChanged).toBeGreaterThan(0);
    expect(seen.compared).toBeGreaterThan(8 * 10);
  });

  test('in Fiascomacy, for investors ordering every power they back', async () => {
    h = await harness();
    const seen = await play(h, {
      variant: 'fiascomacy',
      seats: { p1: [], p2: [], p3: [], p4: [] },
      seed: 2,
      phases: 12,
    });
    expect(seen.manyPowers).toBeGreaterThan(0);
    expect(seen.compared).toBeGreaterThan(5 * 8);
  });
});

describe('when the page cannot work them out, it says so (and the page asks the route)', () => {
  const game = (over: Partial<ApiGame>): ApiGame =>
    ({
      variant: 'standard',
      status: 'running',
      viewer: { kind: 'player', player: 'eng' },
      phase: { id: 1, seq: 1, name: 'S1901M', openedAt: 0, deadline: null, ready: [] },
      state: {
        variant: 'standard',
        map: 'standard',
        phase: { year: 1901, season: 'spring', type: 'movement' },
        units: [{ power: 'ENG', type: 'fleet', location: { province: 'lon' } }],
        supplyCenters: {},
        dislodged: [],
        winner: null,
        players: [{ id: 'eng', powers: ['ENG'] }],
        ruleSet: [],
        phaseIndex: 0,
        winners: null,
        settings: {},
        modules: {},
      },
      ...over,
    }) as unknown as ApiGame;

  test('a game it knows gives the orders', () => {
    const out = pageLegalOrders(game({}));
    expect(out?.phase).toBe('S1901M');
    expect(out?.powers.map((p) => p.power)).toEqual(['ENG']);
    expect(out?.powers[0]?.units[0]?.unit).toBe('F lon');
    expect(out?.powers[0]?.units[0]?.orders.map((o) => o.text)).toContain('F lon - nth');
  });

  test('a variant this build of the page does not know', () => {
    const g = game({});
    const state = { ...g.state!, variant: 'atlantis' };
    expect(pageLegalOrders({ ...g, variant: 'atlantis', state } as ApiGame)).toBeUndefined();
  });

  test('a house rule in force that the page does not know', () => {
    const g = game({});
    const state = { ...g.state!, ruleSet: [{ module: 'tides', from: 0, settings: {} }] };
    expect(pageLegalOrders({ ...g, state })).toBeUndefined();
  });

  test('a state without the settings of one of the variant modules', () => {
    const g = game({});
    const state = { ...g.state!, variant: 'fink' };
    expect(pageLegalOrders({ ...g, variant: 'fink', state } as ApiGame)).toBeUndefined();
  });

  test('the public, a game not running, no open phase', () => {
    expect(pageLegalOrders(game({ viewer: { kind: 'public' } }))).toBeUndefined();
    expect(pageLegalOrders(game({ status: 'finished' }))).toBeUndefined();
    expect(pageLegalOrders(game({ phase: null }))).toBeUndefined();
  });
});
