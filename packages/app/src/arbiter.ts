/**
 * The Arbiter: the one authority that loads a game, applies a command, saves it and answers
 * with what the caller may see. Every command is one store transaction; a refusal rolls it back.
 * This class is only the public face: each method hands its call to the use case of the same
 * name in `use-cases/` (see the module named on each line), over one shared `AppContext`.
 * README.md explains the rules they keep (deadlines, readiness, processing, rollback, press).
 */
import { createContext, type AppContext, type AppDeps, type GmOptions } from './context.js';
import type { ProposalRuling } from './gm-rulings.js';
import type { AccountId, GameId } from './ports.js';
import * as accounts from './use-cases/accounts.js';
import * as board from './use-cases/board.js';
import * as feed from './use-cases/feed.js';
import * as endings from './use-cases/endings.js';
import * as gm from './use-cases/gm.js';
import * as interchange from './use-cases/interchange.js';
import * as lobby from './use-cases/lobby.js';
import * as orders from './use-cases/orders.js';
import * as press from './use-cases/press.js';
import * as processing from './use-cases/processing.js';
import * as reading from './use-cases/reading.js';
import * as seats from './use-cases/seats.js';
import * as rulings from './use-cases/rulings.js';

export class Arbiter {
  private readonly ctx: AppContext;

  constructor(deps: AppDeps) {
    this.ctx = createContext(deps);
  }

  // ---- accounts and sessions: use-cases/accounts.ts --------------------------------------------

  register(name: string, password: string) {
    return accounts.register(this.ctx, name, password);
  }

  login(name: string, password: string, from?: string) {
    return accounts.login(this.ctx, name, password, from);
  }

  logout(token: string) {
    return accounts.logout(this.ctx, token);
  }

  logoutEverywhere(accountId: AccountId) {
    return accounts.logoutEverywhere(this.ctx, accountId);
  }

  authenticate(token: string) {
    return accounts.authenticate(this.ctx, token);
  }

  // ---- the lobby and seats: use-cases/lobby.ts -------------------------------------------------

  variants() {
    return lobby.variants(this.ctx);
  }

  createGame(caller: AccountId, input: lobby.CreateGameInput) {
    return lobby.createGame(this.ctx, caller, input);
  }

  listGames(caller?: AccountId) {
    return lobby.listGames(this.ctx, caller);
  }

  joinGame(caller: AccountId, gameId: GameId, input?: lobby.JoinGameInput) {
    return lobby.joinGame(this.ctx, caller, gameId, input);
  }

  assignPowers(
    caller: AccountId,
    gameId: GameId,
    assignments: readonly lobby.PowerAssignment[],
    opts?: GmOptions,
  ) {
    return lobby.assignPowers(this.ctx, caller, gameId, assignments, opts);
  }

  startGame(caller: AccountId, gameId: GameId, opts?: lobby.StartOptions) {
    return lobby.startGame(this.ctx, caller, gameId, opts);
  }

  // ---- seats in a game's life: use-cases/seats.ts ----------------------------------------------

  seatPlayer(
    caller: AccountId,
    gameId: GameId,
    playerId: string,
    input: seats.SeatPlayerInput,
    opts?: GmOptions,
  ) {
    return seats.seatPlayer(this.ctx, caller, gameId, playerId, input, opts);
  }

  leaveGame(caller: AccountId, gameId: GameId) {
    return seats.leaveGame(this.ctx, caller, gameId);
  }

  // ---- orders and readiness: use-cases/orders.ts -----------------------------------------------

  submitOrders(caller: AccountId, gameId: GameId, text: string) {
    return orders.submitOrders(this.ctx, caller, gameId, text);
  }

  mySubmission(caller: AccountId, gameId: GameId) {
    return orders.mySubmission(this.ctx, caller, gameId);
  }

  setReady(caller: AccountId, gameId: GameId, ready: boolean) {
    return orders.setReady(this.ctx, caller, gameId, ready);
  }

  // ---- reading a game: use-cases/reading.ts ----------------------------------------------------

  getGame(caller: AccountId | undefined, gameId: GameId) {
    return reading.getGame(this.ctx, caller, gameId);
  }

