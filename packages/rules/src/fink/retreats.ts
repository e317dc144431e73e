/**
 * Who retreats the unit the Fink dislodged (sequence step 3). The Fink picks a legal retreat and
 * may not disband it; if he gives none, the owner's order applies (ruling 3), or with
 * FINK_RANDOM_RETREAT a random legal retreat. By default the Fink's retreat is simultaneous with
 * the normal ones and a clash destroys both (ruling 1); with FINK_RETREATS_AFTER the module holds
 * the unit back (`laterRetreat`), the normal retreats go first, and in a later step
 * (`S1903R-fink`) the Fink chooses among the places still open.
 */
import type {
  DislodgedUnit,
  GameEvent,
  GameMap,
  Location,
  PlayerId,
  PowerOrder,
  Rng,
  Submission,
} from '@arbiter/engine';
import { formatPowerOrder } from '@arbiter/engine';
import { unitKey, type FinkSettings, type PendingRetreat } from './state.js';

/** The option a retreat order names, or undefined if it names none (as the engine reads it). */
export function retreatOption(
  map: GameMap,
  d: DislodgedUnit,
  po: PowerOrder,
): Location | 'disband' | undefined {
  const o = po.order;
  if (o.kind === 'waive' || o.kind === 'build') return undefined;
  if (po.power !== d.unit.power || o.unit.location.province !== d.unit.location.province)
    return undefined;
  if (o.unit.type !== undefined && o.unit.type !== d.unit.type) return undefined;
  if (o.kind === 'disband') return 'disband';
  if (o.kind !== 'retreat' && !(o.kind === 'move' && !o.viaConvoy)) return undefined;
  const to = o.to;
  const inProvince = d.retreats.filter((r) => r.province === to.province);
  if (inProvince.length === 0) return undefined;
  if (d.unit.type === 'army') return inProvince[0];
  const province = map.province(to.province);
  if (province === undefined || province.coasts.length === 0) return inProvince[0];
  if (to.coast === undefined) return inProvince.length === 1 ? inProvince[0] : undefined;
  return inProvince.find((r) => r.coast === to.coast);
}

function isFor(po: PowerOrder, d: DislodgedUnit): boolean {
  const o = po.order;
  return (
    o.kind !== 'waive' &&
    o.kind !== 'build' &&
    o.unit.location.province === d.unit.location.province
  );
}

/** The retreat phase's orders, one per unit, with the Fink's choice for the finked unit. */
export function retreatOrders(
  map: GameMap,
  dislodged: readonly DislodgedUnit[],
  pending: PendingRetreat | null,
  finkPlayer: PlayerId | undefined,
  settings: FinkSettings,
  rng: Rng,
  submissions: readonly Submission[],
): { orders: PowerOrder[]; events: GameEvent[] } {
  const all = submissions.flatMap((s) => s.orders.map((po) => ({ player: s.player, po })));
  const d = dislodged.find(
    (x) =>
      pending !== null &&
      x.unit.location.province === pending.province &&
      x.unit.power === pending.power,
  );
  if (d === undefined || finkPlayer === undefined) {
    return { orders: all.map((x) => x.po), events: [] };
  }
  const events: GameEvent[] = [];
  const gm = (type: string, text: string): void => {
    events.push({ type, audience: { kind: 'gm' }, text });
  };
  const others = all.filter((x) => !isFor(x.po, d)).map((x) => x.po);
  const finks = all.filter((x) => x.player === finkPlayer && isFor(x.po, d)).map((x) => x.po);
  const owners = all.filter((x) => x.player !== finkPlayer && isFor(x.po, d)).map((x) => x.po);
  if (finks.some((po) => po.order.kind === 'disband')) {
    events.push({
      type: 'fink/retreat-void',
      audience: { kind: 'players', players: [finkPlayer] },
      text: `The Fink may not disband ${unitKey(d.unit)}; choose one of its retreats.`,
    });
  }

  // With FINK_RETREATS_AFTER this is the later step, and the unit's options are already the
  // places the other retreats left open.
  const open = d.retreats;
  const isOpen = (to: Location | 'disband' | undefined): boolean =>
    to !== undefined && to !== 'disband' && open.some((l) => l.province === to.province);

  const choice = finks.find((po) => isOpen(retreatOption(map, d, po)));
  if (choice !== undefined) return { orders: [...others, choice], events };
  if (settings.FINK_RANDOM_RETREAT) {
    const to = rng.pick(open);
    if (to === undefined) {
      gm('fink/random-retreat', `${unitKey(d.unit)} has no retreat left and is destroyed.`);
      return { orders: others, events };
    }
    const po: PowerOrder = {
      power: d.unit.power,
      order: { kind: 'retreat', unit: { type: d.unit.type, location: d.unit.location }, to },
    };
    gm(
      'fink/random-retreat',
      `No retreat from the Fink: drawn at random, ${formatPowerOrder(po)}.`,
    );
    return { orders: [...others, po], events };
  }
  // Otherwise the owner's orders apply (the first legal one counts, as usual).
  return { orders: [...others, ...owners], events };
}
