/**
 * `arbiter datc [FILE]`: runs a case file (the project's DATC v3.2 set by default, or a file in
 * the older TedDriggs format), prints one line per failing case, and ends with `N passed, N failed`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyErrata,
  caseId,
  guardCase,
  isLegacyCaseFile,
  legacyChoices,
  runCase,
  runScenario,
  runLegacyCase,
  standardMap,
  type CaseReport,
  type DatcCase,
  type Erratum,
  type LegacyCase,
  type ScenarioCase,
} from '@arbiter/engine';
import { CATALOGUE, TEST_VARIANTS, VARIANTS } from '@arbiter/rules';
import { defineCommand } from '../args.js';
import type { Io } from '../io.js';

const DATC_DIR = new URL('../../../engine/test/datc/', import.meta.url);
export const DEFAULT_CASES = fileURLToPath(new URL('datc-v3.2.json', DATC_DIR));
const DEFAULT_ERRATA = fileURLToPath(new URL('errata.json', DATC_DIR));

export const datcCommand = defineCommand({
  name: 'datc',
  usage: 'arbiter datc [FILE]',
  summary: "Runs a DATC case file (default: the project's DATC v3.2 set).",
  help: `FILE is a case file in the project's DATC format (packages/engine/test/datc/README.md;
a case naming a "rulebook" runs under that edition, as in editions.json there), a file in the
older TedDriggs format (an entry naming an edition runs under it; the DPTG's are left out, the
DPTG being no rulebook), or a variant scenario file (packages/rules/test/scenarios/). Prints
one line per failing case, then "N passed, N failed"; exit code 1 when a case fails, 2 when the
file cannot be read.`,
  options: {},
  positionals: { min: 0, max: 1 },
  run: ({ positionals }, io) => datc(positionals[0] ?? DEFAULT_CASES, io),
});

function datc(file: string, io: Io): number {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    io.err(`cannot read ${file}: ${(e as Error).message}`);
    return 2;
  }
  const cases = (json as { cases?: unknown }).cases;
  if (!Array.isArray(cases)) {
    io.err(`${file}: expected an object with a "cases" array`);
    return 2;
  }
  // Variant scenario files (a variant and steps per case) run through the variant pipeline; a
  // case there without its variant fails as such.
  const isScenarios = cases.some(
    (c) => typeof c === 'object' && c !== null && 'variant' in c && 'steps' in c,
  );
  const reports: CaseReport[] = cases.flatMap((c: unknown, i): CaseReport[] => {
    const id = caseId(c, i);
    if (typeof c !== 'object' || c === null || Array.isArray(c))
      return [{ id, passed: false, problems: [`cases[${i}]: expected a case (an object)`] }];
    if (isScenarios)
      return [
        {
          ...runScenario((v) => VARIANTS[v] ?? TEST_VARIANTS[v], c as ScenarioCase, CATALOGUE),
          id,
        },
      ];
    // In the older format, an entry for an edition runs under it; the DPTG is no rulebook.
    if (isLegacyCaseFile(json)) {
      const legacy = c as LegacyCase;
      if (legacyChoices(legacy) === undefined) return [];
      return [{ ...runLegacyCase(standardMap, legacy), id: legacyId(legacy, id) }];
    }
    return [
      {
        ...guardCase(id, () => runCase(standardMap, applyErrata(c as DatcCase, errataFor(file)))),
        id,
      },
    ];
  });
  let failed = 0;
  for (const r of reports) {
    if (r.passed) continue;
    failed++;
    io.out(`FAIL ${r.id}: ${r.problems.join('; ')}`);
  }
  io.out(`${reports.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

/** An older-format entry's name, with its edition where it names one (`6.G.2` has two). */
function legacyId(c: LegacyCase, id: string): string {
  const name = typeof c.name === 'string' ? c.name : id;
  return c.edition === undefined ? name : `${name} (${c.edition})`;
}

/** The project's errata apply to the project's own case file only. */
function errataFor(file: string): Erratum[] {
  if (file !== DEFAULT_CASES) return [];
  return (JSON.parse(readFileSync(DEFAULT_ERRATA, 'utf8')) as { errata: Erratum[] }).errata;
}
