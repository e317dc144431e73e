/**
 * The API calls of a game in play, over the page's `ApiClient`: the legal orders, the order
 * sheet, readiness, the phases played, the export (each phase's board), press, and the event
 * stream's address. Kept beside the game page so the shared client stays small.
 */
import type {
  ApiGame,
  ApiLegalOrders,
  ApiMessage,
  ApiPhase,
  ApiReady,
  ApiSendMessage,
  ApiSubmission,
  ApiSubmissionResult,
} from '@arbiter/server/api-types';
import { API_BASE, type ApiClient } from '../../api.js';
import type { LegalOrdersData } from '../../orders/choices.js';

const at = (id: string, rest: string): string => `/games/${encodeURIComponent(id)}${rest}`;

/**
 * The legal orders of the caller's units, from the server: only when the page cannot work them
 * out itself (`orders/legal.ts`). The route's orders are the engine's `Order`s (its
 * schema only sketches them, with a unit's type optional), read here as the engine's.
 */
export function legalOrders(api: ApiClient, id: string): Promise<ApiLegalOrders & LegalOrdersData> {
  return api.request<ApiLegalOrders & LegalOrdersData>('GET', at(id, '/legal-orders'));
}

/** Saves the whole order sheet (it replaces the last one) and reads each line back. */
export function submitOrders(
  api: ApiClient,
  id: string,
  text: string,
): Promise<ApiSubmissionResult> {
  return api.request<ApiSubmissionResult>('POST', at(id, '/orders'), { body: { text } });
}

export function mySubmission(api: ApiClient, id: string): Promise<ApiSubmission | null> {
  return api.request<ApiSubmission | null>('GET', at(id, '/orders'));
}

export function setReady(api: ApiClient, id: string, ready: boolean): Promise<ApiReady> {
  return api.request<ApiReady>('PUT', at(id, '/ready'), { body: { ready } });
}

export async function phases(api: ApiClient, id: string): Promise<readonly ApiPhase[]> {
  return (await api.request<{ phases: ApiPhase[] }>('GET', at(id, '/phases'))).phases;
}

/** One phase of the export (MILA's saved game): the board at its start. */
export interface ExportPhase {
  readonly name: string;
  readonly state: {
    readonly units: Readonly<Record<string, readonly string[]>>;
    readonly centers: Readonly<Record<string, readonly string[]>>;
  };
}

export async function exportedPhases(api: ApiClient, id: string): Promise<readonly ExportPhase[]> {
  return (await api.request<{ phases: ExportPhase[] }>('GET', at(id, '/export'))).phases;
}

export async function messages(api: ApiClient, id: string): Promise<readonly ApiMessage[]> {
  return (await api.request<{ messages: ApiMessage[] }>('GET', at(id, '/messages'))).messages;
}

export function sendMessage(api: ApiClient, id: string, body: ApiSendMessage): Promise<ApiMessage> {
  return api.request<ApiMessage>('POST', at(id, '/messages'), { body });
}

/** Reloads the game (the ETag cache makes an unchanged one cheap). */
export function reloadGame(api: ApiClient, id: string): Promise<ApiGame> {
  return api.game(id);
}

/**
 * The event stream's address for `EventSource`, which cannot send headers: the token goes in
 * the query, and `after` resumes after the last event seen.
 */
export function eventsUrl(api: ApiClient, id: string, after: number): string {
  const q = new URLSearchParams();
  if (after > 0) q.set('after', String(after));
  const token = api.token;
  if (token !== null) q.set('token', token);
  const query = q.toString();
  return `${API_BASE}${at(id, '/events')}${query === '' ? '' : `?${query}`}`;
}
