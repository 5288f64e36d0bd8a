/**
 * Risk factor names (spec "Project notification resources": `Notification.field`), an exact-string
 * enumeration: the families the spec names, plus the published client's `Risk` enumeration, which
 * holds the spec's "further families" (forced_labor_*, exports_*, imports_*, owned_by_*, owner_of_*,
 * controlled_by_*, export_controls_*, *_50_percent_rule, *_minority_ownership, uk_*). Derived
 * factors are the shapes the ingest format (docs/ingest-format.md) reserves for the worker (`*_adjacent`, `owned_by_*`,
 * `owner_of_*`, `psa_*`, `*_50_percent_rule`): never ingested; the worker computes each of them
 * (src/domain/riskFamilies.ts names the direct factors each comes from). Every other name is
 * direct: ingested data carries it.
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
  'esg_score_very_high', 'wro_entity', 'former_wro_entity',
];
const PLAIN_DERIVED = ['pep_adjacent', 'sanctioned_adjacent', 'sanctioned_other_adjacent', 'soe_adjacent'];
/** The names the ingest format calls derived ("never ingested; the worker computes them"). */
const DERIVED_SHAPES = [/_adjacent$/, /^owned_by_/, /^owner_of_/, /^psa_/, /_50_percent_rule$/];
const hasDerivedShape = (name: string): boolean => DERIVED_SHAPES.some((shape) => shape.test(name));

export const REPUTATIONAL_CATEGORIES: readonly string[] = [
  'bribery_and_corruption', 'cybercrime', 'financial_crime', 'forced_labor', 'organized_crime',
  'other', 'terrorism',
];

/**
 * The `Risk` enumeration of the published client (sayari-analytics/sayari-node, generated type
 * `Risk`), names only. Its names of a derived shape are derived (src/domain/riskFamilies.ts); the rest are direct.
 */
