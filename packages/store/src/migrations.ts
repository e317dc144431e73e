/**
 * The schema as a numbered list of migrations, applied in order and recorded in
 * `schema_migrations`. A migration is never edited once released: a change is a new one.
 */
import type { Dialect, Executor } from './sql.js';
import { readInt } from './sql.js';

/** One step of the schema: its DDL for a dialect (run in order, in one transaction). */
export interface Migration {
  readonly version: number;
  readonly name: string;
  statements(d: Dialect): readonly string[];
}

/** Every migration, by version; versions run 1, 2, 3 ... with no gaps. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    statements: (d) => [
      `CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id),
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX tokens_account ON tokens (account_id)`,
      `CREATE TABLE games (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        variant TEXT NOT NULL,
        options ${d.types.json} NOT NULL,
        seed BIGINT NOT NULL,
        gm TEXT NOT NULL REFERENCES accounts (id),
        status TEXT NOT NULL,
        settings ${d.types.json} NOT NULL,
        paused ${d.types.bool} NOT NULL,
        paused_remaining BIGINT,
        created_at BIGINT NOT NULL,
        version INTEGER NOT NULL
      )`,
      `CREATE INDEX games_created ON games (created_at, id)`,
      `CREATE INDEX games_gm ON games (gm)`,
      `CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games (id),
        player_id TEXT NOT NULL,
        account_id TEXT REFERENCES accounts (id),
        name TEXT NOT NULL,
        powers ${d.types.json} NOT NULL,
        PRIMARY KEY (game_id, player_id)
      )`,
      `CREATE INDEX seats_account ON seats (account_id)`,
      `CREATE TABLE phases (
        id ${d.types.serialKey},
        game_id TEXT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        name TEXT NOT NULL,
        state ${d.types.json} NOT NULL,
        status TEXT NOT NULL,
        deadline BIGINT,
        opened_at BIGINT NOT NULL,
        processed_at BIGINT,
        result ${d.types.json}
      )`,
      `CREATE INDEX phases_game_status ON phases (game_id, status)`,
      // duePhases scans only open phases, by deadline.
      `CREATE INDEX phases_due ON phases (deadline, id) WHERE status = 'open'`,
      `CREATE TABLE submissions (
        id ${d.types.serialKey},
        phase_id BIGINT NOT NULL REFERENCES phases (id),
        player_id TEXT NOT NULL,
        text TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      // latestSubmissions: each player's highest id, optionally up to a time.
      `CREATE INDEX submissions_player ON submissions (phase_id, player_id, id)`,
      `CREATE TABLE readiness (
        phase_id BIGINT NOT NULL REFERENCES phases (id),
        player_id TEXT NOT NULL,
        ready ${d.types.bool} NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (phase_id, player_id)
      )`,
      `CREATE TABLE messages (
        id ${d.types.serialKey},
        game_id TEXT NOT NULL REFERENCES games (id),
        phase_id BIGINT REFERENCES phases (id),
        sender TEXT NOT NULL,
        audience ${d.types.json} NOT NULL,
        anonymous ${d.types.bool} NOT NULL,
        text TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        copies ${d.types.json}
      )`,
      `CREATE INDEX messages_game ON messages (game_id, id)`,
      `CREATE TABLE events (
        id ${d.types.serialKey},
        game_id TEXT NOT NULL REFERENCES games (id),
        type TEXT NOT NULL,
        data ${d.types.json},
        at BIGINT NOT NULL
      )`,
      `CREATE INDEX events_game ON events (game_id, id)`,
      ...appendOnly(d, 'submissions'),
      ...appendOnly(d, 'events'),
    ],
  },
  {
    version: 2,
    name: 'token expiry, and failed logins for throttling',
    statements: () => [
      `ALTER TABLE tokens ADD COLUMN expires_at BIGINT`,
      `CREATE TABLE login_failures (
        key TEXT NOT NULL,
        at BIGINT NOT NULL
      )`,
      `CREATE INDEX login_failures_key_at ON login_failures (key, at)`,
    ],
  },
  {
    version: 3,
    name: 'seats: phases missed in a row, and civil disorder',
    statements: (d) => [
      `ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE seats ADD COLUMN civil_disorder ${d.types.bool} NOT NULL DEFAULT ${d.name === 'sqlite' ? '0' : 'FALSE'}`,
    ],
  },
  {
    version: 4,
    name: 'draw and concession proposals',
    statements: (d) => [
      `CREATE TABLE end_proposals (
        id ${d.types.serialKey},
        game_id TEXT NOT NULL REFERENCES games (id),
        phase_id BIGINT NOT NULL REFERENCES phases (id),
        kind TEXT NOT NULL,
        proposer TEXT NOT NULL,
        members ${d.types.json} NOT NULL,
        voters ${d.types.json} NOT NULL,
        votes ${d.types.json} NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        closed_at BIGINT
      )`,
      `CREATE INDEX end_proposals_game ON end_proposals (game_id, id)`,
    ],
  },
  {
    version: 5,
    name: "phases in a game's order",
    // Every read of a game asks for its latest phases by (seq, id): without this index, SQLite
    // sorted all of the game's phases, their states and results with them (a quarter of a
    // millisecond a read, a few hundred rows per game), to keep two.
    statements: () => [`CREATE INDEX phases_game_seq ON phases (game_id, seq, id)`],
  },
  {
    version: 6,
    name: "a phase's revision",
    // Raised by the database with every write of a phase's state or result (by hand too), so
    // that a process may keep both parsed and read only the small columns while the revision
    // it holds is the stored one.
    statements: (d) => [
      `ALTER TABLE phases ADD COLUMN rev INTEGER NOT NULL DEFAULT 0`,
      ...revised(d),
    ],
  },
  {
    version: 7,
    name: "a phase's small columns in the index of a game's phases",
    // Reads take a phase's small columns and find its state and result already parsed
    // (PhaseBodies); but in SQLite's rows the state comes before most of them, so reading them
    // from the table walked the state's overflow pages, read afresh from the file after every
    // commit of another connection (70 us a read of a game's last two phases). From an index
    // holding them all, SQLite never opens the row. PostgreSQL keeps large values apart
    // (TOAST) and needs no such index.
    statements: (d) =>
      d.name === 'sqlite'
        ? [
            `CREATE INDEX phases_game_head ON phases
               (game_id, seq, id, status, name, deadline, opened_at, processed_at, rev)`,
            `DROP INDEX phases_game_seq`,
          ]
        : [],
  },
];

/** A trigger that raises `phases.rev` whenever an UPDATE writes the state or the result. */
function revised(d: Dialect): string[] {
  switch (d.name) {
    case 'sqlite':
      // The trigger's own UPDATE writes neither column, so it does not fire itself.
      return [
        `CREATE TRIGGER phases_rev AFTER UPDATE OF state, result ON phases
         BEGIN UPDATE phases SET rev = OLD.rev + 1 WHERE id = NEW.id; END`,
      ];
    case 'postgres':
      return [
        `CREATE OR REPLACE FUNCTION arbiter_phase_rev() RETURNS trigger LANGUAGE plpgsql AS
         'BEGIN NEW.rev := OLD.rev + 1; RETURN NEW; END'`,
        `CREATE TRIGGER phases_rev BEFORE UPDATE OF state, result ON phases
         FOR EACH ROW EXECUTE FUNCTION arbiter_phase_rev()`,
      ];
  }
}

