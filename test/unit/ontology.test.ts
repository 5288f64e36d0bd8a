import { COUNTRY_IDS } from '../../src/domain/countries';
import { ENTITY_TYPES } from '../../src/domain/entityTypes';
import { COUNTRIES, ENTITY_TYPE_ONTOLOGY, ONTOLOGY, RELATIONSHIP_ONTOLOGY, RISK_FACTOR_ONTOLOGY, country } from '../../src/domain/ontology';
import { RELATIONSHIP_TYPES, inverseRelationship } from '../../src/domain/relationships';
import { CLIENT_RISK_FACTORS, allRiskFactors, isDirectRiskFactor, isRiskFactor, isSanctionsFactor, riskLevel } from '../../src/domain/risk';
import { parseLine } from '../../src/ingest/validate';
import { factorsForFlag } from '../../src/domain/riskFamilies';

/** The "Allowed country ids" list of the API contract (Country (ontology)), copied verbatim. */
const SPEC_COUNTRY_IDS = 'ABW AFG AGO AIA ALA ALB AND ARE ARG ARM ASM ATA ATF ATG AUS AUT AZE BDI BEL BEN BES BFA BGD BGR BHR BHS BIH BLM BLR BLZ BMU BOL BRA BRB BRN BTN BVT BWA CAF CAN CCK CHE CHL CHN CIV CMR COD COG COK COL COM CPV CRI CUB CUW CXR CYM CYP CZE DEU DJI DMA DNK DOM DZA ECU EGY ERI ESH ESP EST ETH FIN FJI FLK FRA FRO FSM GAB GBR GEO GGY GHA GIB GIN GLP GMB GNB GNQ GRC GRD GRL GTM GUF GUM GUY HKG HMD HND HRV HTI HUN IDN IMN IND IOT IRL IRN IRQ ISL ISR ITA JAM JEY JOR JPN KAZ KEN KGZ KHM KIR KNA KOR KWT LAO LBN LBR LBY LCA LIE LKA LSO LTU LUX LVA MAC MAF MAR MCO MDA MDG MDV MEX MHL MKD MLI MLT MMR MNE MNG MNP MOZ MRT MSR MTQ MUS MWI MYS MYT NAM NCL NER NFK NGA NIC NIU NLD NOR NPL NRU NZL OMN PAK PAN PCN PER PHL PLW PNG POL PRI PRK PRT PRY PSE PYF QAT REU RKS ROU RUS RWA SAU SDN SEN SGP SGS SHN SJM SLB SLE SLV SMR SOM SPM SRB SSD STP SUR SVK SVN SWE SWZ SXM SYC SYR TCA TCD TGO THA TJK TKL TKM TLS TON TTO TUN TUR TUV TWN TZA UGA UKR UMI UNK URY USA UZB VAT VCT VEN VGB VIR VNM VUT WLF WSM XXX YEM ZAF ZMB ZWE'.split(' ');

describe('country ontology', () => {
  test('its ids are exactly the spec list, in the same order, without duplicates', () => {
    expect(COUNTRIES.map((c) => c.id)).toEqual(SPEC_COUNTRY_IDS);
    expect(new Set(SPEC_COUNTRY_IDS).size).toBe(SPEC_COUNTRY_IDS.length);
    expect([...COUNTRY_IDS]).toEqual(SPEC_COUNTRY_IDS);
  });

  test('every country has a label and a distinct integer code', () => {
    for (const c of COUNTRIES) {
      expect(c.label.trim().length).toBeGreaterThan(0);
      expect(Number.isInteger(c.code)).toBe(true);
      expect(c.code).toBeGreaterThan(0);
      expect(c.code).toBeLessThan(1000);
    }
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });

  test.each([
    ['GBR', 'United Kingdom', 826],
    ['USA', 'United States', 840],
    ['CYP', 'Cyprus', 196],
    ['VGB', 'Virgin Islands, British', 92],
    ['AFG', 'Afghanistan', 4],
    ['TWN', 'Taiwan', 158],
    ['RKS', 'Kosovo', 997],
    ['UNK', 'Unknown', 998],
    ['XXX', 'International', 999],
  ])('%s is %s (%i)', (id, label, code) => {
    expect(country(id)).toEqual({ id, label, code });
  });

  test('the non-ISO ids use ISO 3166 user-assigned numeric codes (900-999)', () => {
    for (const id of ['RKS', 'UNK', 'XXX']) expect(country(id)!.code).toBeGreaterThanOrEqual(900);
    const iso = COUNTRIES.filter((c) => !['RKS', 'UNK', 'XXX'].includes(c.id));
    for (const c of iso) expect(c.code).toBeLessThan(900);
  });
});

