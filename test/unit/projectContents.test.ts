import { ApiError } from '../../src/domain/errors';
import { ProjectContentsRow, aggregate, contentsComparator, isPlainView, matchesFilters, parseContentsQuery } from '../../src/services/projectContents';

const row = (over: Partial<ProjectContentsRow>): ProjectContentsRow => ({
  id: 'pe', created: '2026-01-01T00:00:00.000Z', entityId: 'e', type: 'company', label: null, countries: [], risk: [], sources: [],
  identifiers: [], status: null, receiverOf: 0, shipperOf: 0, upstreamRisk: [], upstreamCountries: [], custom: {}, ...over,
});

function refused(query: Record<string, unknown>): string {
  try {
    parseContentsQuery(query);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).messages[0];
  }
  throw new Error('expected a 400');
}

describe('parsing the view parameters', () => {
  test('field=value and filters[field]=value (with or without an index) give the same filter; camelCase reads as snake_case', () => {
    const a = parseContentsQuery({ filters: ['country=GBR', 'label_fuzzy=acme = trading'] });
    const b = parseContentsQuery({ 'filters[country]': ['GBR'], 'filters[labelFuzzy][0]': ['acme = trading'] });
    expect(a.filters).toEqual({ country: ['GBR'], label_fuzzy: ['acme = trading'] });
    expect(b.filters).toEqual(a.filters);
  });

  test('the client\'s risk category names read as ours; plain sanctioned stands for every list', () => {
    expect(parseContentsQuery({ filters: ['risk_category=political_exposure'] }).filters).toEqual({ risk_category: ['pep'] });
    expect(parseContentsQuery({ filters: ['risk=sanctioned'] }).filters.risk).toEqual(expect.arrayContaining(['sanctioned', 'sanctioned_usa_ofac_sdn', 'ofac_sdn']));
  });

  test('what is refused names the parameter and why', () => {
    expect(refused({ filters: ['country'] })).toBe('filters: "country" is not field=value');
    expect(refused({ filters: ['=GBR'] })).toBe('filters: "=GBR" is not field=value');
    expect(refused({ filters: ['shipment_country=CHN'] })).toBe('filters.shipment_country: not supported: this service keeps no data for it');
    expect(refused({ filters: ['country=GB'] })).toBe('filters.country: "GB": unknown country id');
    expect(refused({ filters: ['colour=red'] })).toMatch(/^filters: unknown filter field "colour"; one of risk, /);
    expect(refused({ aggregations: ['location'] })).toMatch(/^aggregations: "location" is not answered here/);
  });

  test('a plain view is oldest first without filters or counts', () => {
    expect(isPlainView(parseContentsQuery({}))).toBe(true);
    expect(isPlainView(parseContentsQuery({ sort: 'created' }))).toBe(true);
    expect(isPlainView(parseContentsQuery({ sort: '-created' }))).toBe(false);
    expect(isPlainView(parseContentsQuery({ aggregations: ['hit_count'] }))).toBe(false);
  });
});

describe('matching, ordering, counting', () => {
  test('label_fuzzy: every word matches a label word, its start, or one edit away from five letters on', () => {
    const acme = row({ label: 'ACME Trading Limited' });
    for (const q of ['acme', 'trad', 'acme tradng', 'ÁCME limited']) expect([q, matchesFilters(acme, { label_fuzzy: [q] })]).toEqual([q, true]);
    for (const q of ['acne', 'acme holdings', 'radio', 'trdang']) expect([q, matchesFilters(acme, { label_fuzzy: [q] })]).toEqual([q, false]);
  });

  test('values of a field are alternatives; risk_category needs a factor of every category named', () => {
    const r = row({ countries: ['GBR'], risk: ['pep', 'sanctioned_usa_ofac_sdn'] });
    expect(matchesFilters(r, { country: ['RUS', 'GBR'] })).toBe(true);
    expect(matchesFilters(r, { country: ['GBR'], risk: ['state_owned'] })).toBe(false);
    expect(matchesFilters(r, { risk_category: ['pep', 'sanctions'] })).toBe(true);
    expect(matchesFilters(r, { risk_category: ['pep', 'esg'] })).toBe(false);
  });

  test('rows without a value sort last both ways; ties go by id in the sort direction', () => {
    const rows = [{ value: null, id: 'a' }, { value: 'b', id: 'z' }, { value: 'a', id: 'y' }, { value: 'b', id: 'x' }];
    expect([...rows].sort(contentsComparator({ field: 'label', descending: false })).map((r) => r.id)).toEqual(['y', 'x', 'z', 'a']);
    expect([...rows].sort(contentsComparator({ field: 'label', descending: true })).map((r) => r.id)).toEqual(['z', 'x', 'y', 'a']);
  });

  test('aggregations: buckets by count then key, an entity counted once per key', () => {
    const rows = [row({ countries: ['GBR', 'GBR'], shipperOf: 2 }), row({ countries: ['RUS', 'GBR'], shipperOf: 3 }), row({ countries: ['CYP'] })];
    expect(aggregate(rows, ['hit_count', 'country', 'shipper_of'])).toEqual({
      hit_count: [{ key: 'hit_count', doc_count: 3 }],
      country: [{ key: 'GBR', doc_count: 2, label: 'United Kingdom' }, { key: 'CYP', doc_count: 1, label: 'Cyprus' }, { key: 'RUS', doc_count: 1, label: 'Russian Federation' }],
      shipment_counts: [{ key: 'shipper_of', doc_count: 5, comment: 'Sum of all shipments of this type across matching documents' }],
    });
  });
});
