/**
 * The OpenAPI document through the tools clients use on it: Redocly's `recommended` rules and
 * Spectral's `spectral:oas` report no error (warnings are printed, not failed), and the types
 * openapi-typescript generates from it let a client read the board without a cast. Nothing is
 * fetched: the document is linted from memory, and every reference in it is internal.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { apiDocument } from '../src/index.js';
import { harness } from './helpers.js';

// The document as a server with the shipped variants serves it, their modules' settings in it.
const h = await harness();
const doc = apiDocument(undefined, h.arbiter.variants());
await h.close();
const text = JSON.stringify(doc);

describe('the OpenAPI document passes the linters', () => {
  test("Redocly's recommended rules report no error", { timeout: 60_000 }, async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`,
    );
    if (lines.length > 0) console.info(`Redocly:\n${lines.join('\n')}`);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(problems.length).toBeLessThan(10);
  });

  test("Spectral's spectral:oas reports no error", { timeout: 60_000 }, async () => {
    const spectral = new Spectral();
    // The rulesets package types its rulesets against its own copy of spectral-core's types.
    spectral.setRuleset(oas as unknown as RulesetDefinition);
    const results = await spectral.run(text);
    const lines = results.map(
      (r) =>
        `${['error', 'warning', 'info', 'hint'][r.severity] ?? r.severity} ${String(r.code)}: ` +
        `${r.message} at ${r.path.join('.')}`,
    );
    if (lines.length > 0) console.info(`Spectral:\n${lines.join('\n')}`);
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    // The document is a real OpenAPI 3.1 one: Spectral found the rules to run on it.
    expect(results.some((r) => String(r.code) === 'oas3-schema')).toBe(false);
  });
});

/** A client's code, written as a bot would, against the generated types. */
const CLIENT = `
import type { components, paths } from './api';

type Game = paths['/games/{id}']['get']['responses']['200']['content']['application/json'];
type History =
  paths['/games/{id}/phases']['get']['responses']['200']['content']['application/json'];

export function firstPower(game: Game): string | undefined {
  return game.state?.units[0]?.power;
}

export function finkVictim(game: Game): string | undefined {
  const state = game.state;
  if (state?.variant !== 'fink') return undefined;
  const fink = state.modules.fink;
  return 'exists' in fink ? fink.fink?.victim : fink.fink?.victim;
}

export function moves(history: History): string[] {
  const out: string[] = [];
  for (const phase of history.phases) {
    for (const o of phase.report.outcomes) {
      if (o.order.kind === 'move' && o.result === 'succeeds') {
        out.push(o.power + ' ' + o.order.unit.location.province + '-' + o.order.to.province);
      }
    }
  }
  return out;
}

export function pf(game: Game): number | undefined {
  return game.state?.variant === 'fiascomacy' ? game.state.modules.fiascomacy.pf['a'] : undefined;
}

type CreateGame = paths['/games']['post']['requestBody']['content']['application/json'];

export const options: CreateGame['options'] = {
  fiascomacy: { LAST_YEAR: null, BONUS: false },
  deviant: { overVote: 'truncate' },
};

export function fieldOf(problem: components['schemas']['Problem']): string | undefined {
  const d = problem.details;
  return d !== undefined && 'issues' in d ? d.issues[0]?.path : undefined;
}
`;

/** Type-checks `client` against types generated from the document; the diagnostics. */
async function typeCheck(client: string): Promise<string[]> {
  const types = astToString(await openapiTS(doc as unknown as OpenAPI3));
  const dir = mkdtempSync(join(tmpdir(), 'arbiter-client-'));
  try {
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'client.ts'), client);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated with openapi-typescript', () => {
  test(
    'reads units, orders, outcomes and module state without a cast',
    { timeout: 60_000 },
    async () => {
      expect(await typeCheck(CLIENT)).toEqual([]);
    },
  );

  test('is refused a field the document does not have', { timeout: 60_000 }, async () => {
    const wrong = CLIENT.replace('units[0]?.power', 'units[0]?.owner');
    const errors = await typeCheck(wrong);
    expect(errors.join('\n')).toMatch(/Property 'owner' does not exist/);
  });

  test('is refused a module setting of the wrong kind or choice', { timeout: 60_000 }, async () => {
    const kind = await typeCheck(CLIENT.replace('BONUS: false', "BONUS: 'no'"));
    expect(kind.join('\n')).toMatch(/Type 'string' is not assignable to type 'boolean/);
    const choice = await typeCheck(CLIENT.replace("overVote: 'truncate'", "overVote: 'loud'"));
    expect(choice.join('\n')).toMatch(
      /Type '"loud"' is not assignable to type '"void" \| "truncate"/,
    );
  });
});
