/**
 * The Fink in winter (sequence step 4): the elimination check, then the requests to turn Fink,
 * then adjustments, where the Fink's builds are void but his removals stand.
 */
import {
  adjustmentCounts,
  buildProblem,
  formatLocation,
  phaseName,
  powersOf,
  supplyCentersOf,
  unitProvinces,
  type GameEvent,
  type GameMap,
  type PlayerId,
  type Power,
  type PowerOrder,
  type Rng,
  type Submission,
  type VariantState,
} from '@arbiter/engine';
import { requestData } from './grammar.js';
import {
  append,
  centresOf,
  isEliminated,
  powerName,
  type FinkSettings,
  type FinkState,
  type RequestRecord,
} from './state.js';

const to = (players: readonly PlayerId[]): GameEvent['audience'] => ({ kind: 'players', players });
const GM: GameEvent['audience'] = { kind: 'gm' };
const PUBLIC: GameEvent['audience'] = { kind: 'public' };

/** Each player's first request this winter, in the order the submissions came. */
function requestsOf(submissions: readonly Submission[]): { player: PlayerId; against: Power }[] {
  const out: { player: PlayerId; against: Power }[] = [];
  for (const s of submissions) {
    const a = s.actions.find((x) => x.type === 'request');
    const against = a === undefined ? null : requestData(a).against;
    if (against !== null) out.push({ player: s.player, against });
  }
  return out;
}

/** Whether a request is void (ruling 10): against yourself or an eliminated power. */
export function requestProblem(
  state: VariantState,
  own: FinkState,
  player: PlayerId,
  against: Power,
): { code: string; message: string } | undefined {
  if (powersOf(state, player).includes(against)) {
    return { code: 'fink/against-self', message: 'you cannot turn Fink against yourself' };
  }
  if (isEliminated(state, against)) {
    return {
      code: 'fink/target-eliminated',
      message: `${against} owns no supply centre: a request against an eliminated power is void`,
    };
  }
  if (own.fink?.player !== player && centresOf(state, powersOf(state, player)) === 0) {
    return {
      code: 'fink/requester-eliminated',
      message: 'a player who owns no supply centre cannot turn Fink',
    };
  }
  return undefined;
}

