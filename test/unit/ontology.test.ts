import { COUNTRY_IDS } from '../../src/domain/countries';
import { ENTITY_TYPES } from '../../src/domain/entityTypes';
import { COUNTRIES, ENTITY_TYPE_ONTOLOGY, ONTOLOGY, RELATIONSHIP_ONTOLOGY, RISK_FACTOR_ONTOLOGY, country } from '../../src/domain/ontology';
import { RELATIONSHIP_TYPES, inverseRelationship } from '../../src/domain/relationships';
import { allRiskFactors, riskLevel } from '../../src/domain/risk';

/** The "Allowed country ids" list of API_SPEC.md (Country (ontology)), copied verbatim. */
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
