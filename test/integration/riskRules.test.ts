/**
 * Unit-level tests of the derived-risk rules (src/services/risk/derivation.ts): factor naming and
 * validation, the 50% rule arithmetic, reachability bounds and notification diffs. Pure
 * functions: no Neo4j, Redis or HTTP.
 */
import { isRiskFactor, riskLevel } from '../../src/domain/risk';
import {
  Adjacency, UnknownRiskFactorError, aggregateOwnership, canonicalRisk, checkedFactor, deriveRisk, factorNames,
  familiesOf, parseRisk, reachable, reachesFiftyPercent, riskChange, type RiskMap,
} from '../../src/services/risk';

const adj = (edges: [string, string, number | null][]): Adjacency => {
  const out: Adjacency = new Map();
  for (const [from, to, percentage] of edges) out.set(from, [...(out.get(from) ?? []), { to, percentage }]);
  return out;
};
const lists = (m: Record<string, string[]>) => (id: string) => m[id];
const round = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 1e6) / 1e6);
const v = (value: number | boolean, country: string[] = [], level = 'critical') => ({ value, metadata: { country }, level });
/** A changed field as notified: the previous scalar in `values`, the previous entry in additional_information. */
const was = <T extends { value: unknown }>(entry: T) => ({ values: [entry.value], additional_information: { properties: [], value: entry } });

describe('factor names', () => {
  test('psa names are built from direct factors and validated', () => {
    expect(factorNames.psa('pep')).toBe('psa_pep');
    for (const name of ['sanctioned_adjacent', 'pep_adjacent', 'soe_adjacent', 'sanctioned_other_adjacent']) expect(isRiskFactor(name)).toBe(true);
  });

  test('an unknown name is rejected', () => {
    expect(() => checkedFactor('owned_by_sanctioned_atlantis_entity')).toThrow(/unknown risk factor "owned_by_sanctioned_atlantis_entity"/);
    expect(() => factorNames.psa('psa_pep')).toThrow(UnknownRiskFactorError);
    expect(() => factorNames.psa('not_a_factor')).toThrow(UnknownRiskFactorError);
  });

  test('the families of an entity come from its direct factors, with their countries', () => {
    const families = familiesOf({
      sanctioned_usa_ofac_sdn: v(1, ['USA']), sanctioned_gbr_hmt_ofsi: v(1, ['GBR']), pep: v(1, ['GBR']), formerly_sanctioned_un_sc: v(1),
    });
    expect(Object.fromEntries([...families].map(([f, countries]) => [f.key, countries]))).toEqual({
      sanctioned: ['GBR', 'USA'], sanctioned_usa_ofac_sdn: ['USA'], ofac_sdn: ['USA'], sanctioned_gbr_hmt_ofsi: ['GBR'], uk_sanctioned: ['GBR'], pep: ['GBR'],
    });
    expect([...familiesOf({ sanctioned: v(1, ['RUS']) })].map(([f, c]) => [f.key, c])).toEqual([['sanctioned', ['RUS']]]);
    expect(familiesOf({ formerly_sanctioned: v(1), basel_aml: v(7) }).size).toBe(0);
  });

  test('derived factors that would carry an unknown name are rejected, the rest kept', () => {
    const out = deriveRisk({
      id: 'e', direct: { bogus_factor: v(1), pep: v(1) }, adjacent: [], up: new Map(), down: new Map(), directOf: () => undefined,
      psa: [{ sanctioned_usa_ofac_sdn: v(1, ['USA']) }],
    });
    expect(Object.keys(out.risk).sort()).toEqual(['pep', 'psa_sanctioned_usa_ofac_sdn']);
    expect(out.rejected).toEqual(['unknown risk factor "bogus_factor"']);
  });
});

