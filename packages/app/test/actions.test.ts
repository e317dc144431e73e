// Actions resolved at processing: a message a rule's action sends (paid press) is stored with the
// orders, delivered when the phase is processed, and readable by its addressee only.
import { expect, it } from 'vitest';
import { defineModule, standardMap, type Variant } from '@arbiter/engine';
import { VARIANTS } from '@arbiter/rules';
import { eachBackend, harness, startedGame, value } from './helpers.js';

/** `SEND <player> <text>`: a message delivered with the phase's results. */
const courier = defineModule<null>({
  id: 'courier',
  headline: 'Courier: messages go with the orders and arrive with the results.',
  init: () => null,
  parseAction: (text) => {
    const m = /^SEND (\S+) (.+)$/i.exec(text);
    return m === null
      ? undefined
      : { module: 'courier', type: 'send', data: { to: m[1]!, text: m[2]! } };
  },
  resolveActions: (ctx, submissions) => ({
    own: ctx.own,
    messages: submissions.flatMap((s) =>
      s.actions.map((a) => ({
        from: s.player,
        to: { kind: 'players' as const, players: [String(a.data['to'])] },
        text: String(a.data['text']),
        anonymous: false,
      })),
    ),
  }),
});

const courierVariant: Variant = {
  id: 'courier',
  name: 'Courier',
  map: standardMap,
  rulebook: '2023',
  modules: [courier],
  players: { min: 2, max: 7 },
};

eachBackend('actions resolved at processing', (db) => {
  it('delivers a message sent as an action when the phase is processed, to its addressee', async () => {
    const h = await harness(db(), { variants: { ...VARIANTS, courier: courierVariant } });
    const g = await startedGame(h, { variant: 'courier', count: 3 });
    const [a, b, c] = g.players;
    value(await h.app.submitOrders(a!.account, g.gameId, `SEND ${b!.playerId} meet me in Tyrolia`));
    // Nothing is sent until the phase is processed.
    expect(value(await h.app.messages(b!.account, g.gameId))).toEqual([]);
    value(await h.app.forceProcess(g.gm, g.gameId));
    const got = value(await h.app.messages(b!.account, g.gameId));
    expect(got.map((m) => [m.from, m.to, m.text, m.phase])).toEqual([
      [a!.playerId, [b!.playerId], 'meet me in Tyrolia', 'S1901M'],
    ]);
    expect(value(await h.app.messages(c!.account, g.gameId))).toEqual([]);
    expect(value(await h.app.messages(undefined, g.gameId))).toEqual([]);
  });
});