export const CLIENT_RISK_FACTORS: readonly string[] = [
  'aspi_uyghur_forced_labor_report_entity', 'aspi_uyghur_forced_labor_report_entity_adjacent', 'basel_aml',
  'bis_addresses_high_diversion_risk', 'bis_boycott_requester_list', 'cmic_entity',
  'cmic_entity_50_percent_rule', 'controlled_by_aus_sanctioned', 'controlled_by_eu_sanctioned',
  'controlled_by_jpn_sanctioned', 'controlled_by_ofac_fto_sanctioned',
  'controlled_by_ofac_illicit_drugs_eo14059_sanctioned', 'controlled_by_ofac_sdgt_sanctioned',
  'controlled_by_ofac_sdn', 'controlled_by_ofac_sdnt_sanctioned', 'controlled_by_ofac_sdntk_sanctioned',
  'controlled_by_uk_sanctioned', 'controlled_by_ukr_sanctioned', 'controlled_by_un_sanctioned', 'cpi_score',
  'entity_licensed_with_fsb_rf', 'eu_50_percent_rule', 'eu_high_risk_third', 'eu_minority_ownership',
  'eu_sanctioned', 'export_controls', 'export_controls_adjacent', 'export_controls_bis_entity',
  'export_controls_bis_entity_50_percent_rule', 'export_controls_bis_meu',
  'export_controls_bis_meu_50_percent_rule', 'export_controls_section_1260h',
  'export_controls_section_1260h_50_percent_rule', 'export_controls_unverified_list',
  'export_controls_unverified_list_50_percent_rule', 'export_to_sanctioned', 'export_to_soe',
  'exports_bis_high_priority_items', 'exports_bis_high_priority_items_critical_components',
  'exports_conflict_minerals', 'exports_eudr_shipment_cattle', 'exports_eudr_shipment_cocoa',
  'exports_eudr_shipment_coffee', 'exports_eudr_shipment_palm_oil', 'exports_eudr_shipment_rubber',
  'exports_eudr_shipment_soya', 'exports_eudr_shipment_wood', 'exports_ilab_child_labor',
  'exports_ilab_forced_labor', 'exports_russian_coal', 'exports_russian_gold',
  'exports_russian_important_good', 'exports_russian_oil', 'exports_to_bis_addresses_high_diversion_risk',
  'exports_to_entity_licensed_with_fsb_rf', 'forced_labor_aspi_origin_direct',
  'forced_labor_aspi_origin_subtier', 'forced_labor_aspi_origin_subtier_product_blueprint',
  'forced_labor_china_keywords', 'forced_labor_sheffield_hallam_university_reports_origin_direct',
  'forced_labor_sheffield_hallam_university_reports_origin_subtier',
  'forced_labor_sheffield_hallam_university_reports_origin_subtier_product_blueprint',
  'forced_labor_uflpa_origin_direct', 'forced_labor_uflpa_origin_subtier',
  'forced_labor_uflpa_origin_subtier_product_blueprint', 'forced_labor_wro_origin_direct',
  'forced_labor_wro_origin_subtier', 'forced_labor_wro_origin_subtier_product_blueprint',
  'forced_labor_xinjiang_contractors', 'forced_labor_xinjiang_cotton_entity',
  'forced_labor_xinjiang_geospatial', 'forced_labor_xinjiang_name', 'forced_labor_xinjiang_operations',
  'forced_labor_xinjiang_origin_direct', 'forced_labor_xinjiang_origin_subtier',
  'forced_labor_xinjiang_origin_subtier_product_blueprint', 'forced_labor_xinjiang_registration',
  'forced_labor_xinjiang_uflpa', 'forced_labor_xinjiang_uflpa_adjacent', 'former_soe', 'former_wro_entity',
  'formerly_sanctioned', 'imports_bis_high_priority_items',
  'imports_bis_high_priority_items_critical_components', 'imports_conflict_minerals',
  'imports_eudr_shipment_cattle', 'imports_eudr_shipment_cocoa', 'imports_eudr_shipment_coffee',
  'imports_eudr_shipment_palm_oil', 'imports_eudr_shipment_rubber', 'imports_eudr_shipment_soya',
  'imports_eudr_shipment_wood', 'imports_from_bis_addresses_high_diversion_risk', 'imports_ilab_child_labor',
  'imports_ilab_forced_labor', 'imports_ndaa_889_telecom_equipment', 'imports_russian_coal',
  'imports_russian_gold', 'imports_russian_important_good', 'imports_russian_oil', 'law_enforcement_action',
  'meu_list_contractors', 'military_civil_fusion', 'military_civil_fusion_50_percent_rule',
  'ndaa_889_covered_entities', 'ofac_50_percent_rule', 'ofac_fto_sanctioned',
  'ofac_illicit_drugs_eo14059_sanctioned', 'ofac_minority_ownership', 'ofac_sdgt_sanctioned', 'ofac_sdn',
  'ofac_sdnt_sanctioned', 'ofac_sdntk_sanctioned', 'owned_by_aspi_forced_labor_entity',
  'owned_by_bis_meu_entity', 'owned_by_cmic_entity', 'owned_by_entity_in_export_controls',
  'owned_by_forced_labor_xinjiang_uflpa', 'owned_by_military_civil_fusion', 'owned_by_ofac_fto_sanctioned',
  'owned_by_ofac_illicit_drugs_eo14059_sanctioned', 'owned_by_ofac_sdgt_sanctioned',
  'owned_by_ofac_sdnt_sanctioned', 'owned_by_ofac_sdntk_sanctioned', 'owned_by_sanctioned_entity',
  'owned_by_section_1260h_entity', 'owned_by_sheffield_hallam_university_reports_forced_labor_entity',
  'owned_by_soe', 'owned_by_wro_entity', 'owned_by_xinjiang_entity', 'owner_of_aspi_forced_labor_entity',
  'owner_of_export_controls_entity', 'owner_of_forced_labor_xinjiang_entity',
  'owner_of_forced_labor_xinjiang_uflpa', 'owner_of_ofac_fto_sanctioned',
  'owner_of_ofac_illicit_drugs_eo14059_sanctioned', 'owner_of_ofac_sdgt_sanctioned',
  'owner_of_ofac_sdnt_sanctioned', 'owner_of_ofac_sdntk_sanctioned', 'owner_of_regulatory_action_entity',
  'owner_of_sanctioned_entity', 'owner_of_sheffield_hallam_university_reports_forced_labor_entity',
  'owner_of_soe', 'owner_of_wro_entity', 'pep', 'pep_adjacent', 'psa_bis_boycott_requester_list',
  'psa_cmic_entity_50_percent_rule', 'psa_entity_licensed_with_fsb_rf', 'psa_eu_50_percent_rule',
  'psa_eu_minority_ownership', 'psa_export_controls', 'psa_export_controls_bis_entity_50_percent_rule',
  'psa_export_controls_bis_meu_50_percent_rule', 'psa_export_controls_section_1260h_50_percent_rule',
  'psa_export_controls_unverified_list_50_percent_rule', 'psa_export_to_sanctioned', 'psa_export_to_soe',
  'psa_exports_bis_high_priority_items', 'psa_exports_bis_high_priority_items_critical_components',
  'psa_exports_conflict_minerals', 'psa_exports_eudr_shipment_cattle', 'psa_exports_eudr_shipment_cocoa',
  'psa_exports_eudr_shipment_coffee', 'psa_exports_eudr_shipment_palm_oil',
  'psa_exports_eudr_shipment_rubber', 'psa_exports_eudr_shipment_soya', 'psa_exports_eudr_shipment_wood',
  'psa_exports_ilab_child_labor', 'psa_exports_ilab_forced_labor', 'psa_exports_russian_coal',
  'psa_exports_russian_gold', 'psa_exports_russian_important_good', 'psa_exports_russian_oil',
  'psa_exports_to_bis_addresses_high_diversion_risk', 'psa_exports_to_entity_licensed_with_fsb_rf',
  'psa_forced_labor_aspi_origin_direct', 'psa_forced_labor_aspi_origin_subtier',
  'psa_forced_labor_aspi_uyghur', 'psa_forced_labor_sheffield_hallam_university_reports_origin_direct',
  'psa_forced_labor_sheffield_hallam_university_reports_origin_subtier',
  'psa_forced_labor_uflpa_origin_direct', 'psa_forced_labor_uflpa_origin_subtier',
  'psa_forced_labor_wro_origin_direct', 'psa_forced_labor_wro_origin_subtier',
  'psa_forced_labor_xinjiang_cotton_entity', 'psa_forced_labor_xinjiang_geospatial',
  'psa_forced_labor_xinjiang_name', 'psa_forced_labor_xinjiang_operations',
  'psa_forced_labor_xinjiang_origin_direct', 'psa_forced_labor_xinjiang_origin_subtier',
  'psa_forced_labor_xinjiang_registration', 'psa_forced_labor_xinjiang_uflpa',
  'psa_imports_bis_high_priority_items', 'psa_imports_bis_high_priority_items_critical_components',
  'psa_imports_conflict_minerals', 'psa_imports_eudr_shipment_cattle', 'psa_imports_eudr_shipment_cocoa',
  'psa_imports_eudr_shipment_coffee', 'psa_imports_eudr_shipment_palm_oil',
  'psa_imports_eudr_shipment_rubber', 'psa_imports_eudr_shipment_soya', 'psa_imports_eudr_shipment_wood',
  'psa_imports_from_bis_addresses_high_diversion_risk', 'psa_imports_ilab_child_labor',
  'psa_imports_ilab_forced_labor', 'psa_imports_ndaa_889_telecom_equipment', 'psa_imports_russian_coal',
  'psa_imports_russian_gold', 'psa_imports_russian_important_good', 'psa_imports_russian_oil',
  'psa_military_civil_fusion', 'psa_military_civil_fusion_50_percent_rule', 'psa_ofac_50_percent_rule',
  'psa_ofac_minority_ownership', 'psa_owned_by_aspi_forced_labor_entity', 'psa_owned_by_bis_meu_entity',
  'psa_owned_by_cmic_entity', 'psa_owned_by_entity_in_export_controls',
  'psa_owned_by_forced_labor_xinjiang_uflpa', 'psa_owned_by_military_civil_fusion',
  'psa_owned_by_ofac_fto_sanctioned', 'psa_owned_by_ofac_illicit_drugs_eo14059_sanctioned',
  'psa_owned_by_ofac_sdgt_sanctioned', 'psa_owned_by_ofac_sdnt_sanctioned',
  'psa_owned_by_ofac_sdntk_sanctioned', 'psa_owned_by_sanctioned_entity',
  'psa_owned_by_section_1260h_entity',
  'psa_owned_by_sheffield_hallam_university_reports_forced_labor_entity', 'psa_owned_by_soe',
  'psa_owned_by_wro_entity', 'psa_owned_by_xinjiang_entity', 'psa_owner_of_aspi_forced_labor_entity',
  'psa_owner_of_export_controls_entity', 'psa_owner_of_forced_labor_xinjiang_entity',
  'psa_owner_of_forced_labor_xinjiang_uflpa', 'psa_owner_of_ofac_fto_sanctioned',
  'psa_owner_of_ofac_illicit_drugs_eo14059_sanctioned', 'psa_owner_of_ofac_sdgt_sanctioned',
  'psa_owner_of_ofac_sdnt_sanctioned', 'psa_owner_of_ofac_sdntk_sanctioned',
  'psa_owner_of_regulatory_action_entity', 'psa_owner_of_sanctioned_entity',
  'psa_owner_of_sheffield_hallam_university_reports_forced_labor_entity', 'psa_owner_of_soe',
  'psa_owner_of_wro_entity', 'psa_pep', 'psa_regulatory_action', 'psa_sanctioned',
  'psa_sheffield_hallam_university_forced_labor_entity',
  'psa_sheffield_hallam_university_intermediary_entity', 'psa_sheffield_hallam_university_useful_resources',
  'psa_state_owned', 'psa_state_owned_ven', 'psa_uk_50_percent_rule', 'psa_uk_minority_ownership',
  'psa_ven_soe_50_percent', 'psa_wro_entity', 'regulatory_action',
  'reputational_risk_bribery_and_corruption', 'reputational_risk_cybercrime',
  'reputational_risk_financial_crime', 'reputational_risk_forced_labor', 'reputational_risk_organized_crime',
  'reputational_risk_other', 'reputational_risk_terrorism', 'sanctioned', 'sanctioned_adjacent',
  'sheffield_hallam_university_forced_labor_entity',
  'sheffield_hallam_university_forced_labor_reports_entity_adjacent',
  'sheffield_hallam_university_forced_labor_reports_intermediary_entity',
  'sheffield_hallam_university_useful_resources', 'soe_adjacent', 'state_owned', 'state_owned_ven',
  'subsidiary_of_ndaa_889_covered_entities', 'uk_50_percent_rule', 'uk_minority_ownership', 'uk_sanctioned',
  'ven_soe_50_percent', 'wro_entity', 'wro_entity_adjacent',
];

