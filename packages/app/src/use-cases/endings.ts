/**
 * How a game ends by agreement: a draw that every surviving power's player must accept, a
 * concession to one power that every other survivor's player must accept, and the same two
 * declared by the gamesmaster. An accepted proposal (or a declaration) closes the open phase
 * unplayed and finishes the game with its `GameEnd`. Routes: `POST /games/{id}/draws`,
 * `POST /games/{id}/concessions`, `POST /games/{id}/end-proposals/{proposal}/vote`,
 * `GET /games/{id}/end-proposals`, `POST /games/{id}/end` (the gamesmaster).
 *
 * Rulings (docs/endings.md): votes are by player, for all the surviving powers he controls; a
 * draw includes every survivor unless members are named, and even then every survivor must
 * accept (an excluded survivor agrees to his exclusion); the proposer accepts by proposing; one
 * proposal at a time; a no ends it, and so does the processing of the phase it was made in.
 */
import {
  err,
  phaseName,
  victoryAtEnd,
  type PlayerId,
  type Result,
  type VariantState,
} from '@arbiter/engine';
import {
  gameOf,
  gmCommand,
  mustRun,
  openOf,
  read,
  run,
  saveGame,
  seatsOf,
  variantOf,
  viewIn,
  type AppContext,
  type GmOptions,
} from '../context.js';
import type { EndedData } from '../audit.js';
import { centres, endText, survivors, unplayedReport, type GameEnd } from '../ends.js';
import { invalid, refuse, type AppError } from '../errors.js';
import { checkCount } from '../input.js';
import { LIMITS } from '../limits.js';
import type {
  AccountId,
  EndProposalRecord,
  GameId,
  GameRecord,
  PhaseRecord,
  SeatRecord,
  StoreTx,
} from '../ports.js';
import type { GameView, StoredResult } from '../views.js';

/** What is proposed or declared: a draw (members default to every survivor) or a concession. */
export type EndInput =
  | { readonly kind: 'draw'; readonly members?: readonly string[] }
  | { readonly kind: 'concession'; readonly to: string };

/** A proposal as the caller may see it. */
export interface EndProposalView {
  readonly id: number;
  readonly kind: 'draw' | 'concession';
  /** The phase it was made in. */
  readonly phase: string;
  /** Who proposed it; null to others when votes are secret. */
  readonly proposer: PlayerId | null;
  /** A draw's members, or the one power conceded to. */
  readonly members: readonly string[];
  /** The players who must all accept. */
  readonly voters: readonly PlayerId[];
  /** `lapsed`: the phase it was made in was processed before everyone had answered. */
  readonly status: 'open' | 'accepted' | 'refused' | 'lapsed';
  /**
   * The votes this caller may see: every vote when votes are public (and for the gamesmaster),
   * otherwise only the caller's own.
   */
  readonly votes: Readonly<Record<PlayerId, 'yes' | 'no'>>;
  /** Public votes only: the voters who have not answered yet. */
  readonly waitingFor?: readonly PlayerId[];
  readonly createdAt: number;
  readonly closedAt: number | null;
}

/** What a proposal or a vote answers: the proposal as the caller sees it, and the game. */
export interface EndProposalResult {
  readonly proposal: EndProposalView;
  readonly game: GameView;
}

