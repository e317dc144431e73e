/**
 * The gamesmaster's ruling on a Deviant Diplomacy II free-text proposal waiting in the open
 * phase (RULINGS §2.2 ruling 8): map it to a catalogue rule with settings (checked as a
 * catalogue proposal's are), or reject (withhold) it with a reason, when it counts as no
 * proposal and the player's default takes its place. The ruling changes the open phase's state, so the vote that follows counts it;
 * it is recorded as `gm/ruled` and the audit replays it. Route:
 * `POST /games/{id}/proposals/{label}/ruling`.
 */
import { err, type Result } from '@arbiter/engine';
import {
  gmCommand,
  mustRun,
  openOf,
  saveGame,
  variantOf,
  viewIn,
  type AppContext,
  type GmOptions,
} from '../context.js';
import { invalid, refuse, type AppError } from '../errors.js';
import { applyRuling, type ProposalRuling, type RuledData } from '../gm-rulings.js';
import { checkText } from '../input.js';
import { LIMITS } from '../limits.js';
import type { AccountId, GameId } from '../ports.js';
import type { GameView } from '../views.js';

/** What the governance module keeps that a ruling needs to explain a refusal. */
interface Ballot {
  readonly ballot?: readonly { readonly label: string }[];
  readonly queue?: readonly { readonly label: string }[];
}

export async function ruleOnProposal(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  label: string,
  ruling: ProposalRuling,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  const bad = checkRuling(ruling);
  if (bad !== undefined) return err(bad);
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    const phase = await openOf(tx, gameId);
    const variant = variantOf(ctx, game.variant);
    const own = phase.state.modules['deviant'] as Ballot | undefined;
    if (own === undefined)
      refuse('ruling/not-deviant', 'this game has no free-text proposals (not Deviant Diplomacy)');
    const wanted = label.toUpperCase();
    if (own.ballot?.some((p) => p.label === wanted) === true)
      refuse(
        'ruling/not-pending',
        `(${wanted}) is already on the ballot: only a free-text proposal waits for a ruling`,
        { label: wanted },
      );
    const r = applyRuling(variant.map, phase.state, label, ruling);
    if (!r.ok) refuse(r.error.code, r.error.message, { label: wanted });
    await tx.updatePhase(phase.id, { state: r.value });
    const saved = await saveGame(tx, game, {});
    const data: RuledData = { phaseId: phase.id, seq: phase.seq, label: wanted, ruling };
    await tx.appendEvent({ gameId, type: 'gm/ruled', data, at: ctx.clock.now() });
    return viewIn(ctx, tx, saved, caller);
  });
}

/** The ruling's own fields, within their limits; what they name is checked against the game. */
function checkRuling(ruling: ProposalRuling): AppError | undefined {
  // Callers outside TypeScript may send anything.
  const r = ruling as Partial<Record<'ruling' | 'rule' | 'headline' | 'reason', unknown>> | null;
  switch (r?.ruling) {
    case 'rule':
      return checkText('rule', r.rule, false, LIMITS.ruleId);
    case 'manual':
      return checkText('headline', r.headline, false, LIMITS.rulingText);
    case 'reject':
      return checkText('reason', r.reason, false, LIMITS.rulingText);
    default:
      return invalid('ruling', 'rule, manual or reject');
  }
}