/**
 * /v1 traversal risk flags (spec) that are no factor name of their own: the factor each stands for.
 * `reputational_risk_modern_slavery` names no factor of the enumeration, so it matches none.
 */
export const RISK_FLAG_FACTORS: Readonly<Record<string, string>> = {
  xinjiang_geospatial: 'forced_labor_xinjiang_geospatial',
};

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
    // From trade data, which the graph does not hold: only ingested data can carry it.
    direct.add(`exports_to_sanctioned_${list}_entity`);
    derived.add(`sanctioned_${list}_50_percent_rule`);
  }
  derived.add('owned_by_sanctioned_entity');
  derived.add('owner_of_sanctioned_entity');
  derived.add('sanctioned_50_percent_rule');
  for (const name of CLIENT_RISK_FACTORS) {
    if (hasDerivedShape(name)) derived.add(name);
    else if (!derived.has(name)) direct.add(name);
  }
  // Two of the client's psa_ names stand on a base it does not list (psa_forced_labor_aspi_uyghur,
  // psa_sheffield_hallam_university_intermediary_entity): the base is a direct factor, or the
  // psa_ name could never be derived.
  for (const name of CLIENT_RISK_FACTORS) {
    const base = name.slice('psa_'.length);
    if (name.startsWith('psa_') && !direct.has(base) && !derived.has(base) && !hasDerivedShape(base)) direct.add(base);
  }
  for (const f of [...direct, ...derived]) if (!f.startsWith('psa_')) derived.add(`psa_${f}`);
  return { direct, derived };
}

