/**
 * Secrecy: the engine keeps the whole truth, and a view gives each viewer exactly what they may
 * see. Every module decides what of its own state a viewer sees (`RuleModule.view`); events
 * carry their audience. Programs built on the engine show only views, never the state itself.
 */
import type { GameEvent, Viewer } from './module.js';
import type { Catalogue } from './pipeline.js';
import { activeModules } from './pipeline.js';
import type { Variant } from './module.js';
import type { VariantState } from './state.js';
import type { PhaseReport } from '../game/state.js';
import type { Unit } from '../types.js';

/** The state as `viewer` may see it: the board is public; module state goes through `view`. */
export function viewFor(
  variant: Variant,
  state: VariantState,
  viewer: Viewer,
  catalogue?: Catalogue,
): VariantState {
  if (viewer.kind === 'gm') return state;
  const modules: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const { module } of activeModules(variant, state, catalogue)) {
    seen.add(module.id);
    if (!(module.id in state.modules)) continue;
    const own = state.modules[module.id];
    modules[module.id] = module.view === undefined ? own : module.view(own, viewer, state);
  }
  // State of modules not running now (a repealed rule) is shown only to the gamesmaster.
  for (const id of Object.keys(state.modules)) if (!seen.has(id)) modules[id] = undefined;
  if (!hasAttrs(state)) return { ...state, modules };
  // Units' module attributes, each as its module's `viewUnit` shows it (a module not running
  // now shows nothing).
  const running = new Map(
    activeModules(variant, state, catalogue).map((a) => [a.module.id, a.module] as const),
  );
  const unitFor = (u: Unit): Unit => {
    if (u.attrs === undefined) return u;
    const attrs: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(u.attrs)) {
      const module = running.get(id);
      if (module === undefined) continue;
      const shown =
        module.viewUnit === undefined ? value : module.viewUnit(value, u, viewer, state);
      if (shown !== undefined) attrs[id] = shown;
    }
    return Object.keys(attrs).length === 0 ? bare(u) : { ...u, attrs };
  };
  return {
    ...state,
    modules,
    units: state.units.map(unitFor),
    dislodged: state.dislodged.map((d) => ({ ...d, unit: unitFor(d.unit) })),
    ...(state.later === undefined
      ? {}
      : {
          later: state.later.map((l) => ({
            ...l,
            dislodged: { ...l.dislodged, unit: unitFor(l.dislodged.unit) },
          })),
        }),
  };
}

/** The unit without its module attributes. */
function bare(u: Unit): Unit {
  if (u.attrs === undefined) return u;
  const rest: { -readonly [K in keyof Unit]?: Unit[K] } = { ...u };
  delete rest.attrs;
  return rest as Unit;
}

function hasAttrs(state: VariantState): boolean {
  return (
    state.units.some((u) => u.attrs !== undefined) ||
    state.dislodged.some((d) => d.unit.attrs !== undefined) ||
    (state.later ?? []).some((l) => l.dislodged.unit.attrs !== undefined)
  );
}

/**
 * A phase's report as `viewer` may see it: everything, except that units' module attributes are
 * the gamesmaster's only there (the state's view shows them by each module's rule).
 */
export function reportFor(report: PhaseReport, viewer: Viewer): PhaseReport {
  if (viewer.kind === 'gm') return report;
  const all = [
    ...report.dislodged.map((d) => d.unit),
    ...report.removed,
    ...report.built,
    ...report.removals.map((r) => r.unit),
  ];
  if (!all.some((u) => u.attrs !== undefined)) return report;
  return {
    ...report,
    dislodged: report.dislodged.map((d) => ({ ...d, unit: bare(d.unit) })),
    removed: report.removed.map(bare),
    removals: report.removals.map((r) => ({ ...r, unit: bare(r.unit) })),
    built: report.built.map(bare),
  };
}

/** Whether `viewer` may see an event. */
export function canSee(event: GameEvent, viewer: Viewer): boolean {
  switch (event.audience.kind) {
    case 'public':
      return true;
    case 'gm':
      return viewer.kind === 'gm';
    case 'players':
      return (
        viewer.kind === 'gm' ||
        (viewer.kind === 'player' && event.audience.players.includes(viewer.player))
      );
  }
}

/** The events `viewer` may see, in order. */
export function eventsFor(events: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return events.filter((e) => canSee(e, viewer));
}
