/**
 * Which factor names ingest accepts: the ingest format (docs/ingest-format.md) reserves `*_adjacent`, `owned_by_*`,
 * `owner_of_*`, `psa_*` and `*_50_percent_rule` for the worker ("never ingested"), including
 * the published client's names of those shapes.
 */
import { allRiskFactors, isDirectRiskFactor, isRiskFactor } from '../../src/domain/risk';

const DERIVED_SHAPE = /_adjacent$|^owned_by_|^owner_of_|^psa_|_50_percent_rule$/;

test('no direct factor has a shape the ingest format reserves for derived factors', () => {
  const direct = allRiskFactors().filter(isDirectRiskFactor);
  expect(direct.length).toBeGreaterThan(100);
  expect(direct.filter((name) => DERIVED_SHAPE.test(name))).toEqual([]);
});

test.each([
  'owned_by_soe', 'owner_of_wro_entity', 'eu_50_percent_rule', 'export_controls_adjacent',
  'forced_labor_xinjiang_uflpa_adjacent', 'sanctioned_adjacent', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'psa_pep',
])('%s is a valid factor name but never ingested', (name) => {
  expect(isRiskFactor(name)).toBe(true);
  expect(isDirectRiskFactor(name)).toBe(false);
});

test.each(['sanctioned_usa_ofac_sdn', 'pep', 'state_owned', 'controlled_by_ofac_sdn', 'ven_soe_50_percent', 'uk_minority_ownership', 'reputational_risk_terrorism_recent'])(
  '%s is direct: ingested data carries it',
  (name) => {
    expect(isDirectRiskFactor(name)).toBe(true);
  },
);