/** A player proposes a draw or a concession in the open phase; he accepts it by proposing. */
export async function proposeEnd(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  input: EndInput,
): Promise<Result<EndProposalResult, AppError>> {
  const bad = checkInput(input);
  if (bad !== undefined) return err(bad);
  return run(ctx, async (tx) => {
    const game = await gameOf(tx, gameId, true);
    const seats = await seatsOf(ctx, tx, game);
    const seat = seats.find((s) => s.accountId === caller);
    if (seat === undefined)
      refuse('game/not-a-player', 'only a player of this game may propose a draw or concession');
    mustRun(game);
    const phase = await openOf(tx, gameId);
    const state = phase.state;
    const alive = survivors(variantOf(ctx, game.variant), state);
    const electorate = votersOf(state, alive);
    if (electorate.length === 0)
      refuse(
        'end/gm-only',
        'no player of this game controls a power (the players invest), so only the gamesmaster ' +
          'may declare a draw or a concession; the players end the game early by all ordering BORED',
      );
    if (!electorate.includes(seat.playerId))
      refuse('end/not-a-survivor', 'only the player of a surviving power may propose');
    const open = (await tx.endProposals(gameId)).find(
      (p) => p.status === 'open' && p.phaseId === phase.id,
    );
    if (open !== undefined)
      refuse('end/proposal-open', `proposal ${String(open.id)} is still open; answer it first`, {
        proposal: open.id,
      });
    const members = membersOf(input, alive);
    const to = members[0]!;
    if (input.kind === 'concession' && controls(state, seat.playerId, to))
      refuse('end/bad-members', 'to: a player may not concede the game to his own power', {
        field: 'to',
      });
    // A concession needs the other survivors only: the power conceded to has nothing to give up.
    const voters =
      input.kind === 'draw' ? electorate : electorate.filter((p) => !controls(state, p, to));
    const now = ctx.clock.now();
    const record: Omit<EndProposalRecord, 'id'> = {
      gameId,
      phaseId: phase.id,
      kind: input.kind,
      proposer: seat.playerId,
      members,
      voters,
      votes: { [seat.playerId]: true },
      status: 'open',
      createdAt: now,
      closedAt: null,
    };
    const id = await tx.insertEndProposal(record);
    await tx.appendEvent({
      gameId,
      type: 'end/proposed',
      data: {
        proposal: id,
        phaseId: phase.id,
        kind: input.kind,
        proposer: seat.playerId,
        members,
        voters,
      },
      at: now,
    });
    let proposal: EndProposalRecord = { ...record, id };
    let saved = await saveGame(tx, game, {});
    if (voters.every((p) => proposal.votes[p] === true)) {
      proposal = { ...proposal, status: 'accepted', closedAt: now };
      await tx.updateEndProposal(id, { status: 'accepted', closedAt: now });
      saved = await finishByAgreement(
        ctx,
        tx,
        saved,
        phase,
        endOf(ctx, game, state, proposal, 'players'),
        now,
      );
    }
    return answer(ctx, tx, saved, caller, proposal, phase.name);
  });
}

/** A voter answers the open proposal: a no ends it, the last yes finishes the game. */
export async function voteEnd(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  proposalId: number,
  accept: boolean,
): Promise<Result<EndProposalResult, AppError>> {
  if (typeof accept !== 'boolean') return err(invalid('accept', 'true or false'));
  return run(ctx, async (tx) => {
    const game = await gameOf(tx, gameId, true);
    const seats = await seatsOf(ctx, tx, game);
    const seat = seats.find((s) => s.accountId === caller);
    if (seat === undefined) refuse('game/not-a-player', 'only a player of this game may vote');
    const proposal = (await tx.endProposals(gameId)).find((p) => p.id === proposalId);
    if (proposal === undefined)
      refuse('end/no-proposal', `no proposal ${String(proposalId)} in this game`);
    mustRun(game);
    const phase = await openOf(tx, gameId);
    const status = statusOf(proposal, phase.id);
    if (status !== 'open') refuse('end/closed', `proposal ${String(proposalId)} is ${status}`);
    if (!proposal.voters.includes(seat.playerId))
      refuse(
        'end/not-a-voter',
        'only the players of the surviving powers it asks may vote on it' +
          (proposal.kind === 'concession' ? ' (the power conceded to has no vote)' : ''),
      );
    if (proposal.votes[seat.playerId] !== undefined)
      refuse('end/already-voted', 'you have already answered this proposal');
    const now = ctx.clock.now();
    const votes = { ...proposal.votes, [seat.playerId]: accept };
    const accepted = proposal.voters.every((p) => votes[p] === true);
    const closing = !accept || accepted;
    const next: EndProposalRecord = {
      ...proposal,
      votes,
      ...(closing ? { status: accept ? 'accepted' : 'refused', closedAt: now } : {}),
    };
    await tx.updateEndProposal(proposal.id, {
      votes,
      ...(closing ? { status: next.status, closedAt: now } : {}),
    });
    await tx.appendEvent({
      gameId,
      type: 'end/voted',
      data: { proposal: proposal.id, player: seat.playerId, accept },
      at: now,
    });
    if (!accept)
      await tx.appendEvent({
        gameId,
        type: 'end/refused',
        data: { proposal: proposal.id },
        at: now,
      });
    let saved = await saveGame(tx, game, {});
    if (accepted)
      saved = await finishByAgreement(
        ctx,
        tx,
        saved,
        phase,
        endOf(ctx, game, phase.state, next, 'players'),
        now,
      );
    return answer(ctx, tx, saved, caller, next, phase.name);
  });
}

