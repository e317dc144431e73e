// A second, independent check: the older machine-readable DATC v3.0 file of TedDriggs/diplomacy
// (test/datc/datc.json, MIT) and its dipmath.json, run through the engine. Entries where that file
// is wrong against the DATC are listed in KNOWN_DEVIATIONS, and the test checks that the engine
// differs from the file exactly there and gives the DATC's result instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isLegacyCaseFile,
  runLegacyCase,
  standardMap,
  type LegacyCase,
  type LegacyCaseFile,
} from '../src/index.js';

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./datc/${name}`, import.meta.url), 'utf8'));

function legacyFile(name: string): LegacyCaseFile {
  const json = read(name);
  if (!isLegacyCaseFile(json)) throw new Error(`${name} is not in the legacy case format`);
  return json;
}

/** The entries that apply to DATC v3: no edition (every edition agrees) or the 2023 rules. */
const entries = legacyFile('datc.json').cases.filter(
  (c) => c.edition === undefined || c.edition === '2023',
);
const dipmath = legacyFile('dipmath.json').cases;

interface KnownDeviation {
  /** Why the entry is wrong against the DATC, or cannot be run as written, citing the case. */
  readonly reason: string;
  /**
   * Where the engine, run on the entry as written, disagrees with it: order keys (or
   * `civil disorder`), in the order the runner reports them. Nothing else may differ.
   */
  readonly differs: readonly string[];
  /** The entry as the DATC v3.2 text has it: these fields replace the file's. */
  readonly datc: Partial<Pick<LegacyCase, 'orders' | 'preceding_main_phase' | 'civil_disorder'>>;
}

const KNOWN_DEVIATIONS: Readonly<Record<string, KnownDeviation>> = {
  t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary: {
    reason:
      'DATC 6.B.2 (issue 4.B.2, preferred): with one reachable coast the move is tried to it, so ' +
      'F Gascony - Spain goes to spa/nc and succeeds. The file expects Fails (its library wants ' +
      'an explicit coast).',
    differs: ['FRA: F gas -> spa'],
    datc: { orders: { 'FRA: F gas -> spa': 'Succeeds' } },
  },
  t6b06_support_can_be_cut_with_other_coast: {
    reason:
      'DATC 6.B.6: the Italian move to Spain(sc) cuts the support of F Spain(nc) but fails, so ' +
      'Spain is not dislodged: by this format\'s reading (a support "Succeeds" when its unit is ' +
      'not dislodged) that is Succeeds. The file says Fails because its source library scores ' +
      'a support by whether it was cut (TedDriggs/diplomacy SupportOutcome::CutBy). It agrees ' +
      'with the DATC\'s "cut"; only the reading differs. Not in the shared README\'s list.',
    differs: ['FRA: F spa(nc) supports F mao'],
    datc: {
      orders: {
        'ENG: F iri supports F nao -> mao': 'Succeeds',
        'ENG: F nao -> mao': 'Succeeds',
        'FRA: F spa(nc) supports F mao': 'Succeeds',
        'FRA: F mao holds': 'Fails',
        'ITA: F lyo -> spa(sc)': 'Fails',
      },
    },
  },
  t6b10_unit_ordered_with_wrong_coast: {
    reason:
      'DATC 6.B.10 (issue 4.B.5, preferred): the coast given for the ordered unit is ignored, so ' +
      'F Spain(sc) ordered as spa(nc) moves to the Gulf of Lyon. The file expects Fails (its ' +
      '"errata" field).',
    differs: ['FRA: F spa(nc) -> lyo'],
    datc: { orders: { 'FRA: F spa(nc) -> lyo': 'Succeeds' } },
  },
  t6b12_army_movement_with_coastal_specification: {
    reason:
      'DATC 6.B.12 (issue 4.B.6, preferred): a coast given for an army is ignored, so A Gascony - ' +
      'Spain(nc) succeeds. The file expects Fails (its "errata" field).',
    differs: ['FRA: A gas -> spa(nc)'],
    datc: { orders: { 'FRA: A gas -> spa(nc)': 'Succeeds' } },
  },
  t6b15_supporting_foreign_unit_with_unspecified_coast: {
    reason:
      "DATC 6.B.15 (issue 4.B.4, preferred): France's support without a coast counts, so the " +
      'English and Italian fleets bounce in Spain, 2 against 2. The file (marked ignore) ' +
      'expects England to succeed.',
    differs: ['ENG: F mao -> spa(nc)'],
    datc: {
      orders: {
        'FRA: F por supports F mao -> spa': 'Succeeds',
        'ENG: F mao -> spa(nc)': 'Fails',
        'ITA: F lyo supports F wes -> spa(sc)': 'Succeeds',
        'ITA: F wes -> spa(sc)': 'Fails',
      },
    },
  },
  t6g11_a_convoy_to_an_adjacent_place_with_a_paradox: {
    reason:
      'DATC 6.G.11 (issues 4.A.2, 4.A.3, v3 preference): the army is convoyed by a fleet of its ' +
      'own power, so it goes by convoy with no fallback to land; the paradox is resolved by the ' +
      'Szykman rule: F Skagerrak is dislodged and the army stays in Sweden. The plain entry has ' +
      'the pre-v3 result (Norway dislodged); its "variant" entry has the v3 one.',
    differs: ['ENG: F nth -> ska', 'RUS: A swe -> nwy'],
    datc: {
      orders: {
        'ENG: F nwy Supports F nth -> ska': 'Succeeds',
        'ENG: F nth -> ska': 'Succeeds',
        'RUS: A swe -> nwy': 'Fails',
        'RUS: F ska convoys swe -> nwy': 'Fails',
        'RUS: F bar Supports A swe -> nwy': 'Succeeds',
      },
    },
  },
  t6h01_no_supports_during_retreat: {
    reason:
      'DATC 6.H.1: both fleets retreat to Albania, bounce and are disbanded; the retreat-phase ' +
      'support A Serbia Supports F Trieste - Albania is illegal. The file (marked ignore: its ' +
      'library cannot read that support) leaves the support out and lets Turkey succeed.',
    differs: ['TUR: F gre -> alb'],
    datc: {
      orders: {
        'AUS: F tri -> alb': 'Fails',
        'AUS: A ser supports F tri -> alb': 'Fails',
        'TUR: F gre -> alb': 'Fails',
      },
    },
  },
  t6h02_no_supports_from_retreating_unit: {
    reason:
      'DATC 6.H.2: the file (marked ignore) has only two of the nine movement orders, writes ' +
      'Norway "nor" (not a province, so those orders cannot be read) and leaves out the illegal ' +
      'support from the dislodged F Holland. With the full set-up F Norway and F Edinburgh ' +
      'bounce in the North Sea and the support is illegal.',
    differs: ['ENG: F nor hold', 'ENG: F nor -> nth'],
    datc: {
      preceding_main_phase: {
        orders: {
          'ENG: A lvp -> edi': 'Succeeds',
          'ENG: F yor supports A lvp -> edi': 'Succeeds',
          'ENG: F nwy hold': 'Fails',
          'GER: A kie supports A ruh -> hol': 'Succeeds',
          'GER: A ruh -> hol': 'Succeeds',
          'RUS: F edi hold': 'Fails',
          'RUS: A swe supports A fin -> nwy': 'Succeeds',
          'RUS: A fin -> nwy': 'Succeeds',
          'RUS: F hol hold': 'Fails',
        },
      },
      orders: {
        'ENG: F nwy -> nth': 'Fails',
        'RUS: F edi -> nth': 'Fails',
        'RUS: F hol supports F edi -> nth': 'Fails',
      },
    },
  },
  t6h03_no_convoy_during_retreat: {
    reason:
      'DATC 6.H.3: the file (marked ignore) leaves out the German attack that dislodges A Holland ' +
      '(F Kiel Supports A Ruhr - Holland, A Ruhr - Holland) and the illegal retreat-phase convoy, ' +
      'and marks the holding F North Sea Fails although the DATC has it stand. As written ' +
      'nothing is dislodged, so both holds succeed here.',
    differs: ['ENG: F nth hold', 'ENG: A hol hold'],
    datc: {
      preceding_main_phase: {
        orders: {
          'ENG: F nth hold': 'Succeeds',
          'ENG: A hol hold': 'Fails',
          'GER: F kie supports A ruh -> hol': 'Succeeds',
          'GER: A ruh -> hol': 'Succeeds',
        },
      },
      orders: {
        'ENG: A hol -> yor': 'Fails',
        'ENG: F nth convoys hol -> yor': 'Fails',
      },
    },
  },
  t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario: {
    reason:
      'DATC v3.2 6.J.10 (the second half of v3.0 6.J.9): F Skagerrak is 2 from St Petersburg(nc) ' +
      'via Norway and A Albania 3 from Sevastopol, so A Albania is removed. The file expects ' +
      'F Skagerrak: its source map lacks the Norway - St Petersburg border.',
    differs: ['civil disorder'],
    datc: { civil_disorder: ['RUS: A alb'] },
  },
};

describe('datc.json (DATC v3.0, TedDriggs/diplomacy)', () => {
  it('is told apart from our own case format', () => {
    expect(isLegacyCaseFile(read('datc.json'))).toBe(true);
    expect(isLegacyCaseFile(read('dipmath.json'))).toBe(true);
    expect(isLegacyCaseFile(read('datc-v3.2.json'))).toBe(false);
  });

  it('has 163 entries for DATC v3, with unique names, and lists deviations only among them', () => {
    expect(entries).toHaveLength(163);
    const names = new Set(entries.map((c) => c.name));
    expect(names.size).toBe(entries.length);
    expect(Object.keys(KNOWN_DEVIATIONS).filter((n) => !names.has(n))).toEqual([]);
  });

  it.each(entries.map((c) => [c.name, c] as const))('%s', (name, c) => {
    const report = runLegacyCase(standardMap, c);
    const known = KNOWN_DEVIATIONS[name];
    if (known === undefined) {
      expect(report.problems).toEqual([]);
      return;
    }
    // The engine differs from the file exactly where the file is wrong ...
    const at = report.problems.map((p) => known.differs.find((k) => p.startsWith(`${k}: `)) ?? p);
    expect(at).toEqual(known.differs);
    // ... and there gives the DATC's result.
    expect(runLegacyCase(standardMap, { ...c, ...known.datc }).problems).toEqual([]);
  });
});

describe('datc.json entries for older rulebook editions', () => {
  const all = legacyFile('datc.json').cases;
  const older = all.filter((c) => c.edition === '1971' || c.edition === '1982');

  it('are 6.G.2, 6.G.4, 6.G.7, 6.G.19 and 6.J.11; the one DPTG entry (6.G.7) is left out', () => {
    expect(older.map((c) => `${c.name} ${c.edition!}`)).toEqual([
      't6g02_kidnapping_an_army 1971',
      't6g02_kidnapping_an_army 1982',
      't6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move 1971',
      't6g04_unwanted_disrupted_convoy_to_adjacent_province_and_opposite_move 1982',
      't6g07_swapping_with_illegal_intent 1971',
      't6g19_swapping_with_intent_of_unnecessary_convoy 1971',
      't6j11_distance_to_owned_supply_center 1971',
    ]);
    // The DPTG is a technical guide, not a rulebook edition: its entry is not run.
    const dptg = all.filter((c) => c.edition === 'dptg');
    expect(dptg.map((c) => c.name)).toEqual(['t6g07_swapping_with_illegal_intent']);
    expect(runLegacyCase(standardMap, dptg[0]!).problems).toEqual([
      'the DPTG is not a rulebook edition Arbiter plays (docs/editions.md)',
    ]);
  });

  it.each(older.map((c) => [`${c.name} (${c.edition!})`, c] as const))(
    '%s passes under its edition',
    (_, c) => {
      expect(runLegacyCase(standardMap, c).problems).toEqual([]);
    },
  );

  it('give other results under the 2023 rules where the editions differ (4.A.3, 4.D.8)', () => {
    const differing = older
      .filter((c) => !runLegacyCase(standardMap, { ...c, edition: '2023' }).passed)
      .map((c) => `${c.name} ${c.edition!}`);
    // 6.G.2 (1982) and 6.G.4 end as under 2023, for the reasons the DATC gives.
    expect(differing).toEqual([
      't6g02_kidnapping_an_army 1971',
      't6g07_swapping_with_illegal_intent 1971',
      't6g19_swapping_with_intent_of_unnecessary_convoy 1971',
      't6j11_distance_to_owned_supply_center 1971',
    ]);
  });
});

describe('dipmath.json (The Math of Adjudication, figures 8-10)', () => {
  it.each(dipmath.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(runLegacyCase(standardMap, c).problems).toEqual([]);
  });
});
