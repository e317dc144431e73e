/** Telling a store URL's backend and location apart, before anything is opened. */

/** Where a store URL points: a SQLite file (or memory) or a PostgreSQL server. */
export type StoreLocation =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string };

/** The accepted forms, for error messages and the README. */
export const STORE_URL_FORMS =
  'sqlite:PATH, sqlite::memory:, :memory:, a path ending .sqlite, .sqlite3 or .db, ' +
  'or postgres://USER[:PASSWORD]@HOST[:PORT]/DB (or postgresql://)';

/**
 * Reads a store URL. `sqlite:` takes the rest as a path (`sqlite:///abs/x.sqlite` and
 * `sqlite://rel.sqlite` drop the `//`, as in SQLAlchemy's URLs); a bare path must end in
 * .sqlite, .sqlite3 or .db so that a mistyped URL is never taken for a file name.
 *
 * @throws Error naming the URL (password hidden) and the accepted forms.
 */
export function parseStoreUrl(url: string): StoreLocation {
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgres', url };
  if (url === ':memory:') return { kind: 'sqlite', path: ':memory:' };
  const sqlite = /^sqlite:(.*)$/i.exec(url);
  if (sqlite !== null) {
    const rest = sqlite[1] ?? '';
    const path = rest.startsWith('//') ? rest.slice(2) : rest;
    if (path === '') throw new Error(`store: "${url}" names no SQLite file; use sqlite:PATH`);
    return { kind: 'sqlite', path };
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && /\.(sqlite3?|db)$/i.test(url)) {
    return { kind: 'sqlite', path: url };
  }
  throw new Error(
    `store: cannot tell which database "${redact(url)}" means; use ${STORE_URL_FORMS}`,
  );
}

/** Hides a password (`//user:secret@` → `//user:***@`), which must never reach a log. */
export function redact(url: string): string {
  return url.replace(/(\/\/[^/:@]*):[^/@]*@/, '$1:***@');
}