const { direct: DIRECT, derived: DERIVED } = build();

/** A factor that may appear in ingested data. */
export const isDirectRiskFactor = (name: string): boolean => DIRECT.has(name);
/** Any valid factor name, direct or derived. */
export const isRiskFactor = (name: string): boolean => DIRECT.has(name) || DERIVED.has(name);
const ALL_FACTORS: readonly string[] = Object.freeze([...DIRECT, ...DERIVED].sort());
/** Every factor name, sorted (one shared list: traversal requests look factors up in it on every call). */
export const allRiskFactors = (): readonly string[] => ALL_FACTORS;

/**
 * The value of a factor that is either there or not (the adjacent and ownership families, and a
 * direct factor ingested without a value): the spec's risk map holds numbers.
 */
export const PRESENT = 1;

/** The published client's own list-membership names (its forms of `sanctioned_<list>`). */
const CLIENT_SANCTIONS_FACTORS = new Set([
  'eu_sanctioned', 'uk_sanctioned', 'ofac_sdn', 'ofac_fto_sanctioned', 'ofac_illicit_drugs_eo14059_sanctioned',
  'ofac_sdgt_sanctioned', 'ofac_sdnt_sanctioned', 'ofac_sdntk_sanctioned',
]);

/** A sanctions factor: sets the entity's `sanctioned` flag (and so `sanctioned_adjacent` and ownership factors). */
export const isSanctionsFactor = (name: string): boolean =>
  name === 'sanctioned' || name === 'sanctioned_other' || CLIENT_SANCTIONS_FACTORS.has(name)
  || (name.startsWith('sanctioned_') && DIRECT.has(name));

