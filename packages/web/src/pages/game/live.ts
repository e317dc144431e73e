/**
 * Live updates from the game's event stream (`GET /games/{id}/events`, server-sent events):
 * each event is handed to `onEvent`; the stream resumes after the last event seen. A browser's
 * EventSource reconnects by itself after a dropped connection; when it gives up (the server
 * refused or is gone) the page tries again, waiting longer each time, and says meanwhile that
 * it is not connected.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../../api.js';
import { eventsUrl } from './play-api.js';

/** The kinds of event the page acts on; the data is read loosely and checked where used. */
export interface StreamEvent {
  readonly kind: string;
  readonly id?: number;
  readonly [key: string]: unknown;
}

export type Connection = 'connecting' | 'live' | 'lost';

const KINDS = ['phase', 'message', 'deadline', 'game', 'orders', 'ready', 'caught-up'];

/** Subscribes to the game's events while mounted; returns the connection's state. */
export function useGameEvents(
  api: ApiClient,
  gameId: string,
  onEvent: (event: StreamEvent) => void,
): Connection {
  const [state, setState] = useState<Connection>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let last = 0;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = 1000;
    let stopped = false;
    const open = (): void => {
      source = new EventSource(eventsUrl(api, gameId, last));
      source.onopen = () => {
        wait = 1000;
        setState('live');
      };
      const receive = (e: MessageEvent<string>): void => {
        let data: StreamEvent;
        try {
          data = JSON.parse(e.data) as StreamEvent;
        } catch {
          return;
        }
        if (typeof data.id === 'number') last = Math.max(last, data.id);
        if (data.kind === 'caught-up' && typeof data['last'] === 'number') {
          last = Math.max(last, data['last']);
        }
        handler.current(data);
      };
      for (const kind of KINDS) source.addEventListener(kind, receive);
      source.onerror = () => {
        setState('lost');
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, wait);
          wait = Math.min(wait * 2, 30_000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [api, gameId]);
  return state;
}
