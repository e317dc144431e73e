/**
 * The Fink's two orders, in the rule text's words and in short form:
 * - winter: `I want to turn Fink against Austria`, `TURN FINK AGAINST AUSTRIA`, `FINK AGAINST AUS`;
 * - spring: `I fink on Ionian Sea`, `FINK ION`, `FINK Spain` (a province; a coast is ignored).
 * A name that is not a power or a province is still read as the order, so that the check can
 * refuse it with a clear code (`fink/unknown-power`, `fink/unknown-province`).
 */
import { normalizeName, type GameMap, type ModuleAction, type Power } from '@arbiter/engine';

export const MODULE_ID = 'fink';

export interface RequestData {
  /** The power named, or null if the name is not one. */
  readonly against: Power | null;
  readonly written: string;
}

export interface FinkData {
  /** The province named, or null if the name is not one. */
  readonly province: string | null;
  readonly written: string;
}

const REQUEST = /^(?:i\s+want\s+to\s+)?(?:turn\s+)?fink\s+against(?:\s+(.*?))?\s*[.!]?$/i;
const TURN = /^(?:i\s+want\s+to\s+)?turn\s+fink\b/i;
const FINK = /^(?:i\s+)?fink(?:\s+on)?(?:\s+(.*?))?\s*[.!]?$/i;

/** The power a name means: its id, name or adjective, in any case (`AUS`, `Austria`). */
export function findPower(map: GameMap, text: string): Power | null {
  const n = normalizeName(text);
  if (n === '') return null;
  for (const p of map.spec.powers) {
    const names = [p.id, p.name, p.adjective ?? ''].map(normalizeName);
    if (names.includes(n)) return p.id;
  }
  return null;
}

/** The province a name means, without its coast: `Spain`, `spa/nc`, `Spain (north coast)`. */
export function findProvinceId(map: GameMap, text: string): string | null {
  const bare = text
    .replace(/\s*\((?:north|south|east|west)\s+coast\)\s*$/i, '')
    .replace(/\s*\/\s*[nsew]c$/i, '')
    .replace(/\s+[nsew]c$/i, '');
  return map.findProvince(bare)?.id ?? null;
}

export function parseFinkAction(
  text: string,
  map: GameMap,
): ModuleAction | { readonly error: string } | undefined {
  const line = text.trim();
  const request = REQUEST.exec(line);
  if (request !== null) {
    const written = request[1] ?? '';
    if (written === '') return { error: 'name the power to turn Fink against' };
    const data: RequestData = { against: findPower(map, written), written };
    return { module: MODULE_ID, type: 'request', data: { ...data } };
  }
  if (TURN.test(line)) {
    return { error: 'write "I want to turn Fink against <power>" or "TURN FINK AGAINST <power>"' };
  }
  const fink = FINK.exec(line);
  if (fink !== null) {
    const written = fink[1] ?? '';
    if (written === '') return { error: 'name the province to fink on: "FINK ION"' };
    const data: FinkData = { province: findProvinceId(map, written), written };
    return { module: MODULE_ID, type: 'fink', data: { ...data } };
  }
  return undefined;
}

export function requestData(action: ModuleAction): RequestData {
  return { against: textIn(action, 'against'), written: textIn(action, 'written') ?? '' };
}

export function finkData(action: ModuleAction): FinkData {
  return { province: textIn(action, 'province'), written: textIn(action, 'written') ?? '' };
}

/** A text field of an action's data, or null (data read back from storage may be anything). */
function textIn(action: ModuleAction, key: string): string | null {
  const value = action.data[key];
  return typeof value === 'string' ? value : null;
}

/** `TURN FINK AGAINST AUS`, `FINK ion`. */
export function formatFinkAction(action: ModuleAction): string {
  if (action.type === 'request') {
    const d = requestData(action);
    return `TURN FINK AGAINST ${d.against ?? d.written}`;
  }
  const d = finkData(action);
  return `FINK ${d.province ?? d.written}`;
}
