// routeMessage: how the modules in force decide about press (refusal, anonymity, interception).
import { describe, expect, it } from 'vitest';
import { standardMap } from '../maps/index.js';
import { defineModule, type PressMessage, type RuleModule, type Variant } from './module.js';
import { newGame } from './pipeline.js';
import { routeMessage } from './press.js';

function game(modules: readonly RuleModule[]) {
  const v: Variant = {
    id: 'press-test',
    name: 'Press test',
    map: standardMap,
    rulebook: '2023',
    modules,
    players: { min: 7, max: 7 },
  };
  const started = newGame(v, {
    variant: v.id,
    seed: 1,
    players: standardMap.powers.map((p) => ({ id: p, powers: [p] })),
  });
  if (!started.ok) throw new Error(started.error.code);
  return { v, state: started.value };
}

const toFra = (from: string, text = 'hello'): PressMessage => ({
  from,
  to: { kind: 'players', players: ['FRA'] },
  text,
  anonymous: false,
});

/** Turkey reads everything England sends, with the results; Germany reads it at once. */
const spies = defineModule({
  id: 'spies',
  headline: 'Spies',
  deliverMessage: (_ctx, m) =>
    m.from === 'ENG'
      ? {
          copies: [
            { player: 'TUR', at: 'results', note: 'intercepted' },
            { player: 'GER', at: 'now', note: 'intercepted' },
            { player: 'FRA', at: 'now', note: 'already an addressee' },
            { player: 'ENG', at: 'now', note: 'the sender' },
          ],
        }
      : undefined,
});

/** Two messages a phase each. */
const budget = defineModule({
  id: 'budget',
  headline: 'Budget',
  deliverMessage: (_ctx, m, earlier) =>
    earlier.filter((e) => e.from === m.from).length >= 2
      ? { refused: { code: 'budget/spent', message: 'two messages a phase' } }
      : undefined,
});

describe('routeMessage', () => {
  it('relays as addressed when no module has a say', () => {
    const { v, state } = game([]);
    expect(routeMessage(v, state, toFra('ENG'), [])).toEqual({ anonymous: false, copies: [] });
  });

  it('gives interceptors their copies, sorted, never to the sender or an addressee', () => {
    const { v, state } = game([spies]);
    const r = routeMessage(v, state, toFra('ENG'), []);
    expect(r.copies.map((c) => `${c.player}@${c.at}`)).toEqual(['GER@now', 'TUR@results']);
    expect(routeMessage(v, state, toFra('AUS'), []).copies).toEqual([]);
  });

  it('counts earlier messages of the phase, and the first refusal stops the others', () => {
    const { v, state } = game([budget, spies]);
    const one = toFra('ENG', 'one');
    const two = toFra('ENG', 'two');
    expect(routeMessage(v, state, toFra('ENG', 'three'), [one]).refused).toBeUndefined();
    const r = routeMessage(v, state, toFra('ENG', 'three'), [one, two]);
    expect(r.refused?.code).toBe('budget/spent');
    expect(r.copies).toEqual([]);
    expect(routeMessage(v, state, toFra('AUS'), [one, two]).refused).toBeUndefined();
  });

  it('keeps a sender’s wish to be anonymous, and a module may force it', () => {
    const grey = defineModule({
      id: 'grey',
      headline: 'Grey',
      deliverMessage: () => ({ anonymous: true }),
    });
    const { v, state } = game([]);
    expect(routeMessage(v, state, { ...toFra('ENG'), anonymous: true }, []).anonymous).toBe(true);
    const g = game([grey]);
    expect(routeMessage(g.v, g.state, toFra('ENG'), []).anonymous).toBe(true);
  });
});
