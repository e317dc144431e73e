/**
 * The page's routes: a path is matched to a `Route` by one pure function, and the current
 * path lives in the History API, so links work, reloads land on the same page (the server sends
 * `index.html` for every path outside the API) and back and forward behave.
 */
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { readonly kind: 'home' }
  | { readonly kind: 'game'; readonly id: string }
  | { readonly kind: 'report'; readonly id: string; readonly phase: string }
  | { readonly kind: 'login' }
  | { readonly kind: 'register' }
  | { readonly kind: 'new-game' }
  | { readonly kind: 'not-found'; readonly path: string };

/** The route a path names; ids are kept as written (the server checks them). */
export function matchRoute(path: string): Route {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/games') return { kind: 'home' };
  if (clean === '/login') return { kind: 'login' };
  if (clean === '/register') return { kind: 'register' };
  if (clean === '/games/new') return { kind: 'new-game' };
  const game = /^\/games\/([^/]+)$/.exec(clean);
  if (game !== null) {
    try {
      return { kind: 'game', id: decodeURIComponent(game[1]!) };
    } catch {
      return { kind: 'not-found', path };
    }
  }
  const report = /^\/games\/([^/]+)\/report\/([^/]+)$/.exec(clean);
  if (report !== null) {
    try {
      return {
        kind: 'report',
        id: decodeURIComponent(report[1]!),
        phase: decodeURIComponent(report[2]!),
      };
    } catch {
      return { kind: 'not-found', path };
    }
  }
  return { kind: 'not-found', path };
}

/** The path of a route, for links. */
export function routePath(route: Route): string {
  switch (route.kind) {
    case 'home':
      return '/';
    case 'game':
      return `/games/${encodeURIComponent(route.id)}`;
    case 'report':
      return `/games/${encodeURIComponent(route.id)}/report/${encodeURIComponent(route.phase)}`;
    case 'login':
    case 'register':
      return `/${route.kind}`;
    case 'new-game':
      return '/games/new';
    case 'not-found':
      return route.path;
  }
}

const listeners = new Set<() => void>();

/** Goes to `path` (with its query, if any) without reloading the page. */
export function navigate(path: string): void {
  if (path === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', path);
  for (const l of listeners) l();
}

/** The current path, updated on navigation and on back/forward. */
export function usePath(): string {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = (): void => {
      setPath(window.location.pathname);
    };
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

/**
 * A click on a same-page link navigates in place; a click with a modifier (new tab) or another
 * button is left to the browser.
 */
export function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest('a');
  if (anchor === null || anchor === undefined || anchor.target !== '') return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname.startsWith('/api/')) return;
  event.preventDefault();
  navigate(url.pathname);
  window.scrollTo(0, 0);
}
