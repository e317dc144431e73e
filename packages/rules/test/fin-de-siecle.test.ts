// Fin de Siecle's modules through the real pipeline on the harness: what each spend costs, every
// bad-input code, the one-per-unit rule, the quota window, the setup step and the end.
import { describe, expect, it } from 'vitest';
import {
  newGame,
  parseSubmission,
  processVariantPhase,
  routeMessage,
  standardMap,
  viewFor,
  type Unit,
  type VariantState,
} from '@arbiter/engine';
import {
  budgetOf,
  dipsSettings,
  dipsState,
  finDeSiecleHarness as variant,
  HARNESS_PLAYERS,
  messageCost,
  parsePress,
  parseSupport,
  quotaUsed,
  type PressState,
} from '../src/index.js';

function start(
  phase = 'S1881M',
  units?: readonly Unit[],
  options?: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): VariantState {
  const g = newGame(variant, {
    variant: variant.id,
    seed: 1,
    players: HARNESS_PLAYERS,
    ...(options === undefined ? {} : { options }),
  });
  if (!g.ok) throw new Error(g.error.message);
  const m = /^([SF])(\d{4})M$/.exec(phase)!;
  return {
    ...g.value,
    phase: { year: Number(m[2]), season: m[1] === 'S' ? 'spring' : 'fall', type: 'movement' },
    ...(units === undefined ? {} : { units }),
  };
}

const A = (power: string, province: string): Unit => ({
  power,
  type: 'army',
  location: { province },
});

function codes(s: VariantState, player: string, text: string): string[] {
  return parseSubmission(variant, s, player, text).rejections.map((r) => r.code);
}

function play(s: VariantState, lines: Readonly<Record<string, string>>) {
  return processVariantPhase(
    variant,
    s,
    s.players.map((p) => parseSubmission(variant, s, p.id, lines[p.id] ?? '').submission),
  );
}

describe('reading spends', () => {
  const data = (t: string, parse = parseSupport) => {
    const a = parse(t, standardMap);
    return a === undefined || 'error' in a ? a : a.data;
  };

  it('reads the rules’ support notations, any case, by id or name, with a paying power at the head', () => {
    expect(data('3 DIPS SUPPORT A(LON)-YOR')).toEqual({
      kind: 'move',
      unitType: 'A',
      province: 'lon',
      to: 'yor',
      owner: null,
      payer: null,
      dips: 3,
      written: 3,
    });
    expect(data('3 dips support a(lon) hold')).toMatchObject({ kind: 'hold', province: 'lon' });
    expect(data('3 Dips supporting Germany A(MUN) Hold')).toMatchObject({
      owner: 'GER',
      province: 'mun',
    });
    expect(data('ENGLAND: support F London - North Sea')).toMatchObject({
      payer: 'ENG',
      unitType: 'F',
      province: 'lon',
      to: 'nth',
    });
    expect(data('5 DIPS SUPPORT A(LON)-YOR')).toMatchObject({ written: 5 });
    expect(data('3 DIPS SUPPORTING MEXICO A(MUN) HOLD')).toMatchObject({ unknown: ['MEXICO'] });
    expect(data('A Lon - Yor')).toBeUndefined();
    expect(data('3 DIPS SUPPORT A(XXX) HOLD')).toHaveProperty('error');
  });

  it('reads messages, interceptions and protections; a message costs 1 per 50 words or part', () => {
    expect(data('MSG TO FRANCE, ITALY: hello there', parsePress)).toEqual({
      to: ['FRA', 'ITA'],
      text: 'hello there',
      payer: null,
      dips: 1,
    });
    expect(data('AUS: msg to fra and tur: hi', parsePress)).toMatchObject({
      payer: 'AUS',
      to: ['FRA', 'TUR'],
    });
    expect(data('INTERCEPT FRANCE ENGLAND', parsePress)).toMatchObject({
      between: ['FRA', 'ENG'],
      dips: 2,
    });
    expect(data('INTERCEPT FRANCE MEXICO', parsePress)).toMatchObject({
      between: ['FRA'],
      unknown: ['MEXICO'],
    });
    expect(data('PROTECT AGAINST TURKEY', parsePress)).toMatchObject({ against: 'TUR', dips: 1 });
    expect(messageCost(Array(50).fill('w').join(' '))).toBe(1);
    expect(messageCost(Array(51).fill('w').join(' '))).toBe(2);
    expect(messageCost(Array(101).fill('w').join(' '))).toBe(3);
  });
});

