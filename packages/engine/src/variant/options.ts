/**
 * A game's options are settings of the variant's modules (`{ fink: { phantomFink: true } }`).
 * Each one must be a setting the module's schema declares, of its kind and within its range or
 * choices; a mistake is refused by name with the module's known settings listed, never ignored
 * (a misspelt option silently left at its default would change the game without anyone knowing).
 */
import type { Variant } from './module.js';
import { settingProblem, type Setting } from './settings.js';

export interface OptionProblem {
  /**
   * `setup/unknown-option`: no such module or setting; `setup/option-type`: not of the setting's
   * kind; `setup/option-range`: outside its range or not one of its choices.
   */
  readonly code: 'setup/unknown-option' | 'setup/option-type' | 'setup/option-range';
  /** `options.fink.phantomFink` */
  readonly path: string;
  readonly message: string;
}

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

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
    const schema: Readonly<Record<string, Setting>> = module.schema ?? {};
    const known = Object.keys(schema);
    for (const [key, value] of Object.entries(settings)) {
      const path = `options.${id}.${key}`;
      const setting = Object.hasOwn(schema, key) ? schema[key] : undefined;
      if (setting === undefined) {
        problems.push({
          code: 'setup/unknown-option',
          path,
          message:
            `${id} has no setting "${key}"` +
            (known.length === 0 ? ' (it has none)' : `; its settings: ${known.join(', ')}`),
        });
        continue;
      }
      const problem = settingProblem(setting, value);
      if (problem !== undefined) problems.push({ ...problem, path });
    }
  }
  return problems;
}