describe('other ontology kinds', () => {
  test('relationship types: every type of the domain table plus possibly_same_as, with its inverse', () => {
    expect(RELATIONSHIP_ONTOLOGY.map((r) => r.id).sort()).toEqual([...RELATIONSHIP_TYPES, 'possibly_same_as'].sort());
    for (const r of RELATIONSHIP_ONTOLOGY.filter((x) => x.id !== 'possibly_same_as')) expect(r.inverse).toBe(inverseRelationship(r.id));
    expect(RELATIONSHIP_ONTOLOGY.find((r) => r.id === 'has_shareholder')).toMatchObject({ inverse: 'shareholder_of', share_bearing: true, ownership: 'upstream', symmetric: false });
    expect(RELATIONSHIP_ONTOLOGY.find((r) => r.id === 'family_of')).toMatchObject({ symmetric: true, ownership: null });
  });

  test('entity types: the domain table', () => {
    expect(ENTITY_TYPE_ONTOLOGY.map((e) => e.id)).toEqual([...ENTITY_TYPES]);
  });

  test('risk factors: every valid factor name, with level, categories and kind', () => {
    expect(RISK_FACTOR_ONTOLOGY.map((f) => f.id)).toEqual(allRiskFactors());
    const byId = new Map(RISK_FACTOR_ONTOLOGY.map((f) => [f.id, f]));
    expect(byId.get('owned_by_sanctioned_usa_ofac_sdn_entity')).toMatchObject({
      label: 'Owned by sanctioned USA OFAC SDN entity', level: 'critical', risk_type: 'derived', psa: false, categories: ['sanctions'],
    });
    expect(byId.get('pep')).toMatchObject({ risk_type: 'direct', level: riskLevel('pep'), categories: ['pep'] });
    expect(byId.get('psa_sanctioned')).toMatchObject({ psa: true, risk_type: 'derived' });
    for (const f of RISK_FACTOR_ONTOLOGY) {
      expect(f.label.length).toBeGreaterThan(0);
      expect(f.description.length).toBeGreaterThan(0);
    }
  });

  test('every kind is a list of items with unique ids', () => {
    for (const items of Object.values(ONTOLOGY)) expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });
});

/** The families the API contract names for Notification.field, copied from it. */
const SPEC_PLAIN = ('basel_aml cpi_score pep pep_adjacent sanctioned sanctioned_adjacent sanctioned_other sanctioned_other_adjacent formerly_sanctioned '
  + 'eu_high_risk_third state_owned state_owned_blr state_owned_rus state_owned_ven soe_adjacent former_soe regulatory_action law_enforcement_action '
  + 'mass_address_usage mass_business_registration tcsp_keyword_risk implausible_date_of_birth military_civil_fusion export_controls esg_score_high '
  + 'esg_score_medium esg_score_very_high wro_entity former_wro_entity').split(' ');
const SPEC_REPUTATIONAL = 'bribery_and_corruption cybercrime financial_crime forced_labor organized_crime other terrorism'.split(' ');
const SPEC_LISTS = ('arg_repet_jus aus_dfat bel_fpsf can_gac che_seco cze_mof eu_dg_fisma_ec eu_ec_regulation_833_2014 eu_ec_sanctions_map eu_sanctions '
  + 'fra_dgt_mefids gbr_fcdo gbr_hmt_ofsi isr_mod_nbctf jpn_mof ltu_mi lva_fis mys_moha nld_mofa nzl_mfat_rus pol_mia sgp_agc ukr_nsdc ukr_sfms un_sc '
  + 'usa_ofac_non_sdn usa_ofac_sdn xxx_ebrd xxx_iabd').split(' ');
const SPEC_NAMED = new Set([
  ...SPEC_PLAIN,
  ...SPEC_REPUTATIONAL.flatMap((c) => ['', '_breaking', '_historic', '_recent'].map((s) => `reputational_risk_${c}${s}`)),
  ...SPEC_LISTS.flatMap((l) => [`sanctioned_${l}`, `formerly_sanctioned_${l}`, `owned_by_sanctioned_${l}_entity`, `owner_of_sanctioned_${l}_entity`, `exports_to_sanctioned_${l}_entity`]),
]);

