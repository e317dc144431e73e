/**
 * A game's options are settings of the variant's modules (`{ fink: { phantomFink: true } }`).
 * Each one must be a setting the module declares, of the kind of its default; a mistake is
 * refused by name with the module's known settings listed, never ignored (a misspelt option
 * silently left at its default would change the game without anyone knowing).
 */
import type { Variant } from './module.js';

export interface OptionProblem {
  readonly code: 'setup/unknown-option' | 'setup/option-type';
  /** `options.fink.phantomFink` */
  readonly path: string;
  readonly message: string;
}

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a default's kind is called: "true or false", "a number", "a text" ... */
function kindOf(d: unknown): string {
  if (typeof d === 'boolean') return 'true or false';
  if (typeof d === 'number') return 'a number';
  if (typeof d === 'string') return 'a text';
  if (Array.isArray(d)) return 'a list';
  return 'a plain value';
}

/** Whether `value` is of the kind of the default `d` (any plain value where `d` is null). */
function sameKind(d: unknown, value: unknown): boolean {
  const plain =
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value));
  if (d === null || d === undefined) return plain;
  if (Array.isArray(d)) return Array.isArray(value);
  return typeof value === typeof d && (typeof d !== 'number' || Number.isFinite(value));
}

/** Every problem with a game's options for `variant`, each at its path; none when all is well. */
export function optionProblems(variant: Variant, options: unknown): OptionProblem[] {
  if (options === undefined) return [];
  if (!isRecord(options))
    return [{ code: 'setup/option-type', path: 'options', message: 'must be an object' }];
  const problems: OptionProblem[] = [];
  const modules = variant.modules.map((m) => m.id);
  for (const [id, settings] of Object.entries(options)) {
    const module = variant.modules.find((m) => m.id === id);
    if (module === undefined) {
      problems.push({
        code: 'setup/unknown-option',
        path: `options.${id}`,
        message:
          `no module "${id}" in ${variant.name} to set options for` +
          (modules.length === 0 ? ' (it has no modules)' : `; its modules: ${modules.join(', ')}`),
      });
      continue;
    }
    if (!isRecord(settings)) {
      problems.push({
        code: 'setup/option-type',
        path: `options.${id}`,
        message: 'must be an object',
      });
      continue;
    }
    const defaults = module.settings ?? {};
    const known = Object.keys(defaults);
    for (const [key, value] of Object.entries(settings)) {
      const path = `options.${id}.${key}`;
      if (!Object.hasOwn(defaults, key)) {
        problems.push({
          code: 'setup/unknown-option',
          path,
          message:
            `${id} has no setting "${key}"` +
            (known.length === 0 ? ' (it has none)' : `; its settings: ${known.join(', ')}`),
        });
        continue;
      }
      const d = defaults[key];
      if (!sameKind(d, value)) {
        problems.push({
          code: 'setup/option-type',
          path,
          message: `must be ${kindOf(d)} like its default ${JSON.stringify(d)}, not ${JSON.stringify(value)}`,
        });
      }
    }
  }
  return problems;
}
