/**
 * `npm run bench:variants`: whole games per second of every variant Arbiter plays, between
 * seeded random players through the variant pipeline (`playVariantGame`: random players write
 * their orders as text and the pipeline reads them, as a real game would), one thread. Each
 * variant plays games to `--last-year` (default 1920) or its end for `--seconds` (default 4)
 * after one warm-up game; the figures are printed, never asserted. docs/performance.md keeps
 * them.
 */
import { playVariantGame, type PlayerSetup, type Variant } from '@arbiter/engine';
import { CATALOGUE, onePlayerPerPower, VARIANTS } from '@arbiter/rules';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i < 0 ? undefined : Number(process.argv[i + 1]);
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

/** The players of a benchmark game: the variant's own seating for 8, else one per power. */
function playersOf(variant: Variant): readonly PlayerSetup[] {
  const seated = variant.seats?.(8);
  if (seated !== undefined && seated.some((s) => s.powers.length > 0)) return seated;
  if (seated !== undefined) return seated.slice(0, 4);
  return onePlayerPerPower(variant);
}

function main(): void {
  const lastYear = option('last-year', 1920);
  const seconds = option('seconds', 4);
  const only = process.argv.slice(2).filter((a) => !a.startsWith('--') && Number.isNaN(Number(a)));
  console.log(
    `arbiter bench:variants: node ${process.version}, one thread, games to ${lastYear} or their end, ` +
      `${seconds} s a variant`,
  );
  console.log(
    `${'variant'.padEnd(16)} ${'games/s'.padStart(8)} ${'phases/s'.padStart(9)} ${'phases a game'.padStart(14)}  players`,
  );
  for (const [id, variant] of Object.entries(VARIANTS)) {
    if (only.length > 0 && !only.includes(id)) continue;
    const players = playersOf(variant);
    const play = (seed: number): number => {
      let phases = 0;
      const game = playVariantGame(
        variant,
        { variant: id, seed, players: [...players] },
        { lastYear, catalogue: CATALOGUE },
      );
      for (let r = game.next(); r.done !== true; r = game.next()) phases++;
      return phases;
    };
    play(1);
    let games = 0;
    let phases = 0;
    const start = performance.now();
    let elapsed = 0;
    for (let seed = 2; elapsed < seconds * 1000; seed++) {
      phases += play(seed);
      games++;
      elapsed = performance.now() - start;
    }
    const perSecond = (n: number): string =>
      (n / (elapsed / 1000)).toFixed(n / (elapsed / 1000) < 10 ? 1 : 0);
    console.log(
      `${id.padEnd(16)} ${perSecond(games).padStart(8)} ${perSecond(phases).padStart(9)} ` +
        `${(phases / games).toFixed(1).padStart(14)}  ${players.length}`,
    );
  }
}

main();
