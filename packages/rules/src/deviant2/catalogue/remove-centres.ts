/**
 * REMOVE_CENTRES provinces=... — "Removed Centres Rule: Belgium and Holland are not supply
 * centres."
 * Hook: `supplyCenters`: while the rule is in force the named provinces are not supply centres.
 * When the rule comes into force their owners lose them at once (a power may then owe a
 * removal that winter); they change hands no more, count for nothing (builds, votes, victory,
 * FORTIFIED_CENTRES), and a home centre named is no build site. Fewer centres lower the solo
 * count: a power needs a majority of those that exist (ruling 9), 17 of 32 — checked as soon as
 * the rule takes effect.
 * Parameter `provinces`: supply centres, by id or name (`provinces=bel,hol`, or
 * `REMOVE_CENTRES Belgium Holland`). The list is the rule's whole setting: enacting it again
 * replaces the list (its repeal restores it), so a province the rule itself unmade may be named
 * again. Refused: a province that does not exist (`deviant/unknown-province`), one that is not
 * a supply centre now (`deviant/not-a-centre`), or no province at all (`deviant/bad-params`).
 * Negation: repeal: the provinces are centres again, unowned until a Fall ends with a unit on
 * one.
 */
import { standardMap } from '@arbiter/engine';
import { houseRule, provincesSetting } from './house-rule.js';

export const REMOVE_CENTRES = 'remove-centres';

/** "Belgium, Holland and Ruhr" (the variant is played on the standard map). */
export function listOfProvinces(ids: readonly string[]): string {
  const names = ids.map((id) => standardMap.province(id)?.name ?? id.toUpperCase());
  return names.length <= 1
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

export const removeCentres = houseRule({
  id: REMOVE_CENTRES,
  aliases: [
    'remove-centre',
    'remove-centers',
    'remove-center',
    'removed-centres',
    'no-centre',
    'no-centres',
    'no-center',
    'no-centers',
  ],
  headline: 'Removed Centres Rule: the named provinces are not supply centres.',
  settings: { provinces: [] },
  params: [
    {
      kind: 'provinces',
      name: 'provinces',
      about: 'supply centres that stop being centres',
      check: (p, ctx) => {
        const ours = provincesSetting(ctx.inForce(REMOVE_CENTRES) ?? {}, 'provinces');
        if (!ctx.centers.has(p.id) && !ours.includes(p.id)) {
          return {
            code: 'deviant/not-a-centre',
            message: `REMOVE_CENTRES: ${p.name} is not a supply centre`,
          };
        }
        return undefined;
      },
    },
  ],
  describe: (s) => {
    const list = provincesSetting(s, 'provinces');
    if (list.length === 0)
      return 'Removed Centres Rule: the named provinces are not supply centres.';
    return `Removed Centres Rule: ${listOfProvinces(list)} ${list.length === 1 ? 'is not a supply centre' : 'are not supply centres'}.`;
  },
  supplyCenters: ({ settings }, centers) => {
    const gone = new Set(provincesSetting(settings, 'provinces'));
    return centers.filter((p) => !gone.has(p));
  },
});