describe('bad input: each refusal has its code, costs nothing, and the rest stands', () => {
  const s = start();

  it('overspending: the spend the budget cannot pay is refused, later cheaper ones are paid', () => {
    // France (major, 6): support 3, support 3, then a message it has no dips left for.
    const sub = parseSubmission(
      variant,
      s,
      'FRA',
      'A Par H\n3 DIPS SUPPORT A(PAR) HOLD\n3 DIPS SUPPORT F(BRE) HOLD\nMSG TO GER: hi',
    );
    expect(sub.rejections.map((r) => r.code)).toEqual(['fds-dips/over-budget']);
    expect(sub.submission.actions).toHaveLength(2);
    expect(sub.submission.orders).toHaveLength(1);
    // A minor (4): two 2-dip messages, then a protection is over budget.
    const words = Array(60).fill('w').join(' ');
    expect(
      codes(s, 'GER', `MSG TO FRA: ${words}\nMSG TO RUS: ${words}\nPROTECT AGAINST FRA`),
    ).toEqual(['fds-dips/over-budget']);
  });

  it('a message over the budget is refused; a shorter one after it is paid', () => {
    const long = Array(201).fill('w').join(' '); // 5 dips, a minor has 4
    const sub = parseSubmission(variant, s, 'ITA', `MSG TO FRA: ${long}\nMSG TO FRA: short`);
    expect(sub.rejections.map((r) => r.code)).toEqual(['fds-dips/over-budget']);
    expect(sub.submission.actions).toHaveLength(1);
  });

  it('a support bought by a minor is refused', () => {
    expect(codes(s, 'GER', '3 DIPS SUPPORT A(MUN) HOLD')).toEqual(['fds-dips/minor-power']);
    // P1 runs a major and a minor: the support is England's by default, Austria's if named.
    expect(codes(s, 'P1', '3 DIPS SUPPORT F(LON) HOLD')).toEqual([]);
    expect(codes(s, 'P1', 'AUSTRIA: 3 DIPS SUPPORT F(LON) HOLD')).toEqual(['fds-dips/minor-power']);
  });

  it('a support for one’s own other power is refused (ruling 4); for one’s own unit it is fine', () => {
    expect(codes(s, 'P1', '3 DIPS SUPPORT A(VIE) HOLD')).toEqual(['fds-dips/same-player']);
    expect(codes(s, 'P1', '3 DIPS SUPPORT A(LVP) HOLD')).toEqual([]);
    expect(codes(s, 'FRA', '3 DIPS SUPPORT A(VIE) HOLD')).toEqual([]);
  });

  it('spends for another player’s power, of unknown powers, units or costs are refused', () => {
    expect(codes(s, 'FRA', 'GERMANY: MSG TO RUS: hi')).toEqual(['fds-dips/not-your-power']);
    expect(codes(s, 'TUR', 'INTERCEPT FRANCE MEXICO')).toEqual(['fds-press/unknown-power']);
    expect(codes(s, 'TUR', 'MSG TO ATLANTIS: hi')).toEqual(['fds-press/unknown-power']);
    expect(codes(s, 'TUR', '3 DIPS SUPPORTING MEXICO A(MUN) HOLD')).toEqual([
      'fds-dips/unknown-power',
    ]);
    expect(codes(s, 'TUR', '3 DIPS SUPPORTING FRANCE A(MUN) HOLD')).toEqual([
      'fds-dips/wrong-power',
    ]);
    expect(codes(s, 'TUR', '3 DIPS SUPPORT A(BUR) HOLD')).toEqual(['fds-dips/no-unit']);
    expect(codes(s, 'TUR', '3 DIPS SUPPORT F(PAR) HOLD')).toEqual(['fds-dips/no-unit']);
    expect(codes(s, 'TUR', '5 DIPS SUPPORT A(PAR) HOLD')).toEqual(['fds-dips/cost']);
    expect(codes(s, 'TUR', 'INTERCEPT FRANCE FRANCE')).toEqual(['fds-press/same-power']);
    expect(codes(s, 'TUR', 'PROTECT AGAINST TURKEY')).toEqual(['fds-press/same-power']);
    expect(codes(s, 'TUR', 'MSG TO TURKEY: note to self')).toEqual(['fds-press/no-recipient']);
    expect(codes(s, 'TUR', '3 DIPS SUPPORT A(BURGUNDY HOLD')).toEqual(['fds-dips/bad-action']);
  });

  it('no spends outside a movement turn', () => {
    const retreat: VariantState = { ...s, phase: { ...s.phase, type: 'retreat' } };
    expect(codes(retreat, 'TUR', 'MSG TO FRA: hi')).toEqual(['fds-dips/not-a-movement-turn']);
  });

  it('free press is refused with a clear reason', () => {
    const r = routeMessage(
      variant,
      s,
      {
        from: 'FRA',
        to: { kind: 'players', players: ['TUR'] },
        text: 'psst',
        anonymous: false,
      },
      [],
    );
    expect(r.refused?.code).toBe('fds-press/through-the-gm');
    expect(r.refused?.message).toContain('MSG TO');
  });
});