export function winterSteps(
  map: GameMap,
  state: VariantState,
  start: FinkState,
  settings: FinkSettings,
  rng: Rng,
  submissions: readonly Submission[],
): { own: FinkState; events: GameEvent[] } {
  const phase = phaseName(state.phase);
  const events: GameEvent[] = [];
  let own = start;

  // 1. Elimination: a Fink who owns no supply centre loses his status (unless a phantom Fink).
  const seat = own.fink;
  if (
    seat !== null &&
    !settings.phantomFink &&
    centresOf(state, powersOf(state, seat.player)) === 0
  ) {
    own = { ...own, fink: null };
    events.push(
      { type: 'fink/eliminated', audience: PUBLIC, text: 'The Fink has been eliminated.' },
      {
        type: 'fink/eliminated-who',
        audience: GM,
        text: `The Fink, ${seat.player}, owns no supply centre and is eliminated.`,
        data: { player: seat.player, victim: seat.victim },
      },
      {
        type: 'fink/you-are-eliminated',
        audience: to([seat.player]),
        text: 'You own no supply centre: you are no longer the Fink.',
      },
    );
  }

  // Ruling 11: a Fink whose victim is eliminated keeps his status but has no targets.
  const kept = own.fink;
  if (kept !== null && kept.victimEliminated !== true && isEliminated(state, kept.victim)) {
    own = { ...own, fink: { ...kept, victimEliminated: true } };
    events.push(
      {
        type: 'fink/victim-eliminated',
        audience: to([kept.player]),
        text:
          `${powerName(map, kept.victim)} is eliminated: you remain the Fink, with nothing to fink on` +
          (settings.FINK_RETARGET ? '; you may name a new victim this or any later winter.' : '.'),
      },
      {
        type: 'fink/victim-eliminated',
        audience: GM,
        text: `The Fink ${kept.player}'s victim ${kept.victim} is eliminated.`,
        data: { player: kept.player, victim: kept.victim },
      },
    );
  }

  // 2. Requests.
  const record = (player: PlayerId, r: RequestRecord): void => {
    own = { ...own, requests: append(own.requests, player, r) };
  };
  const failed = (player: PlayerId, against: Power, why: string): void => {
    record(player, { phase, against, result: 'failed' });
    events.push({
      type: 'fink/request-failed',
      audience: to([player]),
      text: `Your request to turn Fink against ${powerName(map, against)} failed: ${why}.`,
    });
  };
  const requests: { player: PlayerId; against: Power }[] = [];
  for (const r of requestsOf(submissions)) {
    // Checked when written; the elimination above can still void one (a Fink just eliminated).
    const problem = requestProblem(state, own, r.player, r.against);
    if (problem === undefined) requests.push(r);
    else failed(r.player, r.against, problem.message);
  }
  const current = own.fink;
  if (current !== null) {
    for (const r of requests) {
      if (
        r.player === current.player &&
        settings.FINK_RETARGET &&
        current.victimEliminated === true &&
        r.against !== current.victim
      ) {
        own = { ...own, fink: { player: current.player, victim: r.against, since: phase } };
        record(r.player, { phase, against: r.against, result: 'new-victim' });
        events.push(
          {
            type: 'fink/new-victim',
            audience: to([r.player]),
            text: `You are now the Fink against ${powerName(map, r.against)}.`,
          },
          {
            type: 'fink/new-victim',
            audience: GM,
            text: `The Fink ${r.player} turns against ${r.against}.`,
            data: { player: r.player, victim: r.against },
          },
        );
      } else {
        failed(r.player, r.against, 'there is already a Fink');
      }
    }
    return { own, events };
  }
  if (requests.length === 0) return { own, events };

  // Ruling 9: the fewest supply centres (after the Fall update) wins; ties are drawn by lot.
  const counted = requests.map((r) => ({
    ...r,
    centres: centresOf(state, powersOf(state, r.player)),
  }));
  const fewest = Math.min(...counted.map((r) => r.centres));
  const tied = counted.filter((r) => r.centres === fewest);
  const chosen = tied.length === 1 ? tied[0]! : tied[rng.int(tied.length)]!;
  if (tied.length > 1) {
    events.push({
      type: 'fink/tie-break',
      audience: GM,
      text:
        `Requests tied at ${fewest} supply centres: ${tied.map((r) => r.player).join(', ')}; ` +
        `drawn by lot: ${chosen.player}.`,
      data: { tied: tied.map((r) => r.player), centres: fewest, drawn: chosen.player },
    });
  }
  own = { ...own, fink: { player: chosen.player, victim: chosen.against, since: phase } };
  record(chosen.player, { phase, against: chosen.against, result: 'became-fink' });
  events.push(
    {
      type: 'fink/chosen',
      audience: GM,
      text: `${chosen.player} turns Fink against ${powerName(map, chosen.against)}.`,
      data: {
        player: chosen.player,
        victim: chosen.against,
        requests: counted.map((r) => ({
          player: r.player,
          against: r.against,
          centres: r.centres,
        })),
      },
    },
    { type: 'fink/new-fink', audience: PUBLIC, text: 'There is a new Fink.' },
    {
      type: 'fink/you-are-fink',
      audience: to([chosen.player]),
      text:
        `You are now the Fink, against ${powerName(map, chosen.against)}. You may never build, ` +
        'and each spring you may fink on one province.',
    },
  );
  for (const r of requests) {
    if (r !== chosen && r.player !== chosen.player)
      failed(r.player, r.against, 'another player was chosen');
  }
  return { own, events };
}

/**
 * The Fink never builds (the winter he becomes Fink included) but removes as usual (ruling 13).
 * A build of his that would be carried out is dropped before adjudication, so his unused builds
 * are reported as declined, exactly as for a player who sent no build orders. A build that fails
 * whatever else he orders (no build to make, a site that is not his owned, empty home centre, a
 * fleet inland, a missing coast) stays, and is reported invalid like anyone else's. (One that
 * would fail only because of another build of his, a second build on one site or one too many, is
 * dropped with the rest: it would be reported against a build nobody sees.) Standard build rules;
 * a variant combining the Fink with build-rule modules would have to pass theirs.
 */
export function voidFinkBuilds(
  map: GameMap,
  state: VariantState,
  orders: readonly PowerOrder[],
  finkPlayer: PlayerId,
  powers: readonly Power[],
): { orders: PowerOrder[]; events: GameEvent[] } {
  const events: GameEvent[] = [];
  const allowance = adjustmentCounts(
    map,
    state.units,
    state.supplyCenters,
    supplyCentersOf(map, state),
  );
  const occupied = unitProvinces(state.units);
  const out = orders.filter((po) => {
    if (po.order.kind !== 'build' || !powers.includes(po.power)) return true;
    const u = po.order.unit;
    const fails =
      (allowance[po.power] ?? 0) <= 0 ||
      buildProblem(map, po.power, u, state.supplyCenters, occupied) !== undefined;
    if (fails) return true;
    const what = `${u.type === 'army' ? 'A' : 'F'} ${formatLocation(u.location)}`;
    events.push(
      {
        type: 'fink/build-void',
        audience: to([finkPlayer]),
        text: `Your build ${what} is void: the Fink never builds. Your builds are reported as declined, as if you had sent no build orders.`,
      },
      {
        type: 'fink/build-void',
        audience: GM,
        text: `The Fink ${finkPlayer}'s build ${what} is void; it is reported as a declined build.`,
      },
    );
    return false;
  });
  return { orders: out, events };
}