describe('50% rule arithmetic', () => {
  test('direct shares add up across owners', () => {
    const { totals } = aggregateOwnership('t', adj([['t', 'a', 30], ['t', 'b', 20], ['t', 'c', 25]]), lists({ a: ['L'], b: ['L'], c: ['M'] }));
    expect(round(totals.get('L'))).toBe(50);
    expect(round(totals.get('M'))).toBe(25);
    expect(reachesFiftyPercent(totals.get('L')!)).toBe(true);
    expect(reachesFiftyPercent(totals.get('M')!)).toBe(false);
  });

  test('indirect shares multiply along the chain', () => {
    // t <-70%- a <-80%- s : s holds 56% of t.
    const { totals, owners } = aggregateOwnership('t', adj([['t', 'a', 70], ['a', 's', 80]]), lists({ s: ['L'] }));
    expect(round(totals.get('L'))).toBe(56);
    expect([...owners.get('L')!]).toEqual(['s']);
  });

  test('a diamond counts both paths; 49.99% is not 50%', () => {
    const graph = adj([['t', 'a', 50], ['t', 'b', 50], ['a', 's', 50], ['b', 's', 50]]);
    expect(round(aggregateOwnership('t', graph, lists({ s: ['L'] })).totals.get('L'))).toBe(50);
    const under = adj([['t', 'a', 50], ['t', 'b', 49.98], ['a', 's', 50], ['b', 's', 50]]);
    expect(reachesFiftyPercent(aggregateOwnership('t', under, lists({ s: ['L'] })).totals.get('L')!)).toBe(false);
  });

  test('a path stops counting for a list at its first party sanctioned on that list', () => {
    // t <-60%- s1 (L) <-100%- s2 (L, M): s2's stake is inside s1's for L, new for M.
    const { totals } = aggregateOwnership('t', adj([['t', 's1', 60], ['s1', 's2', 100]]), lists({ s1: ['L'], s2: ['L', 'M'] }));
    expect(round(totals.get('L'))).toBe(60);
    expect(round(totals.get('M'))).toBe(60);
  });

  test('unknown shares count as nothing; shares over 100 are capped; cycles are not walked twice', () => {
    expect(aggregateOwnership('t', adj([['t', 's', null]]), lists({ s: ['L'] })).totals.size).toBe(0);
    expect(round(aggregateOwnership('t', adj([['t', 's', 150]]), lists({ s: ['L'] })).totals.get('L'))).toBe(100);
    const cycle = adj([['t', 'a', 100], ['a', 'b', 100], ['b', 'a', 100], ['b', 't', 100], ['b', 's', 50]]);
    expect(round(aggregateOwnership('t', cycle, lists({ s: ['L'] })).totals.get('L'))).toBe(50);
  });

  test('paths longer than the depth bound do not count', () => {
    const chain = (n: number) => adj(Array.from({ length: n }, (_, i) => [i === 0 ? 't' : `n${i}`, i === n - 1 ? 's' : `n${i + 1}`, 100] as [string, string, number]));
    expect(round(aggregateOwnership('t', chain(4), lists({ s: ['L'] }), 4).totals.get('L'))).toBe(100);
    expect(aggregateOwnership('t', chain(5), lists({ s: ['L'] }), 4).totals.get('L')).toBeUndefined();
  });

  test('the walk stops at its step budget and says so', () => {
    const wide = adj(Array.from({ length: 50 }, (_, i) => ['t', `o${i}`, 1] as [string, string, number]));
    expect(aggregateOwnership('t', wide, () => ['L'], 4, 10).complete).toBe(false);
    expect(aggregateOwnership('t', wide, () => ['L'], 4, 1000).complete).toBe(true);
  });
});