describe('dip supports in combat', () => {
  it('one per unit counts: every payer is charged, only the first entry has strength', () => {
    const s = start('S1881M', [A('GER', 'mun'), A('FRA', 'bur'), A('RUS', 'sil')]);
    // Germany attacks Burgundy; England and Turkey both buy its move: only one counts, 2 v 1.
    const r = play(s, {
      GER: 'A Mun - Bur',
      P1: '3 DIPS SUPPORT GERMANY A(MUN)-BUR',
      TUR: '3 DIPS SUPPORT A(MUN)-BUR',
    });
    const ger = r.report.outcomes.find((o) => o.power === 'GER')!;
    expect(ger).toMatchObject({ result: 'succeeds', strength: 2 });
    expect(ger.paid?.map((p) => `${p.power} ${p.amount} ${p.reason}`)).toEqual([
      'ENG 1 dip support',
      'TUR 0 dip support (one per unit counts)',
    ]);
    expect(quotaUsed(r.state, 'TUR', 2)).toMatchObject({ move: 1 });
    expect(dipsState(r.state).ledger.map((x) => `${x.payer} ${x.dips}`)).toEqual([
      'ENG 3',
      'TUR 3',
    ]);
  });

  it('the payer whose own unit is attacked comes last, so another payer’s support counts', () => {
    const s = start('S1881M', [A('GER', 'mun'), A('FRA', 'bur')]);
    const r = play(s, {
      GER: 'A Mun - Bur',
      FRA: 'A Bur H\n3 DIPS SUPPORT GERMANY A(MUN)-BUR',
      TUR: '3 DIPS SUPPORT A(MUN)-BUR',
    });
    const ger = r.report.outcomes.find((o) => o.power === 'GER')!;
    expect(ger.result).toBe('succeeds');
    expect(ger.paid?.map((p) => `${p.power} ${p.amount} ${p.counted}`)).toEqual([
      'TUR 1 true',
      'FRA 0 false',
    ]);
    // France alone: its support never helps dislodge its own army; 1 v 1, a bounce.
    const alone = play(s, {
      GER: 'A Mun - Bur',
      FRA: 'A Bur H\n3 DIPS SUPPORT GERMANY A(MUN)-BUR',
    });
    expect(alone.report.outcomes.find((o) => o.power === 'GER')).toMatchObject({ result: 'fails' });
  });

  it('a hold dip support covers a unit that supports (any unit that does not move)', () => {
    const s = start('S1881M', [A('FRA', 'bur'), A('FRA', 'mar'), A('GER', 'mun'), A('GER', 'ruh')]);
    // A Bur supports A Mar and is attacked 2 strong: its own support is cut, the dips are not.
    const r = play(s, {
      FRA: 'A Bur S A Mar\nA Mar H\n3 DIPS SUPPORT A(BUR) HOLD',
      GER: 'A Mun - Bur\nA Ruh S A Mun - Bur',
    });
    expect(r.report.dislodged).toEqual([]);
    expect(
      r.report.outcomes.find((o) => o.power === 'GER' && o.order.kind === 'move'),
    ).toMatchObject({
      result: 'fails',
      strength: 2,
      against: 2,
    });
  });
});

