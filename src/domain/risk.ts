/**
 * Risk factor names (spec "Project notification resources"): an exact-string enumeration
 * built from the families the spec lists. Direct factors may be ingested; derived ones
 * (adjacent, ownership, psa_, 50 percent rule) are computed by the worker only.
 */
export const SANCTIONS_LISTS: readonly string[] = [
  'arg_repet_jus', 'aus_dfat', 'bel_fpsf', 'can_gac', 'che_seco', 'cze_mof', 'eu_dg_fisma_ec',
  'eu_ec_regulation_833_2014', 'eu_ec_sanctions_map', 'eu_sanctions', 'fra_dgt_mefids', 'gbr_fcdo',
  'gbr_hmt_ofsi', 'isr_mod_nbctf', 'jpn_mof', 'ltu_mi', 'lva_fis', 'mys_moha', 'nld_mofa',
  'nzl_mfat_rus', 'pol_mia', 'sgp_agc', 'ukr_nsdc', 'ukr_sfms', 'un_sc', 'usa_ofac_non_sdn',
  'usa_ofac_sdn', 'xxx_ebrd', 'xxx_iabd',
];

const PLAIN_DIRECT = [
  'basel_aml', 'cpi_score', 'pep', 'sanctioned', 'sanctioned_other', 'formerly_sanctioned',
  'eu_high_risk_third', 'state_owned', 'state_owned_blr', 'state_owned_rus', 'state_owned_ven',
  'former_soe', 'regulatory_action', 'law_enforcement_action', 'mass_address_usage',
  'mass_business_registration', 'tcsp_keyword_risk', 'implausible_date_of_birth',
  'military_civil_fusion', 'export_controls', 'esg_score_high', 'esg_score_medium',
  'esg_score_very_high', 'wro_entity', 'former_wro_entity', 'xinjiang_geospatial',
];
const PLAIN_DERIVED = ['pep_adjacent', 'sanctioned_adjacent', 'sanctioned_other_adjacent', 'soe_adjacent'];

export const REPUTATIONAL_CATEGORIES: readonly string[] = [
  'bribery_and_corruption', 'cybercrime', 'financial_crime', 'forced_labor', 'organized_crime',
  'other', 'terrorism', 'modern_slavery',
];

function build(): { direct: Set<string>; derived: Set<string> } {
  const direct = new Set<string>(PLAIN_DIRECT);
  const derived = new Set<string>(PLAIN_DERIVED);
  for (const c of REPUTATIONAL_CATEGORIES) {
    for (const suffix of ['', '_breaking', '_historic', '_recent']) direct.add(`reputational_risk_${c}${suffix}`);
  }
  for (const list of SANCTIONS_LISTS) {
    direct.add(`sanctioned_${list}`);
    direct.add(`formerly_sanctioned_${list}`);
    derived.add(`owned_by_sanctioned_${list}_entity`);
    derived.add(`owner_of_sanctioned_${list}_entity`);
    derived.add(`exports_to_sanctioned_${list}_entity`);
    derived.add(`sanctioned_${list}_50_percent_rule`);
  }
  derived.add('owned_by_sanctioned_entity');
  derived.add('owner_of_sanctioned_entity');
  derived.add('sanctioned_50_percent_rule');
  for (const f of [...direct, ...derived]) derived.add(`psa_${f}`);
  return { direct, derived };
}

const { direct: DIRECT, derived: DERIVED } = build();

/** A factor that may appear in ingested data. */
export const isDirectRiskFactor = (name: string): boolean => DIRECT.has(name);
/** Any valid factor name, direct or derived. */
export const isRiskFactor = (name: string): boolean => DIRECT.has(name) || DERIVED.has(name);
export const allRiskFactors = (): string[] => [...DIRECT, ...DERIVED].sort();

/** A sanctions factor: sets the entity's `sanctioned` flag. */
export const isSanctionsFactor = (name: string): boolean =>
  name === 'sanctioned' || name === 'sanctioned_other' || (name.startsWith('sanctioned_') && DIRECT.has(name));

/** Severity shown as `level` on each risk value. */
export function riskLevel(name: string): 'critical' | 'high' | 'elevated' {
  const base = name.startsWith('psa_') ? name.slice(4) : name;
  if (isSanctionsFactor(base) || base.endsWith('_50_percent_rule') || base.startsWith('owned_by_sanctioned')) return 'critical';
  if (base === 'pep' || base.startsWith('sanctioned') || base.startsWith('reputational_risk_') || base.startsWith('state_owned')
    || base === 'export_controls' || base === 'military_civil_fusion' || base === 'law_enforcement_action') return 'high';
  return 'elevated';
}

/** Categories accepted by `risk_categories`, each a family of factor names. */
export const RISK_CATEGORIES: Readonly<Record<string, (factor: string) => boolean>> = {
  sanctions: (f) => f.includes('sanctioned'),
  export_controls: (f) => f.startsWith('export_controls') || f === 'military_civil_fusion',
  pep: (f) => f.startsWith('pep'),
  state_ownership: (f) => f.startsWith('state_owned') || f.includes('soe'),
  adverse_media: (f) => f.startsWith('reputational_risk_'),
  regulatory_action: (f) => f === 'regulatory_action' || f === 'law_enforcement_action',
  forced_labor: (f) => f.includes('forced_labor') || f.includes('wro_entity') || f === 'xinjiang_geospatial',
  esg: (f) => f.startsWith('esg_score'),
  high_risk_jurisdiction: (f) => f === 'basel_aml' || f === 'cpi_score' || f === 'eu_high_risk_third',
  business_risk: (f) => f.startsWith('mass_') || f === 'tcsp_keyword_risk' || f === 'implausible_date_of_birth',
};