/**
 * Triggers that refuse UPDATE and DELETE, so the record of what players sent and what
 * happened cannot be rewritten by a bug (or by hand without dropping the trigger first).
 */
function appendOnly(d: Dialect, table: string): string[] {
  switch (d.name) {
    case 'sqlite':
      return ['UPDATE', 'DELETE'].map(
        (op) =>
          `CREATE TRIGGER ${table}_no_${op.toLowerCase()} BEFORE ${op} ON ${table}
           BEGIN SELECT RAISE(ABORT, '${table} is append-only: ${op} refused'); END`,
      );
    case 'postgres':
      return [
        `CREATE OR REPLACE FUNCTION arbiter_append_only() RETURNS trigger LANGUAGE plpgsql AS
         'BEGIN RAISE EXCEPTION ''% is append-only: % refused'', TG_TABLE_NAME, TG_OP; END'`,
        `CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION arbiter_append_only()`,
      ];
  }
}

/**
 * Applies the migrations `exec` has not had yet, in order, and returns their versions. The
 * caller runs this inside one transaction that holds the migration lock (SQLite: BEGIN
 * IMMEDIATE; PostgreSQL: an advisory lock), so two processes opening at once never both apply
 * one, and a failed migration leaves nothing behind.
 */
export async function applyMigrations(
  exec: Executor,
  d: Dialect,
  now: number,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number[]> {
  await exec.run(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`,
  );
  const rows = await exec.all('SELECT version FROM schema_migrations ORDER BY version');
  const applied = new Set(rows.map((r) => readInt(r.version)));
  const known = migrations.at(-1)?.version ?? 0;
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new Error(
      `store: the database's schema is at version ${newest}, newer than this code's ${known}; ` +
        'upgrade Arbiter before opening it',
    );
  }
  const done: number[] = [];
  for (const m of migrations) {
    if (applied.has(m.version)) continue;
    for (const sql of m.statements(d)) await exec.run(sql);
    await exec.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
      m.version,
      m.name,
      now,
    ]);
    done.push(m.version);
  }
  return done;
}
