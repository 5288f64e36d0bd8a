/**
 * Families of direct risk factors and the derived factors the worker computes from each
 * (docs/risk-and-notifications.md, "Derived factors"). An entity is a member of a family when it
 * carries one of the family's direct factors; for each family the worker may derive
 *  - `adjacent`: a member one current fact away;
 *  - `ownedBy` / `ownerOf`: a member within 4 hops up / down the ownership types;
 *  - `fiftyPercent`: members own 50% or more of the entity in aggregate.
 *
 * The sanctions families (any list, and each `<list>`) follow the spec's name patterns. The rest
 * give the published client's derived names (src/domain/risk.ts, CLIENT_RISK_FACTORS) the base
 * factors their names point at; where a name leaves room (the Xinjiang entity, the OFAC 50% rule),
 * the choice is written next to the family. Every derived-shaped name of the enumeration but the
 * `psa_` ones belongs to exactly one family slot (test/unit/riskFamilies.test.ts).
 */
import { RISK_CATEGORIES, RISK_FLAG_FACTORS, SANCTIONS_LISTS, allRiskFactors, isDirectRiskFactor, isRiskFactor, isSanctionsFactor } from './risk';

export interface RiskFamily {
  key: string;
  /** The `risk_categories` value (RISK_CATEGORIES) its members and derived names belong to. */
  category: string;
  /** The direct factors that make an entity a member. */
  members: ReadonlySet<string>;
  adjacent?: string;
  ownedBy?: string;
  ownerOf?: string;
  fiftyPercent?: string;
}

const DERIVED_SLOTS = ['adjacent', 'ownedBy', 'ownerOf', 'fiftyPercent'] as const;

const DIRECT = allRiskFactors().filter(isDirectRiskFactor);
const where = (test: (factor: string) => boolean): ReadonlySet<string> => new Set(DIRECT.filter(test));
const named = (...factors: string[]): ReadonlySet<string> => {
  for (const f of factors) if (!isDirectRiskFactor(f)) throw new Error(`risk family member "${f}" is no direct risk factor`);
  return new Set(factors);
};

const OFAC_PROGRAMS = ['fto', 'illicit_drugs_eo14059', 'sdgt', 'sdnt', 'sdntk'];
/** Export-control listings of an entity itself. */
const EXPORT_CONTROLS = named(
  'export_controls', 'export_controls_bis_entity', 'export_controls_bis_meu', 'export_controls_section_1260h',
  'export_controls_unverified_list', 'meu_list_contractors',
);
/**
 * "Xinjiang entity": the designations of an entity itself (registration, name, operations, listed
 * contractor or cotton entity, UFLPA list, geospatial), not the `*_origin_*` trade findings about
 * what it ships.
 */
const XINJIANG_ENTITY = where((f) => f.startsWith('forced_labor_xinjiang_') && !f.includes('_origin_'));

