import { embeddedEntity, relationshipFact } from '../../src/graph/mappers';

const stored = {
  id: 'c-1', label: 'Acme Holdings Ltd', type: 'company', countries: ['GBR'], pep: false, sanctioned: true, closed: null,
  identifiers: JSON.stringify([{ type: 'gbr_company_number', value: '01234567' }]), psa_count: 2, psa_sanctioned: 'c-9',
  source_count: JSON.stringify({ gbr_companies_house: { count: 3, label: 'UK Companies House' } }), degree: 7, addresses: ['1 High St'],
  relationship_count: JSON.stringify({ has_shareholder: 2, ships_to: 4 }), attribute_count: JSON.stringify({ name: 2 }),
  related_entities_count: 5, risk: JSON.stringify({ sanctioned: 1 }), search_names: 'acme holdings ltd',
};

test('the legacy embedded entity has the spec fields in the spec order, stored JSON parsed, no extended fields', () => {
  const e = embeddedEntity(stored, 'legacy');
  expect(Object.keys(e)).toEqual([
    'id', 'label', 'type', 'entity_url', 'identifiers', 'countries', 'pep', 'sanctioned', 'closed', 'psa_sanctioned', 'psa_count',
    'source_count', 'degree', 'addresses', 'relationship_count',
  ]);
  expect(e).toMatchObject({
    entity_url: '/entity/c-1', closed: false, sanctioned: true,
    identifiers: [{ type: 'gbr_company_number', value: '01234567' }],
    source_count: { gbr_companies_house: { count: 3, label: 'UK Companies House' } },
    relationship_count: { has_shareholder: 2, ships_to: 4 },
  });
});

test('date_of_birth sits before relationship_count when known and is absent (not null) otherwise', () => {
  const withDob = embeddedEntity({ ...stored, type: 'person', date_of_birth: '1970-01-02' }, 'legacy');
  expect(Object.keys(withDob).slice(-2)).toEqual(['date_of_birth', 'relationship_count']);
  expect('date_of_birth' in embeddedEntity({ ...stored, date_of_birth: null }, 'v1')).toBe(false);
});

test('the extended (/v1) form adds the derived fields after the base ones', () => {
  const e = embeddedEntity(stored, 'v1', true);
  expect(e.entity_url).toBe('/v1/entity/c-1');
  expect(Object.keys(e).slice(15)).toEqual([
    'attribute_count', 'related_entities_count', 'risk', 'trade_count', 'user_attribute_count', 'user_record_count',
    'user_related_entities_count', 'user_relationship_count', 'logistics_entity', 'reference_id',
  ]);
  expect(e).toMatchObject({ trade_count: { sent: 4, received: 0 }, logistics_entity: true, risk: { sanctioned: 1 }, reference_id: 'c-1' });
});

test('an entity known only by id gets the documented fallbacks', () => {
  expect(embeddedEntity({ id: 'x' }, 'legacy')).toEqual({
    id: 'x', label: 'x', type: 'unknown', entity_url: '/entity/x', identifiers: [], countries: [], pep: false, sanctioned: false,
    closed: false, psa_sanctioned: '', psa_count: 0, source_count: {}, degree: 0, addresses: [], relationship_count: {},
  });
});

test('relationship facts drop absent and null fields at every level', () => {
  expect(relationshipFact({ record: 'r-1', position: null, shares: JSON.stringify([{ percentage: 25 }]), date: null, from_date: '2020-01-01' }))
    .toStrictEqual({ record: 'r-1', attributes: { shares: [{ percentage: 25 }] }, from_date: '2020-01-01' });
  expect(relationshipFact({})).toStrictEqual({ record: '', attributes: {} });
});
