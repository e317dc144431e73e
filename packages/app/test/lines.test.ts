// describeSubmission reads a player's lines as the engine does: with the names a game gave its
// provinces (Pink's naming option, `readingMap`), each line with its canonical form (ids).
import { describe, expect, it } from 'vitest';
import { newGame, processVariantPhase, parseSubmission } from '@arbiter/engine';
import { pink3Variant } from '@arbiter/rules';
import { describeSubmission } from '../src/lines.js';

describe('describeSubmission with chosen names', () => {
  it('gives orders and NAME lines their canonical forms', () => {
    const v = pink3Variant;
    const players = v.map.powers.map((p) => ({ id: p, powers: [p] }));
    const g = newGame(v, {
      variant: v.id,
      seed: 1,
      players,
      options: { 'pink-naming': { NAMING: true } },
    });
    if (!g.ok) throw new Error(g.error.message);
    const naming = describeSubmission(
      v,
      g.value,
      'PWB',
      'NAME hal Harrowgate hrw\nNAME hal Zed',
      undefined,
    );
    expect(naming.lines).toMatchObject([
      { ok: true, canonical: 'NAME hal Harrowgate hrw' },
      { ok: false, code: 'pink/name-letter' },
    ]);
    const named = processVariantPhase(v, g.value, [
      parseSubmission(v, g.value, 'PWB', 'NAME hal Harrowgate hrw').submission,
    ]).state;
    const spring = describeSubmission(
      v,
      named,
      'PWA',
      'A els - Harrowgate\nA por - hrw',
      undefined,
    );
    expect(spring.lines).toMatchObject([
      { ok: true, canonical: 'PWA A els - hal' },
      { ok: true, canonical: 'PWA A por - hal' },
    ]);
  });
});