describe('the quota', () => {
  const move = (s: VariantState) => play(s, { FRA: 'A Par H\n3 DIPS SUPPORT A(PAR)-BUR' }).state;

  it('two move supports in five turns: the third within the window is void and costs nothing', () => {
    let s = start();
    s = move(s);
    s = play(s, {}).state; // F1881M
    s = move(s); // S1882M... (each play is one movement phase: nothing retreats)
    const third = parseSubmission(variant, s, 'FRA', '3 DIPS SUPPORT A(PAR)-BUR\nMSG TO GER: hi');
    expect(third.rejections.map((r) => r.code)).toEqual(['fds-dips/over-quota']);
    expect(third.submission.actions).toHaveLength(1);
    // Hold supports have their own count.
    expect(codes(s, 'FRA', '3 DIPS SUPPORT A(PAR) HOLD')).toEqual([]);
  });

  it('rolling: any five consecutive turns; blocks: fixed blocks of five from the first turn', () => {
    // Move supports in turns 3 and 4; then turns 5 to 8 are asked about.
    const at = (window: string, turn: number) => {
      let s = start('S1881M', undefined, { 'fds-dips': { QUOTA_WINDOW: window } });
      for (let t = 0; t < turn; t++) s = t === 3 || t === 4 ? move(s) : play(s, {}).state;
      expect(dipsState(s).turn).toBe(turn);
      return codes(s, 'FRA', '3 DIPS SUPPORT A(PAR)-BUR');
    };
    expect(at('rolling', 5)).toEqual(['fds-dips/over-quota']);
    expect(at('rolling', 7)).toEqual(['fds-dips/over-quota']);
    expect(at('rolling', 8)).toEqual([]);
    expect(at('blocks', 5)).toEqual([]);
  });
});

describe('secrecy', () => {
  it('each player sees only its own dips, spends and the press it paid for or got', () => {
    const s = start();
    const r = play(s, {
      FRA: 'MSG TO ENG: secret-one',
      TUR: 'INTERCEPT FRA ENG\nPROTECT AGAINST RUS',
    });
    const seen = (player: string) =>
      JSON.stringify(viewFor(variant, r.state, { kind: 'player', player }));
    expect(seen('P1')).toContain('secret-one');
    expect(seen('TUR')).toContain('secret-one');
    expect(seen('RUS')).not.toContain('secret-one');
    expect(seen('RUS')).not.toContain('INTERCEPT');
    expect(seen('FRA')).not.toContain('"against"');
    expect(JSON.stringify(viewFor(variant, r.state, { kind: 'public' }))).not.toContain(
      'secret-one',
    );
    const gm = viewFor(variant, r.state, { kind: 'gm' }).modules['fds-press'] as PressState;
    expect(gm.protections).toEqual([{ by: 'TUR', against: 'RUS' }]);
    // The message goes out with the results, from the power, not the player.
    expect(r.messages).toEqual([
      {
        from: 'FRA',
        to: { kind: 'players', players: ['P1'] },
        text: 'From FRA to ENG: secret-one',
        anonymous: true,
        copies: [{ player: 'TUR', at: 'results', note: 'intercepted (FRA to ENG)' }],
      },
    ]);
  });
});

describe('interception', () => {
  it('copies messages both ways, multi-recipient ones included, unless the sender is protected', () => {
    const s = start();
    const r = play(s, {
      TUR: 'INTERCEPT ENGLAND FRANCE',
      P1: 'ENG: MSG TO FRANCE, ITALY: to-both\nAUS: MSG TO FRANCE: from-austria',
      FRA: 'MSG TO ENG: reply\nPROTECT AGAINST TURKEY\nMSG TO GER: elsewhere',
    });
    const press = r.state.modules['fds-press'] as PressState;
    expect(press.messages.map((m) => `${m.text} ${m.interceptedBy.join(',')}`)).toEqual([
      'to-both TUR',
      'from-austria ',
      'reply ',
      'elsewhere ',
    ]);
    // Italy, an addressee, and France read "to-both"; Turkey gets a copy with the results.
    const both = r.messages!.find((m) => m.text.endsWith('to-both'))!;
    expect(both.to).toEqual({ kind: 'players', players: ['FRA', 'ITA'] });
    expect(both.copies?.map((c) => `${c.player}@${c.at}`)).toEqual(['TUR@results']);
  });
});

