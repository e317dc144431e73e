// Recorded random games: 200 seeded games of each variant (fewer of the newest, `GAMES_OF`), every phase's board, report, events
// and module state digested and compared with the record (recorded-games.json.gz), first made
// before the engine's phase machine was reshaped and made again on 2026-11-29 when the random
// player came to draw supports that fit no other order otherwise (the engine itself unchanged: the
// record before passed at the commit before). A change of behaviour anywhere in the pipeline, the kernel
// or a module shows here as the first phase that differs. After an intended change of behaviour,
// write a new record with `RECORD_GAMES=1 npx vitest run packages/rules/test/recorded-games.test.ts`
// and say why in the commit.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  playVariantGame,
  type GameSetup,
  type PlayerSetup,
  type Variant,
  type VariantPlayedPhase,
} from '@arbiter/engine';
import { CATALOGUE, onePlayerPerPower, VARIANTS } from '../src/index.js';

const RECORD = new URL('./recorded-games.json.gz', import.meta.url);
const GAMES = 200;
const LAST_YEAR = 1906;
/**
 * Fewer games of the variants added after the record was first made, whose own property tests
 * play many more: their boards are larger (Pink II's 211 provinces, the 16 powers of Fin de
 * Siecle's world), and the record guards against a change of behaviour, which 20 games show.
 */
const GAMES_OF: Readonly<Record<string, number>> = { pink: 20, pink2: 10, 'fin-de-siecle': 10 };

/** The options a game of each variant is played with: several games per option set. */
function optionsFor(variant: string, seed: number): GameSetup['options'] {
  if (variant === 'fink') {
    return [
      undefined,
      { fink: { phantomFink: true, FINK_RETARGET: true } },
      { fink: { FINK_RETREATS_AFTER: true, FINK_NO_CONVOY: true } },
      { fink: { FINK_RANDOM_RETREAT: true } },
    ][seed % 4];
  }
  return undefined;
}

function playersFor(variant: Variant): PlayerSetup[] {
  if (variant.id === 'fiascomacy')
    return ['Alf', 'Bert', 'Cardew', 'Denis', 'Eve'].map((id) => ({ id, powers: [] }));
  return onePlayerPerPower(variant);
}

/** A phase as the record keeps it: what the pipeline decided, not how it is laid out in memory. */
function digest(p: VariantPlayedPhase): string {
  const s = p.state;
  const r = p.report;
  const kept = {
    name: r.name,
    state: {
      phase: s.phase,
      units: s.units,
      dislodged: s.dislodged,
      supplyCenters: s.supplyCenters,
      winner: s.winner,
      winners: s.winners,
      modules: s.modules,
      ruleSet: s.ruleSet,
      rng: s.rng,
      phaseIndex: s.phaseIndex,
      resume: s.resume ?? null,
      later: s.later ?? null,
    },
    report: {
      outcomes: r.outcomes,
      dislodged: r.dislodged,
      removed: r.removed,
      removals: r.removals,
      built: r.built,
      declined: r.declined,
      captured: r.captured,
      winner: r.winner,
    },
    orders: p.orders,
    events: p.events,
    rejections: p.rejections,
  };
  return createHash('sha256')
    .update(JSON.stringify(kept, withoutIdentity))
    .digest('hex')
    .slice(0, 10);
}

/**
 * Units are compared by what they are and where, not by the ids and attributes they have carried
 * since units were given identities (after the record was made).
 */
function withoutIdentity(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('location' in value) || !('power' in value))
    return value;
  const rest: Record<string, unknown> = { ...value };
  delete rest['id'];
  delete rest['attrs'];
  return rest;
}

/** One variant's games, each as its phases `S1901M:digest`, by seed. */
function playVariant(id: string): string[][] {
  const variant = VARIANTS[id]!;
  const games: string[][] = [];
  for (let seed = 1; seed <= (GAMES_OF[id] ?? GAMES); seed++) {
    const options = optionsFor(id, seed);
    const game = playVariantGame(
      variant,
      { variant: id, seed, players: playersFor(variant), ...(options ? { options } : {}) },
      { lastYear: LAST_YEAR, catalogue: CATALOGUE },
    );
    const phases: string[] = [];
    for (let r = game.next(); r.done !== true; r = game.next())
      phases.push(`${r.value.report.name}:${digest(r.value)}`);
    games.push(phases);
  }
  return games;
}

// One test per variant, so that each has the whole time limit on a busy machine (together they
// play over a thousand games).
describe('recorded random games', () => {
  if (process.env['RECORD_GAMES'] === '1' || !existsSync(RECORD)) {
    it('records the games', () => {
      const now = Object.fromEntries(Object.keys(VARIANTS).map((id) => [id, playVariant(id)]));
      writeFileSync(RECORD, gzipSync(JSON.stringify(now)));
      throw new Error(`recorded ${RECORD.pathname}: run again to compare`);
    });
    return;
  }
  const record = JSON.parse(gunzipSync(readFileSync(RECORD)).toString()) as Record<
    string,
    string[][]
  >;
  it('holds every variant, and only those', () => {
    expect(Object.keys(record)).toEqual(Object.keys(VARIANTS));
  });
  for (const id of Object.keys(VARIANTS)) {
    it(`${GAMES_OF[id] ?? GAMES} ${id} games to ${LAST_YEAR} play exactly as recorded`, () => {
      const now = playVariant(id);
      const games = record[id] ?? [];
      expect(now.length).toBe(games.length);
      let phases = 0;
      games.forEach((want, i) => {
        const got = now[i]!;
        const first = want.findIndex((x, k) => got[k] !== x);
        const where = `${id} seed ${i + 1}`;
        expect(first === -1 ? null : `${where}: first differs at ${want[first]}`, where).toBeNull();
        expect(got.length, where).toBe(want.length);
        phases += want.length;
      });
      // The record covers real games, not a handful of phases.
      expect(phases).toBeGreaterThan(games.length * 8);
    });
  }
});
