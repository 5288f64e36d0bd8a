import { explanationJson, parseExplanations } from '../../src/services/risk/explanationText';
import type { Explanations, PathStep } from '../../src/services/risk/explanation';

const step = (id: string, relationship: string, shares: number | null, extra: Partial<PathStep> = {}): PathStep => ({
  entity: { id, label: id.toUpperCase() }, relationship, shares, ...extra, former: extra.former ?? false,
});

const explanations: Explanations = {
  owned_by_sanctioned_entity: {
    source_entities: [{ id: 's1', label: 'S1' }, { id: 's2', label: 'S2' }],
    source_entity_count: 31,
    paths: [
      [step('a1', 'has_shareholder', 60, { from_date: '2020-01-01' }), step('s1', 'has_shareholder', 100)],
      [step('a1', 'has_shareholder', 60), step('s2', 'has_owner', null, { to_date: '2030-12-31' })],
    ],
  },
  sanctioned_50_percent_rule: {
    source_entities: [{ id: 's1', label: 'S1' }],
    source_entity_count: 1,
    paths: [[step('a1', 'has_shareholder', 60), step('s1', 'has_shareholder', 100, { from_date: '2019-05-01', to_date: '2031-01-01' })]],
    owners: [{ id: 's1', label: 'S1', effective_shares: 60 }],
    aggregate_shares: 60,
  },
  psa_sanctioned_adjacent: {
    source_entities: [{ id: 'p1', label: 'P1' }],
    source_entity_count: 1,
    paths: [[step('p1', 'possibly_same_as', null), step('x9', 'branch_of', 100, { former: true })]],
    owners: [],
  },
  // The same id under another label (a rename between two reads) stays as it was.
  sanctioned_adjacent: { source_entities: [{ id: 's1', label: 'S1 renamed' }], source_entity_count: 1, paths: [] },
};

describe('the stored text of explanations', () => {
  test('reads back to the same explanations, key order included, and the same explanations give the same text', () => {
    const text = explanationJson(explanations)!;
    expect(JSON.stringify(parseExplanations(text))).toBe(JSON.stringify(explanations));
    expect(explanationJson(JSON.parse(JSON.stringify(explanations)) as Explanations)).toBe(text);
  });

  test('names each entity and relationship type once, so the text is much shorter than the API form', () => {
    const text = explanationJson(explanations)!;
    expect(text.match(/"S1"/g)).toHaveLength(1);
    expect(text.match(/"has_shareholder"/g)).toHaveLength(1);
    expect(text.length * 2).toBeLessThan(JSON.stringify(explanations).length);
  });

  test('text in the API form (what an older build stored) reads as it is; nothing or garbage reads as none', () => {
    expect(parseExplanations(JSON.stringify(explanations))).toEqual(explanations);
    expect(explanationJson({})).toBeNull();
    for (const stored of [null, undefined, '', 'not json', '42', 7]) expect(parseExplanations(stored)).toEqual({});
  });
});