describe('risk factor names', () => {
  test('every name the spec names is valid, and so is its psa_ form', () => {
    for (const name of SPEC_NAMED) {
      expect({ name, valid: isRiskFactor(name), psa: isRiskFactor(`psa_${name}`) }).toEqual({ name, valid: true, psa: true });
    }
  });

  test('every name of the published client enumeration is valid', () => {
    expect(CLIENT_RISK_FACTORS.length).toBeGreaterThan(250);
    expect(CLIENT_RISK_FACTORS.filter((name) => !isRiskFactor(name))).toEqual([]);
  });

  test('no name is invented: each is named by the spec, is in the client enumeration (or the base of one of its psa_ names), is a 50% rule the worker derives, or is psa_ of one', () => {
    const client = new Set(CLIENT_RISK_FACTORS);
    const derivedFiftyPercent = new Set(['sanctioned_50_percent_rule', ...SPEC_LISTS.map((l) => `sanctioned_${l}_50_percent_rule`)]);
    const known = (name: string) => SPEC_NAMED.has(name) || client.has(name) || client.has(`psa_${name}`) || derivedFiftyPercent.has(name);
    const invented = allRiskFactors().filter((name) => !known(name) && !(name.startsWith('psa_') && known(name.slice(4))));
    expect(invented).toEqual([]);
  });

  test('one member of each further family of the spec is valid', () => {
    for (const name of [
      'forced_labor_xinjiang_origin_subtier', 'exports_russian_oil', 'imports_conflict_minerals', 'owned_by_cmic_entity', 'owner_of_soe',
      'controlled_by_ofac_sdn', 'export_controls_bis_entity', 'ofac_50_percent_rule', 'uk_minority_ownership', 'uk_sanctioned',
    ]) expect({ name, valid: isRiskFactor(name) }).toEqual({ name, valid: true });
  });

  test('names the spec does not list are invalid, though two are /v1 traversal flags', () => {
    for (const name of ['xinjiang_geospatial', 'reputational_risk_modern_slavery', 'reputational_risk_modern_slavery_recent', 'psa_xinjiang_geospatial', 'forced_labor', 'psa_psa_pep', 'psa_psa_forced_labor_aspi_uyghur']) {
      expect({ name, valid: isRiskFactor(name) }).toEqual({ name, valid: false });
    }
    expect(factorsForFlag('xinjiang_geospatial')).toEqual(['forced_labor_xinjiang_geospatial']);
    // No factor of the enumeration: it filters on its own name, which no entity carries.
    expect(factorsForFlag('reputational_risk_modern_slavery')).toEqual(['reputational_risk_modern_slavery']);
    expect(factorsForFlag('reputational_risk_terrorism')).toEqual(['reputational_risk_terrorism', 'reputational_risk_terrorism_breaking', 'reputational_risk_terrorism_historic', 'reputational_risk_terrorism_recent']);
  });

  test('ingest takes the client factors the worker does not compute, and refuses the derived ones', () => {
    const entity = (factor: string) => JSON.stringify({ kind: 'entity', id: 'e-1', type: 'company', risk: [{ factor }] });
    for (const factor of ['forced_labor_xinjiang_origin_subtier', 'exports_to_sanctioned_usa_ofac_sdn_entity', 'eu_minority_ownership']) {
      expect({ factor, parsed: 'line' in parseLine(entity(factor)) }).toEqual({ factor, parsed: true });
      expect(isDirectRiskFactor(factor)).toBe(true);
    }
    for (const factor of ['psa_forced_labor_xinjiang_origin_subtier', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'sanctioned_adjacent']) {
      expect(parseLine(entity(factor))).toEqual({ error: expect.stringMatching(/is a derived risk factor: the worker computes it/) });
    }
    expect(parseLine(entity('xinjiang_geospatial'))).toEqual({ error: 'risk.0.factor: unknown risk factor "xinjiang_geospatial"' });
    expect(parseLine(entity('sanctioned_narnia'))).toEqual({ error: 'risk.0.factor: unknown risk factor "sanctioned_narnia"' });
  });

  test("the client's list-membership names make an entity sanctioned; ownership and control names do not", () => {
    for (const factor of ['ofac_sdn', 'eu_sanctioned', 'uk_sanctioned', 'ofac_sdgt_sanctioned', 'sanctioned_usa_ofac_sdn', 'sanctioned']) {
      expect({ factor, direct: isDirectRiskFactor(factor), sanctions: isSanctionsFactor(factor) }).toEqual({ factor, direct: true, sanctions: true });
    }
    for (const factor of ['controlled_by_ofac_sdn', 'owned_by_ofac_sdgt_sanctioned', 'formerly_sanctioned', 'export_to_sanctioned', 'ofac_50_percent_rule', 'pep']) {
      expect({ factor, sanctions: isSanctionsFactor(factor) }).toEqual({ factor, sanctions: false });
    }
  });

  test('categories cover the client families', () => {
    const byId = new Map(RISK_FACTOR_ONTOLOGY.map((f) => [f.id, f]));
    expect(byId.get('forced_labor_xinjiang_origin_subtier')).toMatchObject({ risk_type: 'direct', categories: ['forced_labor'] });
    expect(byId.get('psa_forced_labor_xinjiang_origin_subtier')).toMatchObject({ risk_type: 'derived', psa: true, categories: ['forced_labor'] });
    expect(byId.get('owned_by_entity_in_export_controls')?.categories).toEqual(['export_controls']);
    expect(byId.get('controlled_by_ofac_sdn')?.categories).toEqual(['sanctions']);
  });
});