/** The game's draw and concession proposals, newest last, as the caller may see them. */
export async function endProposals(
  ctx: AppContext,
  caller: AccountId | undefined,
  gameId: GameId,
): Promise<Result<EndProposalView[], AppError>> {
  return read(ctx, async (tx) => {
    const game = await gameOf(tx, gameId);
    const proposals = await tx.endProposals(gameId);
    if (proposals.length === 0) return [];
    const seats = await seatsOf(ctx, tx, game);
    const open = await tx.openPhase(gameId);
    const names = new Map<number, string>();
    for (const p of proposals) {
      if (!names.has(p.phaseId)) names.set(p.phaseId, (await tx.phase(p.phaseId))?.name ?? '');
    }
    return proposals.map((p) =>
      proposalView(game, seats, caller, p, open?.id, names.get(p.phaseId) ?? ''),
    );
  });
}

/** The gamesmaster declares a draw or a concession: the game ends at once, unplayed phase and all. */
export async function declareEnd(
  ctx: AppContext,
  caller: AccountId,
  gameId: GameId,
  input: EndInput,
  opts?: GmOptions,
): Promise<Result<GameView, AppError>> {
  const bad = checkInput(input);
  if (bad !== undefined) return err(bad);
  return gmCommand(ctx, caller, gameId, opts, async (tx, game) => {
    mustRun(game);
    const phase = await openOf(tx, gameId);
    const alive = survivors(variantOf(ctx, game.variant), phase.state);
    const members = membersOf(input, alive);
    const now = ctx.clock.now();
    // An open proposal is overtaken by the declaration.
    for (const p of await tx.endProposals(gameId)) {
      if (p.status === 'open' && p.phaseId === phase.id)
        await tx.updateEndProposal(p.id, { status: 'refused', closedAt: now });
    }
    await tx.appendEvent({
      gameId,
      type: 'gm/declared-end',
      data: { phaseId: phase.id, kind: input.kind, members },
      at: now,
    });
    const end = endFrom(ctx, game, phase.state, input.kind, members, 'gm');
    const saved = await finishByAgreement(ctx, tx, game, phase, end, now);
    return viewIn(ctx, tx, saved, caller);
  });
}

// ---- pieces ----------------------------------------------------------------------------------

function checkInput(input: EndInput): AppError | undefined {
  // Callers outside TypeScript may send anything.
  const kind: unknown = (input as { kind?: unknown } | null)?.kind;
  if (kind !== 'draw' && kind !== 'concession') return invalid('kind', 'draw or concession');
  if (input.kind === 'concession' && (typeof input.to !== 'string' || input.to === ''))
    return invalid('to', 'the power conceded to');
  if (
    input.kind === 'draw' &&
    input.members !== undefined &&
    (!Array.isArray(input.members) || input.members.some((m) => typeof m !== 'string'))
  )
    return invalid('members', 'a list of power ids');
  if (input.kind === 'draw' && input.members !== undefined)
    return checkCount('members', input.members, LIMITS.powers);
  return undefined;
}

/** The players who control at least one surviving power, in seating order. */
function votersOf(state: VariantState, alive: readonly string[]): PlayerId[] {
  return state.players.filter((p) => p.powers.some((x) => alive.includes(x))).map((p) => p.id);
}

function controls(state: VariantState, player: PlayerId, power: string): boolean {
  return state.players.some((p) => p.id === player && p.powers.includes(power));
}

/** The members a draw or concession names, checked against the surviving powers. */
function membersOf(input: EndInput, alive: readonly string[]): string[] {
  const named = input.kind === 'draw' ? (input.members ?? alive) : [input.to];
  const field = input.kind === 'draw' ? 'members' : 'to';
  const upper = named.map((m) => m.toUpperCase());
  for (const m of upper) {
    if (!alive.includes(m))
      refuse('end/bad-members', `${field}: ${m} is not a surviving power (${alive.join(', ')})`, {
        field,
      });
  }
  if (new Set(upper).size !== upper.length)
    refuse('end/bad-members', `${field}: a power is named twice`, { field });
  if (input.kind === 'draw' && upper.length < 2)
    refuse('end/bad-members', 'members: a draw needs two members at least; propose a concession', {
      field,
    });
  // Members in map order, whatever order they were named in.
  return alive.filter((p) => upper.includes(p));
}

