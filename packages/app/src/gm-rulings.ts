/**
 * The gamesmaster's ruling on a Deviant Diplomacy II free-text proposal (RULINGS §2.2 ruling 8),
 * as one pure step on the open phase's state: map it to a catalogue rule with settings (or a
 * repeal), or reject (withhold) it; the ruling allows nothing else. Shared by the use case
 * (`use-cases/rulings.ts`) and the audit, which replays each recorded ruling.
 */
import { err, type GameMap, type Result, type VariantState } from '@arbiter/engine';
import { approveProposal, withholdProposal } from '@arbiter/rules';
import type { PhaseId } from './ports.js';

/** How the gamesmaster rules on a free-text proposal. */
export type ProposalRuling =
  /** A catalogue rule (by any of its names) with its settings, or that rule's repeal. */
  | {
      readonly ruling: 'rule';
      readonly rule: string;
      /** Whole numbers, or lists of provinces (`{ "provinces": ["ruh", "bur"] }`). */
      readonly settings?: Readonly<Record<string, number | readonly string[]>>;
      readonly repeal?: boolean;
    }
  /** Not put to the vote: it counts as no proposal, so the player's default stands. */
  | { readonly ruling: 'reject'; readonly reason: string };

/** What `gm/ruled` records: enough for the audit to replay it. */
export interface RuledData {
  readonly phaseId: PhaseId;
  readonly seq: number;
  readonly label: string;
  readonly ruling: ProposalRuling;
}

export interface RulingProblem {
  readonly code:
    'ruling/not-deviant' | 'ruling/not-pending' | 'ruling/unknown-rule' | 'ruling/bad-settings';
  readonly message: string;
}

/** The state with the ruling applied, or why it cannot be. */
export function applyRuling(
  map: GameMap,
  state: VariantState,
  label: string,
  ruling: ProposalRuling,
): Result<VariantState, RulingProblem> {
  const r =
    ruling.ruling === 'reject'
      ? withholdProposal(state, label, ruling.reason)
      : approveProposal(
          state,
          label,
          {
            rule: ruling.rule,
            ...(ruling.settings === undefined ? {} : { settings: ruling.settings }),
            ...(ruling.repeal === undefined ? {} : { repeal: ruling.repeal }),
          },
          map,
        );
  if (r.ok) return r;
  const code = (
    {
      'deviant/no-game': 'ruling/not-deviant',
      'deviant/not-queued': 'ruling/not-pending',
      'deviant/unknown-rule': 'ruling/unknown-rule',
      'deviant/bad-params': 'ruling/bad-settings',
      'deviant/unknown-province': 'ruling/bad-settings',
      'deviant/already-a-centre': 'ruling/bad-settings',
      'deviant/not-a-centre': 'ruling/bad-settings',
    } as const
  )[r.error.code];
  return err({ code, message: r.error.message });
}
