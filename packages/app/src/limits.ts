/**
 * Every limit on what callers send, in one table. The app's checks read it, the server's request
 * schemas read it (so its OpenAPI document states exactly these numbers), and the web page's
 * forms are held to it by type (`ApiLimits`, `@arbiter/server/api-types`). Lengths are in
 * characters as JavaScript counts them (UTF-16 code units), counts in items.
 */
export const LIMITS = {
  /** An order sheet or a message: the longest, in characters. */
  text: 10_000,
  /** A game's name. */
  gameName: 100,
  /** A seat's name (joining, or the gamesmaster seating someone). */
  seatName: 40,
  /** A player id (a seat): letters, digits, `_` and `-`. */
  playerId: 40,
  /** An account name: letters, digits, `_ . -` (`NAME_PATTERN`). */
  accountName: 40,
  /** The longest password: a longer one would only cost hashing time. */
  password: 1024,
  /** The shortest password. */
  minPassword: 8,
  /** A bearer token as sent (the ones the app gives out are much shorter). */
  token: 200,
  /** A game id. */
  gameId: 100,
  /** A variant id (`standard`, `fink`). */
  variantId: 100,
  /** A power id (`FRA`). */
  power: 20,
  /** A phase name (`F1901M`). */
  phaseName: 20,
  /** Powers named in one list: one seat's powers, a draw's members. */
  powers: 50,
  /** Seats named in one assignment of powers. */
  assignments: 100,
  /** Recipients of one message. */
  recipients: 100,
  /** A catalogue rule id or alias, in a gamesmaster's ruling (`BUILD_CAP`). */
  ruleId: 100,
  /** A gamesmaster's ruling's headline or reason (published in the GM log). */
  rulingText: 500,
  /**
   * The longest duration anything takes, in seconds: a phase, an extension, and how far ahead
   * any deadline may be set (366 days). Larger numbers are refused rather than stored, so no
   * deadline can overflow a date or a column, and a game can always be resumed.
   */
  seconds: 366 * 24 * 3600,
  /** The most missed phases in a row the civil-disorder setting may wait for. */
  civilDisorderAfter: 10,
  /** The last year a game may be set to end in (`endYear`). */
  endYear: 9999,
  /** The largest seed (a 32-bit number). */
  seed: 0xffff_ffff,
  /** A request body, in bytes: the server's default (its `bodyLimit` option may change it). */
  bodyBytes: 64 * 1024,
} as const;

export type Limits = typeof LIMITS;
