/**
 * Case files are written by hand, so a runner must survive what is written wrong: these checks
 * name each malformed field by its path (`steps[2].orders.FRA[0]`) before a case is run, and
 * `guardCase` turns anything a case still makes throw into that case's failure, so a file's
 * other cases run and its `N passed, N failed` line is always printed.
 */

/** A case's result: passed, or every problem found, one line each. */
export interface CaseReport {
  readonly id: string;
  readonly passed: boolean;
  /** What differs, one line each: `A Yorkshire - Yorkshire: expected illegal,dislodged, got illegal`. */
  readonly problems: readonly string[];
}

/** A path and what is wrong there. */
export type ShapeProblem = string;

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Collects the problems of one value against the expected shape, each named by its path. */
export class ShapeCheck {
  readonly problems: ShapeProblem[] = [];

  private say(path: string, text: string): void {
    this.problems.push(`${path}: ${text}`);
  }

  /** A string; `optional` lets it be absent. */
  string(v: Json, path: string, optional = false): v is string {
    if (v === undefined && optional) return true;
    if (typeof v === 'string') return true;
    this.say(path, v === undefined ? 'missing (a string)' : `expected a string, got ${kind(v)}`);
    return false;
  }

  number(v: Json, path: string, optional = false): boolean {
    if (v === undefined && optional) return true;
    if (typeof v === 'number' && Number.isFinite(v)) return true;
    this.say(path, v === undefined ? 'missing (a number)' : `expected a number, got ${kind(v)}`);
    return false;
  }

  object(v: Json, path: string, optional = false): v is Record<string, Json> {
    if (v === undefined && optional) return false;
    if (isObject(v)) return true;
    this.say(path, v === undefined ? 'missing (an object)' : `expected an object, got ${kind(v)}`);
    return false;
  }

  array(v: Json, path: string, optional = false): v is Json[] {
    if (v === undefined && optional) return false;
    if (Array.isArray(v)) return true;
    this.say(path, v === undefined ? 'missing (a list)' : `expected a list, got ${kind(v)}`);
    return false;
  }

  /** A list of strings. */
  strings(v: Json, path: string, optional = false): boolean {
    if (!this.array(v, path, optional)) return v === undefined && optional;
    let ok = true;
    v.forEach((x, i) => {
      ok = this.string(x, `${path}[${i}]`) && ok;
    });
    return ok;
  }

  /** An object whose every value is a list of strings (orders by player, outcomes by order). */
  stringLists(v: Json, path: string, optional = false): boolean {
    if (!this.object(v, path, optional)) return v === undefined && optional;
    let ok = true;
    for (const [k, x] of Object.entries(v)) ok = this.strings(x, `${path}.${k}`) && ok;
    return ok;
  }

  /** An object whose every value is a string (centre owners). */
  stringMap(v: Json, path: string, optional = false): boolean {
    if (!this.object(v, path, optional)) return v === undefined && optional;
    let ok = true;
    for (const [k, x] of Object.entries(v)) ok = this.string(x, `${path}.${k}`) && ok;
    return ok;
  }

  /** A value that must be one of `powers`. */
  power(v: string, path: string, powers: readonly string[]): void {
    if (!powers.includes(v)) this.say(path, `"${v}" is not a power here (${powers.join(', ')})`);
  }

  fail(path: string, text: string): void {
    this.say(path, text);
  }
}

function kind(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

/** The id a report names a case by: its own, else its place in the file. */
export function caseId(c: Json, index: number): string {
  return isObject(c) && typeof c['id'] === 'string' ? c['id'] : `case ${index + 1}`;
}

/** Runs one case; a throw becomes that case's failure, with the error's message. */
export function guardCase(id: string, run: () => CaseReport): CaseReport {
  try {
    return run();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { id, passed: false, problems: [`the case could not be run: ${message}`] };
  }
}
