// `resolveActions`: actions checked when submitted, stored with the orders, and resolved when
// the phase is processed, in the order written, sharing one budget with bought supports. The
// toy "courier" module is shaped like Fin de Siecle's dip points: each player has 2 points a
// turn; `SEND <player> <text>` costs 1 and is delivered with the results, `BUY <province>` costs
// 1 and gives the unit there one more support for that turn.
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type Variant } from './module.js';
import { newGame, parseSubmission, processVariantPhase } from './pipeline.js';
import type { VariantState } from './state.js';

interface Courier {
  /** Provinces whose units have a bought support this turn, and who paid. */
  readonly bought: readonly { readonly province: string; readonly by: string }[];
  /** Points spent this turn, by player. */
  readonly spent: Readonly<Record<string, number>>;
}

const BUDGET = 2;

const courier = defineModule<Courier>({
  id: 'courier',
  headline: 'Courier: 2 points a turn, for messages and supports.',
  init: () => ({ bought: [], spent: {} }),
  parseAction: (text) => {
    const send = /^SEND (\w+) (.+)$/i.exec(text);
    if (send !== null)
      return { module: 'courier', type: 'send', data: { to: send[1]!, text: send[2]! } };
    const buy = /^BUY (\w{3})$/i.exec(text);
    if (buy !== null)
      return { module: 'courier', type: 'buy', data: { province: buy[1]!.toLowerCase() } };
    return undefined;
  },
  // At submission: the whole submission within the budget (the third action is refused).
  checkAction: (_ctx, _player, _action, earlier) =>
    earlier.length >= BUDGET
      ? { code: 'courier/over-budget', message: `only ${BUDGET} points a turn` }
      : undefined,
  resolveActions: (ctx, submissions) => {
    const bought: { province: string; by: string }[] = [];
    const spent: Record<string, number> = {};
    const messages = [];
    for (const s of submissions) {
      for (const a of s.actions) {
        spent[s.player] = (spent[s.player] ?? 0) + 1;
        if (a.type === 'buy') bought.push({ province: String(a.data['province']), by: s.player });
        else
          messages.push({
            from: s.player,
            to: { kind: 'players' as const, players: [String(a.data['to'])] },
            text: String(a.data['text']),
            anonymous: false,
          });
      }
    }
    return { own: { ...ctx.own, bought, spent }, messages };
  },
  // The bought supports, read from the state the actions just settled, each with its payer.
  movementRules: (ctx) => ({
    extraSupport: (unit) =>
      ctx.own.bought
        .filter((b) => b.province === unit.location.province)
        .map((b) => ({ power: b.by, amount: 1, reason: 'bought support' })),
  }),
});

const variant: Variant = {
  id: 'courier-test',
  name: 'Courier test',
  map: standardMap,
  rulebook: '2023',
  modules: [courier],
  players: { min: 7, max: 7 },
};

function start(): VariantState {
  const r = newGame(variant, {
    variant: variant.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe('resolveActions', () => {
  it('checks at submission, then resolves at processing: a message delivered, a support bought', () => {
    const s = start();
    // Germany and France both move into Burgundy; Germany buys a support for its army and
    // sends France a message; its third action is over the budget and refused at once.
    const ger = parseSubmission(variant, s, 'GER', 'A mun - bur\nBUY mun\nSEND FRA hello\nBUY kie');
    expect(ger.rejections.map((r) => r.code)).toEqual(['courier/over-budget']);
    expect(ger.submission.actions.map((a) => a.type)).toEqual(['buy', 'send']);
    const fra = parseSubmission(variant, s, 'FRA', 'A par - bur');
    const r = processVariantPhase(variant, s, [ger.submission, fra.submission]);
    // The bought support decides the standoff in Burgundy: 2 against 1.
    const outcome = (o: (typeof r.report.outcomes)[number]) => `${o.power} ${o.result}`;
    expect(r.report.outcomes.map(outcome)).toEqual(['GER succeeds', 'FRA fails']);
    expect(r.messages).toEqual([
      { from: 'GER', to: { kind: 'players', players: ['FRA'] }, text: 'hello', anonymous: false },
    ]);
    expect(r.state.modules['courier']).toEqual({
      bought: [{ province: 'mun', by: 'GER' }],
      spent: { GER: 2 },
    });
  });

  it('a support bought by a power never helps dislodge its own unit; the report says who paid', () => {
    const s = start();
    const spring = processVariantPhase(variant, s, [
      parseSubmission(variant, s, 'FRA', 'A par - bur').submission,
    ]);
    const fall = spring.state;
    expect(fall.phase).toEqual({ year: 1901, season: 'fall', type: 'movement' });
    // France pays for Germany's attack on its own army in Burgundy: 1 against 1, a bounce.
    const alone = processVariantPhase(variant, fall, [
      parseSubmission(variant, fall, 'FRA', 'A bur H\nBUY mun').submission,
      parseSubmission(variant, fall, 'GER', 'A mun - bur').submission,
    ]);
    const ger = alone.report.outcomes.find((o) => o.power === 'GER')!;
    expect(ger).toMatchObject({ result: 'fails', strength: 1, against: 1 });
    expect(ger.paid).toEqual([
      { power: 'FRA', amount: 1, reason: 'bought support', counted: false },
    ]);
    expect(ger.explanation).toContain(
      '1 bought support paid by FRA not counted against its own unit',
    );
    // With Russia paying too, Russia's counts: 2 against 1, the French army is dislodged.
    const both = processVariantPhase(variant, fall, [
      parseSubmission(variant, fall, 'FRA', 'A bur H\nBUY mun').submission,
      parseSubmission(variant, fall, 'GER', 'A mun - bur').submission,
      parseSubmission(variant, fall, 'RUS', 'BUY mun').submission,
    ]);
    const ger2 = both.report.outcomes.find((o) => o.power === 'GER')!;
    expect(ger2).toMatchObject({ result: 'succeeds', strength: 2 });
    expect(ger2.paid?.map((p) => `${p.power} ${p.counted}`)).toEqual(['FRA false', 'RUS true']);
    expect(both.report.dislodged.map((d) => d.unit.location.province)).toEqual(['bur']);
  });

  it('without the actions, the same moves stand off and nothing is sent', () => {
    const s = start();
    const ger = parseSubmission(variant, s, 'GER', 'A mun - bur');
    const fra = parseSubmission(variant, s, 'FRA', 'A par - bur');
    const r = processVariantPhase(variant, s, [ger.submission, fra.submission]);
    expect(r.report.outcomes.map((o) => o.result)).toEqual(['fails', 'fails']);
    expect(r.messages).toBeUndefined();
  });
});