  history(caller: AccountId | undefined, gameId: GameId) {
    return reading.history(this.ctx, caller, gameId);
  }

  health() {
    return reading.health(this.ctx);
  }

  // ---- the feed of a game: use-cases/feed.ts ---------------------------------------------------

  feed(caller: AccountId | undefined, gameId: GameId, after?: number) {
    return feed.feed(this.ctx, caller, gameId, after);
  }

  // ---- press: use-cases/press.ts ---------------------------------------------------------------

  sendMessage(caller: AccountId, gameId: GameId, input: press.MessageInput) {
    return press.sendMessage(this.ctx, caller, gameId, input);
  }

  messages(caller: AccountId | undefined, gameId: GameId, opts?: { readonly afterId?: number }) {
    return press.messages(this.ctx, caller, gameId, opts);
  }

  // ---- the gamesmaster's tools: use-cases/gm.ts ------------------------------------------------

  pause(caller: AccountId, gameId: GameId, opts?: GmOptions) {
    return gm.pause(this.ctx, caller, gameId, opts);
  }

  resume(caller: AccountId, gameId: GameId, opts?: GmOptions) {
    return gm.resume(this.ctx, caller, gameId, opts);
  }

  extend(caller: AccountId, gameId: GameId, by: gm.ExtendInput, opts?: GmOptions) {
    return gm.extend(this.ctx, caller, gameId, by, opts);
  }

  forceProcess(caller: AccountId, gameId: GameId, opts?: GmOptions) {
    return gm.forceProcess(this.ctx, caller, gameId, opts);
  }

  rollback(
    caller: AccountId,
    gameId: GameId,
    input: { readonly toPhase: string },
    opts?: GmOptions,
  ) {
    return gm.rollback(this.ctx, caller, gameId, input, opts);
  }

  rollbackPreview(caller: AccountId, gameId: GameId, toPhase?: string) {
    return gm.rollbackPreview(this.ctx, caller, gameId, toPhase);
  }

  audit(caller: AccountId, gameId: GameId) {
    return gm.audit(this.ctx, caller, gameId);
  }

  submitGmActions(caller: AccountId, gameId: GameId, text: string) {
    return gm.submitGmActions(this.ctx, caller, gameId, text);
  }

  gmActions(caller: AccountId, gameId: GameId) {
    return gm.gmActions(this.ctx, caller, gameId);
  }

  // ---- draws and concessions: use-cases/endings.ts --------------------------------------------

  proposeEnd(caller: AccountId, gameId: GameId, input: endings.EndInput) {
    return endings.proposeEnd(this.ctx, caller, gameId, input);
  }

  voteEnd(caller: AccountId, gameId: GameId, proposalId: number, accept: boolean) {
    return endings.voteEnd(this.ctx, caller, gameId, proposalId, accept);
  }

  endProposals(caller: AccountId | undefined, gameId: GameId) {
    return endings.endProposals(this.ctx, caller, gameId);
  }

  declareEnd(caller: AccountId, gameId: GameId, input: endings.EndInput, opts?: GmOptions) {
    return endings.declareEnd(this.ctx, caller, gameId, input, opts);
  }

  // ---- Deviant free-text proposals: use-cases/rulings.ts ---------------------------------------

  ruleOnProposal(
    caller: AccountId,
    gameId: GameId,
    label: string,
    ruling: ProposalRuling,
    opts?: GmOptions,
  ) {
    return rulings.ruleOnProposal(this.ctx, caller, gameId, label, ruling, opts);
  }

  // ---- processing and deadlines: use-cases/processing.ts ---------------------------------------

  processDue(limit?: number) {
    return processing.processDue(this.ctx, limit);
  }

  // ---- the board and legal orders: use-cases/board.ts ------------------------------------------

  variantMap(variantId: string) {
    return board.variantMap(this.ctx, variantId);
  }

  legalOrders(caller: AccountId, gameId: GameId, opts?: { readonly power?: string }) {
    return board.legalOrders(this.ctx, caller, gameId, opts);
  }

  // ---- exporting games: use-cases/interchange.ts -----------------------------------------------

  exportGame(caller: AccountId | undefined, gameId: GameId) {
    return interchange.exportGame(this.ctx, caller, gameId);
  }
}