describe('ownership reach', () => {
  test('breadth first, bounded by depth, root excluded', () => {
    const graph = adj([['t', 'a', null], ['a', 'b', null], ['b', 'c', null], ['c', 'd', null], ['d', 'e', null], ['b', 't', null]]);
    expect([...reachable('t', graph, 4)].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect([...reachable('t', graph, 1)]).toEqual(['a']);
  });

  test('deriveRisk names owned_by / owner_of per list with the countries of the listing', () => {
    const directs: Record<string, RiskMap> = {
      up: { sanctioned_usa_ofac_sdn: v(1, ['USA']) },
      down: { sanctioned_gbr_hmt_ofsi: v(1, ['GBR']), sanctioned_other: v(1, ['IRN']) },
    };
    const out = deriveRisk({
      id: 't', direct: {}, adjacent: [], psa: [],
      up: adj([['t', 'mid', 40], ['mid', 'up', 100]]), down: adj([['t', 'down', null]]), directOf: (id) => directs[id],
    });
    expect(out.risk).toEqual({
      owned_by_sanctioned_entity: v(1, ['USA']),
      owned_by_sanctioned_usa_ofac_sdn_entity: v(1, ['USA']),
      owner_of_sanctioned_entity: v(1, ['GBR', 'IRN'], 'elevated'),
      owner_of_sanctioned_gbr_hmt_ofsi_entity: v(1, ['GBR'], 'elevated'),
    });
  });

  test('deriveRisk computes the other families too: state ownership, OFAC programmes, export controls, forced labour', () => {
    const directs: Record<string, RiskMap> = {
      soe: { state_owned_rus: v(1, ['RUS']) },
      sdgt: { ofac_sdgt_sanctioned: v(1, ['USA']) },
      sdn: { sanctioned_usa_ofac_sdn: v(1, ['USA']) },
      xj: { forced_labor_xinjiang_registration: v(1, ['CHN']) },
      shipper: { forced_labor_xinjiang_origin_direct: v(1, ['CHN']) },
      wro: { wro_entity: v(1, ['USA']) },
      meu: { export_controls_bis_meu: v(1, ['USA']) },
    };
    const out = deriveRisk({
      id: 't', direct: {}, adjacent: [directs.meu, directs.shipper], psa: [],
      // t is owned 40% by soe, 30% by sdgt, 25% by sdn (through 50% of holding, 50% sdn), and by xj and shipper, shares unknown.
      up: adj([['t', 'soe', 40], ['t', 'sdgt', 30], ['t', 'holding', 50], ['holding', 'sdn', 50], ['t', 'xj', null], ['t', 'shipper', null]]),
      down: adj([['t', 'wro', 100]]),
      directOf: (id) => directs[id],
    });
    expect(Object.keys(out.risk).sort()).toEqual([
      'export_controls_adjacent', 'ofac_50_percent_rule',
      'owned_by_ofac_sdgt_sanctioned', 'owned_by_sanctioned_entity', 'owned_by_sanctioned_usa_ofac_sdn_entity', 'owned_by_soe', 'owned_by_xinjiang_entity',
      'owner_of_wro_entity', 'sanctioned_50_percent_rule',
    ]);
    // 30% + 25% = 55%: OFAC's rule pools the SDN list and its programmes, as does the any-list rule.
    expect(out.risk.ofac_50_percent_rule).toEqual(v(55, ['USA']));
    expect(out.risk.owned_by_soe).toEqual(v(1, ['RUS'], 'elevated'));
    const under = deriveRisk({
      id: 't', direct: {}, adjacent: [], psa: [],
      up: adj([['t', 'sdgt', 30], ['t', 'sdn', 15]]), down: new Map(), directOf: (id) => directs[id],
    });
    expect(under.risk.ofac_50_percent_rule).toBeUndefined();
    const over = deriveRisk({
      id: 't', direct: {}, adjacent: [], psa: [],
      up: adj([['t', 'sdgt', 30], ['t', 'holding', 50], ['holding', 'sdn', 50], ['holding', 'sdgt', 50]]), down: new Map(), directOf: (id) => directs[id],
    });
    // sdgt: 30% direct + 25% through holding; sdn: 25% through holding. OFAC: 30 + 25 + 25 = 80.
    expect(over.risk.ofac_50_percent_rule).toEqual(v(80, ['USA']));
    expect(over.risk.sanctioned_50_percent_rule).toEqual(v(80, ['USA']));
    expect(over.risk.sanctioned_usa_ofac_sdn_50_percent_rule).toBeUndefined();
    expect(over.risk.owned_by_ofac_sdgt_sanctioned).toEqual(v(1, ['USA']));
  });
});

describe('notification diffs', () => {
  const date = '2024-01-01T00:00:00.000Z';
  test('added, removed and changed fields, each with its previous values', () => {
    const previous = { a: v(1, ['GBR']), b: v(1), c: v(2) };
    const next = { a: v(1, ['GBR', 'USA']), c: v(2), d: v(1) };
    expect(riskChange('e', previous, next, date)).toEqual({
      entity_id: 'e',
      notifications: [
        { type: 'risk', field: 'a', ...was(v(1, ['GBR'])), date },
        { type: 'risk', field: 'b', ...was(v(1)), date },
        { type: 'risk', field: 'd', values: [], date },
      ],
      risk_notifications: { added: ['d'], removed: ['b'], date },
    });
  });

  test('a value stored as true by earlier versions reads as 1: no notification for the new spelling', () => {
    const stored = JSON.stringify({ sanctioned_adjacent: { value: true, metadata: { country: ['GBR'] }, level: 'high' }, pep_adjacent: { metadata: { country: [] } } });
    const previous = parseRisk(stored);
    expect(previous.sanctioned_adjacent.value).toBe(1);
    expect(previous.pep_adjacent.value).toBe(1);
    const next = { sanctioned_adjacent: v(1, ['GBR'], 'high'), pep_adjacent: v(1, [], riskLevel('pep_adjacent')) };
    expect(riskChange('e', previous, next, date)).toBeUndefined();
  });

  test('no change, no notification; key order does not matter', () => {
    const a = { x: { value: 1, metadata: { country: ['USA', 'GBR'] }, level: 'high' } };
    const b = { x: { level: 'high', metadata: { country: ['GBR', 'USA'] }, value: 1 } };
    expect(riskChange('e', a, b, date)).toBeUndefined();
    expect(canonicalRisk(a)).toBe(canonicalRisk(b));
  });
});