function statusOf(
  p: EndProposalRecord,
  openPhaseId: number | undefined,
): EndProposalView['status'] {
  return p.status === 'open' && p.phaseId !== openPhaseId ? 'lapsed' : p.status;
}

function endOf(
  ctx: AppContext,
  game: GameRecord,
  state: VariantState,
  p: EndProposalRecord,
  by: 'players' | 'gm',
): GameEnd {
  return endFrom(ctx, game, state, p.kind, p.members, by);
}

function endFrom(
  ctx: AppContext,
  game: GameRecord,
  state: VariantState,
  kind: 'draw' | 'concession',
  members: readonly string[],
  by: 'players' | 'gm',
): GameEnd {
  const variant = variantOf(ctx, game.variant);
  const base = {
    phase: phaseName(state.phase),
    by,
    centres: centres(variant, state),
  };
  if (kind === 'draw') {
    // Where a module names who wins an agreed end (Fiascomacy's Score), the draw says so.
    const decided = victoryAtEnd(variant, state, 'The game is ended by agreement');
    return {
      kind: 'draw',
      ...base,
      members: [...members],
      ...(decided === undefined ? {} : { winners: [...decided.winners], reason: decided.reason }),
    };
  }
  const winner = members[0]!;
  return {
    kind: 'conceded',
    ...base,
    winner,
    winners: state.players.filter((p) => p.powers.includes(winner)).map((p) => p.id),
  };
}

/**
 * Closes the open phase unplayed, its state the final one, with the end on its result; records
 * `game/ended`; finishes the game.
 */
async function finishByAgreement(
  ctx: AppContext,
  tx: StoreTx,
  game: GameRecord,
  phase: PhaseRecord,
  end: GameEnd,
  now: number,
): Promise<GameRecord> {
  const result: StoredResult = {
    report: unplayedReport(phase.state.phase),
    orders: [],
    events: [
      { type: 'game/ended', audience: { kind: 'public' }, text: endText(end), data: { end } },
    ],
    submissions: [],
    final: phase.state,
    end,
  };
  await tx.updatePhase(phase.id, { status: 'processed', processedAt: now, result });
  const data: EndedData = { phaseId: phase.id, seq: phase.seq, closed: true, end };
  await tx.appendEvent({ gameId: game.id, type: 'game/ended', data, at: now });
  return saveGame(tx, game, { status: 'finished', paused: false, pausedRemaining: null });
}

async function answer(
  ctx: AppContext,
  tx: StoreTx,
  game: GameRecord,
  caller: AccountId,
  p: EndProposalRecord,
  phaseName: string,
): Promise<EndProposalResult> {
  const seats = await seatsOf(ctx, tx, game);
  const open = await tx.openPhase(game.id);
  return {
    proposal: proposalView(game, seats, caller, p, open?.id ?? p.phaseId, phaseName),
    game: await viewIn(ctx, tx, game, caller),
  };
}

function proposalView(
  game: GameRecord,
  seats: readonly SeatRecord[],
  caller: AccountId | undefined,
  p: EndProposalRecord,
  openPhaseId: number | undefined,
  phaseName: string,
): EndProposalView {
  const me = caller === undefined ? undefined : seats.find((s) => s.accountId === caller)?.playerId;
  const all = game.gm === caller || game.settings.drawVotes === 'public';
  const votes: Record<PlayerId, 'yes' | 'no'> = {};
  for (const [player, yes] of Object.entries(p.votes)) {
    if (all || player === me) votes[player] = yes ? 'yes' : 'no';
  }
  const status = statusOf(p, openPhaseId);
  return {
    id: p.id,
    kind: p.kind,
    phase: phaseName,
    proposer: all || p.proposer === me ? p.proposer : null,
    members: [...p.members],
    voters: [...p.voters],
    status,
    votes,
    ...(all && status === 'open'
      ? { waitingFor: p.voters.filter((v) => p.votes[v] === undefined) }
      : {}),
    createdAt: p.createdAt,
    closedAt: p.closedAt,
  };
}