describe('the frame', () => {
  it('starts with a setup step whose choices are secret, army by default, then Spring 1880', () => {
    const g = newGame(variant, { variant: variant.id, seed: 1, players: HARNESS_PLAYERS });
    if (!g.ok) throw new Error(g.error.message);
    const s = g.value;
    expect(s.phase).toMatchObject({ year: 1879, season: 'winter', type: 'module', step: 'setup' });
    const fra = parseSubmission(variant, s, 'FRA', 'START F BRE\nSTART FLEET MAR');
    expect(fra.rejections).toEqual([]);
    expect(codes(s, 'FRA', 'START F LON')).toEqual(['fds-frame/not-your-centre']);
    expect(codes(s, 'FRA', 'START F PAR')).toEqual(['fds-frame/cannot-stand']);
    expect(codes(s, 'RUS', 'START F STP')).toEqual(['fds-frame/need-coast']);
    // A line may be headed by its power, as spends are; P1 runs England and Austria.
    expect(codes(s, 'P1', 'AUSTRIA: START F TRI\nENGLAND: START F LON')).toEqual([]);
    expect(codes(s, 'P1', 'ENGLAND: START F TRI')).toEqual(['fds-frame/not-your-centre']);
    expect(codes(s, 'RUS', 'START F STP/NC\nA Mos - Ukr')).toEqual([
      'command/no-orders-this-phase',
    ]);
    // Nothing is in the state before the step ends: the choices are each player's submission.
    const rus = parseSubmission(variant, s, 'RUS', 'START F STP/NC');
    const r = processVariantPhase(variant, s, [fra.submission, rus.submission]);
    expect(r.state.phase).toEqual({ year: 1880, season: 'spring', type: 'movement' });
    const key = (u: Unit) =>
      `${u.power} ${u.type} ${u.location.province}${u.location.coast ? '/' + u.location.coast : ''}`;
    const units = r.state.units.map(key);
    expect(units).toContain('FRA fleet bre');
    expect(units).toContain('FRA fleet mar');
    expect(units).toContain('FRA army par');
    expect(units).toContain('RUS fleet stp/nc');
    expect(units).toContain('ENG army lon');
    expect(units.filter((u) => u.includes('fleet'))).toHaveLength(3);
    expect(r.events.filter((e) => e.type === 'fds-dips/status').map((e) => e.text)).toContain(
      'AUS: 4 dips for S1880M; a minor power buys no dip supports',
    );
  });

  it('ends after Fall 1900, ranked by supply centres', () => {
    const s = { ...start('F1900M') };
    const r = play(s, {});
    expect(r.state.winners).not.toBeNull();
    expect(r.state.winners).toEqual(['RUS']);
    const before = play(start('S1900M'), {});
    expect(before.state.winners).toBeNull();
  });
});

describe('the dips settings of a game', () => {
  it('are the defaults under what each game set, for games asked about in turn', () => {
    // More games than the settings are kept for, asked about three times over in turn.
    const games = Array.from({ length: 11 }, (_, i) =>
      start('S1881M', undefined, { 'fds-dips': { MAJOR_DIPS: i + 1 } }),
    );
    const plain = start();
    for (let round = 0; round < 3; round++) {
      games.forEach((g, i) => {
        expect(dipsSettings(g)).toMatchObject({ MAJOR_DIPS: i + 1, MINOR_DIPS: 4 });
        expect(budgetOf(g, 'ENG')).toBe(i + 1);
      });
      expect(dipsSettings(plain)).toMatchObject({ MAJOR_DIPS: 6, MINOR_DIPS: 4, HOLD_QUOTA: 5 });
    }
  });
});
