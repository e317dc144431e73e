/** @arbiter/store: GameStore on SQLite and PostgreSQL. */
export {};