const families: RiskFamily[] = [
  {
    key: 'sanctioned', category: 'sanctions', members: where(isSanctionsFactor),
    adjacent: 'sanctioned_adjacent', ownedBy: 'owned_by_sanctioned_entity', ownerOf: 'owner_of_sanctioned_entity',
    fiftyPercent: 'sanctioned_50_percent_rule',
  },
  ...SANCTIONS_LISTS.map((list): RiskFamily => ({
    key: `sanctioned_${list}`, category: 'sanctions', members: named(`sanctioned_${list}`),
    ownedBy: `owned_by_sanctioned_${list}_entity`, ownerOf: `owner_of_sanctioned_${list}_entity`,
    fiftyPercent: `sanctioned_${list}_50_percent_rule`,
  })),
  { key: 'sanctioned_other', category: 'sanctions', members: named('sanctioned_other'), adjacent: 'sanctioned_other_adjacent' },
  { key: 'pep', category: 'pep', members: named('pep'), adjacent: 'pep_adjacent' },
  {
    key: 'state_owned', category: 'state_ownership', members: where((f) => f.startsWith('state_owned')),
    adjacent: 'soe_adjacent', ownedBy: 'owned_by_soe', ownerOf: 'owner_of_soe',
  },
  // OFAC's 50 percent rule concerns blocked persons: the SDN list and its programmes.
  {
    key: 'ofac_sdn', category: 'sanctions', members: named('ofac_sdn', 'sanctioned_usa_ofac_sdn', ...OFAC_PROGRAMS.map((p) => `ofac_${p}_sanctioned`)),
    fiftyPercent: 'ofac_50_percent_rule',
  },
  ...OFAC_PROGRAMS.map((p): RiskFamily => ({
    key: `ofac_${p}`, category: 'sanctions', members: named(`ofac_${p}_sanctioned`),
    ownedBy: `owned_by_ofac_${p}_sanctioned`, ownerOf: `owner_of_ofac_${p}_sanctioned`,
  })),
  { key: 'eu_sanctioned', category: 'sanctions', members: where((f) => f === 'eu_sanctioned' || (f.startsWith('sanctioned_eu_') && isSanctionsFactor(f))), fiftyPercent: 'eu_50_percent_rule' },
  { key: 'uk_sanctioned', category: 'sanctions', members: named('uk_sanctioned', 'sanctioned_gbr_hmt_ofsi', 'sanctioned_gbr_fcdo'), fiftyPercent: 'uk_50_percent_rule' },
  {
    key: 'export_controls', category: 'export_controls', members: EXPORT_CONTROLS,
    adjacent: 'export_controls_adjacent', ownedBy: 'owned_by_entity_in_export_controls', ownerOf: 'owner_of_export_controls_entity',
  },
  { key: 'bis_entity', category: 'export_controls', members: named('export_controls_bis_entity'), fiftyPercent: 'export_controls_bis_entity_50_percent_rule' },
  { key: 'bis_meu', category: 'export_controls', members: named('export_controls_bis_meu'), ownedBy: 'owned_by_bis_meu_entity', fiftyPercent: 'export_controls_bis_meu_50_percent_rule' },
  {
    key: 'section_1260h', category: 'export_controls', members: named('export_controls_section_1260h'),
    ownedBy: 'owned_by_section_1260h_entity', fiftyPercent: 'export_controls_section_1260h_50_percent_rule',
  },
  { key: 'unverified_list', category: 'export_controls', members: named('export_controls_unverified_list'), fiftyPercent: 'export_controls_unverified_list_50_percent_rule' },
  { key: 'cmic', category: 'export_controls', members: named('cmic_entity'), ownedBy: 'owned_by_cmic_entity', fiftyPercent: 'cmic_entity_50_percent_rule' },
  {
    key: 'military_civil_fusion', category: 'export_controls', members: named('military_civil_fusion'),
    ownedBy: 'owned_by_military_civil_fusion', fiftyPercent: 'military_civil_fusion_50_percent_rule',
  },
  { key: 'wro', category: 'forced_labor', members: named('wro_entity'), adjacent: 'wro_entity_adjacent', ownedBy: 'owned_by_wro_entity', ownerOf: 'owner_of_wro_entity' },
  {
    key: 'uflpa', category: 'forced_labor', members: named('forced_labor_xinjiang_uflpa'),
    adjacent: 'forced_labor_xinjiang_uflpa_adjacent', ownedBy: 'owned_by_forced_labor_xinjiang_uflpa',
    ownerOf: 'owner_of_forced_labor_xinjiang_uflpa',
  },
  { key: 'xinjiang', category: 'forced_labor', members: XINJIANG_ENTITY, ownedBy: 'owned_by_xinjiang_entity', ownerOf: 'owner_of_forced_labor_xinjiang_entity' },
  {
    key: 'aspi', category: 'forced_labor', members: named('aspi_uyghur_forced_labor_report_entity'),
    adjacent: 'aspi_uyghur_forced_labor_report_entity_adjacent', ownedBy: 'owned_by_aspi_forced_labor_entity',
    ownerOf: 'owner_of_aspi_forced_labor_entity',
  },
  {
    key: 'sheffield_hallam', category: 'forced_labor', members: named('sheffield_hallam_university_forced_labor_entity'),
    adjacent: 'sheffield_hallam_university_forced_labor_reports_entity_adjacent',
    ownedBy: 'owned_by_sheffield_hallam_university_reports_forced_labor_entity',
    ownerOf: 'owner_of_sheffield_hallam_university_reports_forced_labor_entity',
  },
  { key: 'regulatory_action', category: 'regulatory_action', members: named('regulatory_action'), ownerOf: 'owner_of_regulatory_action_entity' },
];

