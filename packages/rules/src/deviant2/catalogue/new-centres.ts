/**
 * NEW_CENTRES provinces=... — "New Centres Rule: Burgundy and Ruhr are supply centres."
 * Hook: `supplyCenters`: while the rule is in force the named provinces are supply centres. A
 * new centre starts unowned and changes hands like any neutral centre at the end of a Fall (or
 * of a Spring under SPRING_RAID). It counts like any other centre — for builds and removals,
 * votes, FORTIFIED_CENTRES, BUILD_ANYWHERE — but it is nobody's home centre, so it is a build
 * site only under BUILD_ANYWHERE or CHAOS_BUILDS. More centres raise the solo count: a power
 * needs a majority of the centres that exist (ruling 9), 18 of 34, 19 of 36.
 * Parameter `provinces`: land or coastal provinces that are not supply centres now, by id or
 * name (`provinces=ruh,bur`, or `NEW_CENTRES Ruhr Burgundy`). The list is the rule's whole
 * setting: enacting it again with another list replaces the list (its repeal restores it), so
 * a province the rule itself made a centre may be named again. Refused: a province that does not
 * exist (`deviant/unknown-province`), one that is a centre already (`deviant/already-a-centre`),
 * a sea or Switzerland, or no province at all (`deviant/bad-params`).
 * Negation: repeal: the provinces stop being centres, and whoever owned one loses it.
 */
import { houseRule, provincesSetting } from './house-rule.js';
import { listOfProvinces } from './remove-centres.js';

export const NEW_CENTRES = 'new-centres';

export const newCentres = houseRule({
  id: NEW_CENTRES,
  aliases: [
    'new-centre',
    'new-centers',
    'new-center',
    'new-supply-centres',
    'new-supply-centers',
    'add-centres',
    'add-centers',
  ],
  headline: 'New Centres Rule: the named provinces are supply centres.',
  settings: { provinces: [] },
  params: [
    {
      kind: 'provinces',
      name: 'provinces',
      about: 'provinces that become supply centres',
      check: (p, ctx) => {
        if (p.isImpassable || p.terrain === 'sea') {
          return {
            code: 'deviant/bad-params',
            message: `NEW_CENTRES: ${p.name} cannot be a supply centre: only a land or coastal province can`,
          };
        }
        const ours = provincesSetting(ctx.inForce(NEW_CENTRES) ?? {}, 'provinces');
        if (ctx.centers.has(p.id) && !ours.includes(p.id)) {
          return {
            code: 'deviant/already-a-centre',
            message: `NEW_CENTRES: ${p.name} is a supply centre already`,
          };
        }
        return undefined;
      },
    },
  ],
  describe: (s) => {
    const list = provincesSetting(s, 'provinces');
    if (list.length === 0) return 'New Centres Rule: the named provinces are supply centres.';
    return `New Centres Rule: ${listOfProvinces(list)} ${list.length === 1 ? 'is a supply centre' : 'are supply centres'}.`;
  },
  supplyCenters: ({ settings }, centers) => [
    ...centers,
    ...provincesSetting(settings, 'provinces'),
  ],
});
