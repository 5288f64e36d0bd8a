/**
 * The family table (src/domain/riskFamilies.ts): every derived name a client may ask for is
 * computed from exactly one family, and the worker's reads look for every member factor.
 */
import { allRiskFactors, isDirectRiskFactor } from '../../src/domain/risk';
import { FAMILY_MEMBER_FACTORS, RISK_FAMILIES, derivedNamesOf, factorsForCategories, familiesOfFactor } from '../../src/domain/riskFamilies';

const DERIVED_SHAPE = /_adjacent$|^owned_by_|^owner_of_|_50_percent_rule$/;
const slotNames = RISK_FAMILIES.flatMap(derivedNamesOf);

test('every derived-shaped name but psa_ comes from exactly one family slot', () => {
  const wanted = allRiskFactors().filter((n) => !n.startsWith('psa_') && DERIVED_SHAPE.test(n)).sort();
  expect(wanted.length).toBeGreaterThan(100);
  expect([...slotNames].sort()).toEqual(wanted);
});

test('families have direct members only, and the worker reads every one of them', () => {
  const members = new Set(RISK_FAMILIES.flatMap((f) => [...f.members]));
  expect([...members].filter((m) => !isDirectRiskFactor(m))).toEqual([]);
  expect([...FAMILY_MEMBER_FACTORS]).toEqual([...members].sort());
});

test.each([
  ['state_owned_rus', ['state_owned']],
  ['ofac_sdgt_sanctioned', ['sanctioned', 'ofac_sdn', 'ofac_sdgt']],
  ['sanctioned_usa_ofac_sdn', ['sanctioned', 'sanctioned_usa_ofac_sdn', 'ofac_sdn']],
  ['sanctioned_eu_sanctions', ['sanctioned', 'sanctioned_eu_sanctions', 'eu_sanctioned']],
  ['export_controls_bis_meu', ['export_controls', 'bis_meu']],
  ['forced_labor_xinjiang_uflpa', ['uflpa', 'xinjiang']],
  ['forced_labor_xinjiang_registration', ['xinjiang']],
  // A trade finding about what an entity ships makes it no Xinjiang entity.
  ['forced_labor_xinjiang_origin_direct', []],
  ['formerly_sanctioned_usa_ofac_sdn', []],
])('%s makes an entity a member of %j', (factor, keys) => {
  expect(familiesOfFactor(factor).map((f) => f.key).sort()).toEqual([...keys].sort());
});

test('every psa_ name stands on a factor the worker can find on the other entity', () => {
  const bases = allRiskFactors().filter((n) => n.startsWith('psa_')).map((n) => n.slice('psa_'.length));
  expect(bases.filter((b) => !allRiskFactors().includes(b))).toEqual([]);
  expect(isDirectRiskFactor('forced_labor_aspi_uyghur')).toBe(true);
});

test('each family\'s names, and their psa_ forms, are in its risk category', () => {
  for (const family of RISK_FAMILIES) {
    const inCategory = new Set(factorsForCategories([family.category]));
    const names = [...family.members, ...derivedNamesOf(family)];
    expect(names.filter((n) => !inCategory.has(n) || !inCategory.has(`psa_${n}`))).toEqual([]);
  }
  // Names no category's name test matches on its own.
  expect(factorsForCategories(['sanctions'])).toEqual(expect.arrayContaining(['eu_50_percent_rule', 'uk_50_percent_rule', 'psa_uk_50_percent_rule']));
  expect(factorsForCategories(['export_controls'])).toEqual(expect.arrayContaining(['cmic_entity', 'owned_by_bis_meu_entity', 'meu_list_contractors']));
  expect(factorsForCategories(['pep'])).not.toContain('eu_50_percent_rule');
});