/** The derived names a family gives (its filled slots). */
export const derivedNamesOf = (family: RiskFamily): string[] =>
  DERIVED_SLOTS.map((slot) => family[slot]).filter((name): name is string => name !== undefined);

for (const family of families) {
  if (!family.members.size) throw new Error(`risk family ${family.key} has no members`);
  if (!(family.category in RISK_CATEGORIES)) throw new Error(`risk family ${family.key}: unknown category "${family.category}"`);
  for (const name of derivedNamesOf(family)) {
    if (!isRiskFactor(name) || isDirectRiskFactor(name)) throw new Error(`risk family ${family.key}: "${name}" is no derived risk factor`);
  }
}

export const RISK_FAMILIES: readonly RiskFamily[] = Object.freeze(families);

const FAMILIES_OF_FACTOR = new Map<string, RiskFamily[]>();
for (const family of families) {
  for (const m of family.members) FAMILIES_OF_FACTOR.set(m, [...(FAMILIES_OF_FACTOR.get(m) ?? []), family]);
}

/** The families a direct factor makes an entity a member of (none for most factors). */
export const familiesOfFactor = (factor: string): readonly RiskFamily[] => FAMILIES_OF_FACTOR.get(factor) ?? [];

/**
 * Every direct factor that some derived factor depends on, sorted: the worker reads the
 * neighbours and owners that carry one of these.
 */
export const FAMILY_MEMBER_FACTORS: readonly string[] = Object.freeze([...FAMILIES_OF_FACTOR.keys()].sort());

/** The direct and derived names of the families of a `risk_categories` value (psa_ forms not included). */
export function familyFactorsOfCategory(category: string): string[] {
  return RISK_FAMILIES.filter((f) => f.category === category).flatMap((f) => [...f.members, ...derivedNamesOf(f)]);
}

/**
 * Factor names a risk category stands for: those its name test matches (RISK_CATEGORIES), the
 * direct and derived names of its risk families (eu_50_percent_rule is a sanctions factor,
 * owned_by_bis_meu_entity an export-controls one), and the psa_ form of each.
 */
export function factorsForCategories(categories: string[]): string[] {
  if (categories.length === 0) return [];
  const ofFamilies = new Set(categories.flatMap(familyFactorsOfCategory));
  return allRiskFactors().filter((f) => {
    const base = f.startsWith('psa_') ? f.slice(4) : f;
    return ofFamilies.has(base) || categories.some((c) => RISK_CATEGORIES[c]?.(base));
  });
}

/** A boolean risk flag such as `reputational_risk_terrorism` covers its dated variants too. */
export function factorsForFlag(flag: string): string[] {
  const factor = RISK_FLAG_FACTORS[flag] ?? flag;
  const factors = allRiskFactors().filter((f) => f === factor || f.startsWith(`${factor}_`));
  // A flag that names no factor of the enumeration (reputational_risk_modern_slavery) filters on
  // its own name, which no entity can carry: it matches nothing rather than being dropped.
  return factors.length ? factors : [factor];
}

/** The risk flags a /v1 traversal takes as boolean parameters (each names the factors factorsForFlag gives). */
export const RISK_FLAGS = [
  'eu_high_risk_third', 'reputational_risk_modern_slavery', 'state_owned', 'formerly_sanctioned', 'reputational_risk_terrorism',
  'reputational_risk_organized_crime', 'reputational_risk_financial_crime', 'reputational_risk_bribery_and_corruption',
  'reputational_risk_other', 'reputational_risk_cybercrime', 'regulatory_action', 'law_enforcement_action', 'xinjiang_geospatial',
];