/**
 * Factors to look for when a filter names these. Plain `sanctioned` stands for every sanctions
 * factor: an entity on a list carries `sanctioned_<list>` (its `sanctioned` flag), not the plain name.
 */
export function withSanctionsFactors(requested: string[]): string[] {
  if (!requested.includes('sanctioned')) return requested;
  return [...new Set([...requested, ...ALL_FACTORS.filter(isSanctionsFactor)])];
}

/** Severity shown as `level` on each risk value. */
export function riskLevel(name: string): 'critical' | 'high' | 'elevated' {
  const base = name.startsWith('psa_') ? name.slice(4) : name;
  if (isSanctionsFactor(base) || base.endsWith('_50_percent_rule') || (base.startsWith('owned_by_') && base.includes('sanctioned'))) return 'critical';
  if (base === 'pep' || base.startsWith('sanctioned') || base.startsWith('reputational_risk_') || base.startsWith('state_owned')
    || base === 'export_controls' || base === 'military_civil_fusion' || base === 'law_enforcement_action') return 'high';
  return 'elevated';
}

/** Categories accepted by `risk_categories`, each a family of factor names. */
export const RISK_CATEGORIES: Readonly<Record<string, (factor: string) => boolean>> = {
  sanctions: (f) => f.includes('sanctioned') || f.includes('ofac_'),
  export_controls: (f) => f.includes('export_controls') || f.includes('military_civil_fusion'),
  pep: (f) => f.startsWith('pep'),
  state_ownership: (f) => f.startsWith('state_owned') || f.includes('soe'),
  adverse_media: (f) => f.startsWith('reputational_risk_'),
  regulatory_action: (f) => f === 'regulatory_action' || f === 'law_enforcement_action',
  forced_labor: (f) => f.includes('forced_labor') || f.includes('wro_entity') || f.includes('xinjiang') || f.includes('uflpa'),
  esg: (f) => f.startsWith('esg_score'),
  high_risk_jurisdiction: (f) => f === 'basel_aml' || f === 'cpi_score' || f === 'eu_high_risk_third',
  business_risk: (f) => f.startsWith('mass_') || f === 'tcsp_keyword_risk' || f === 'implausible_date_of_birth',
};

/**
 * The published client's names for categories above (its RiskCategory enum): accepted in
 * `risk_categories` and read as the categories they name. sanctions_and_export_control_lists
 * names two: an entity with a factor of either passes.
 */
export const RISK_CATEGORY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  political_exposure: ['pep'],
  environmental_risk: ['esg'],
  sanctions_and_export_control_lists: ['sanctions', 'export_controls'],
};

/** The categories of RISK_CATEGORIES a `risk_categories` value names (itself when it is one). */
export const riskCategoriesNamed = (name: string): readonly string[] => RISK_CATEGORY_ALIASES[name] ?? [name];
