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
  return { ...state, modules };
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
