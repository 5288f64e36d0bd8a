import { ApiError } from '../../src/domain/errors';
import { ProjectContentsRow, aggregate, compileFilters, contentsComparator, isPlainOrder, parseContentsQuery, viewKey } from '../../src/services/projects/contents';

const matchesFilters = (row: ProjectContentsRow, filters: Record<string, string[]>) => compileFilters(filters)(row);

const row = (over: Partial<ProjectContentsRow>): ProjectContentsRow => ({
  id: 'pe', created: '2026-01-01T00:00:00.000Z', entityId: 'e', label: null, countries: [], risk: [], sources: [],
  identifiers: [], status: null, receiverOf: 0, shipperOf: 0, upstreamRisk: [], upstreamCountries: [], custom: {}, strength: 'manual', matchIds: ['e'], tags: [], caseStatus: 'not_assigned', uploadIds: [], ...over,
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

  test('the client\'s risk category names read as ours; plain sanctioned stands for every list, risk and upstream', () => {
    expect({ ...parseContentsQuery({ filters: ['risk_category=political_exposure'] }).filters }).toEqual({ risk_category: ['pep'] });
    const listed = row({ risk: ['sanctioned_usa_ofac_sdn'], upstreamRisk: ['ofac_sdn'] });
    expect(matchesFilters(listed, { risk: ['sanctioned'] })).toBe(true);
    expect(matchesFilters(listed, { upstream_risk: ['sanctioned'] })).toBe(true);
    expect(matchesFilters(row({ risk: ['pep'] }), { risk: ['sanctioned'] })).toBe(false);
  });

  test('a page token is bound to the order and the filters as sets, not to their order or the counts asked', () => {
    const key = (query: Record<string, unknown>) => viewKey(parseContentsQuery(query));
    expect(key({ filters: ['country=GBR', 'country=CYP', 'risk=pep'] })).toBe(key({ 'filters[risk]': ['pep'], filters: ['country=CYP', 'country=GBR'], aggregations: ['hit_count'] }));
    expect(key({ filters: ['country=GBR'] })).toBe(key({ filters: ['country=GBR'], sort: 'created' }));
    expect(key({ filters: ['country=GBR'] })).not.toBe(key({ filters: ['country=GBR'], sort: '-created' }));
    expect(key({ filters: ['risk=sanctioned'] }).length).toBeLessThan(30);
  });

  test('what is refused names the parameter and why', () => {
    expect(refused({ filters: ['country'] })).toBe('filters: "country" is not field=value');
    expect(refused({ filters: ['=GBR'] })).toBe('filters: "=GBR" is not field=value');
    expect(refused({ filters: ['shipment_country=CHN'] })).toBe('filters.shipment_country: not supported: this service keeps no data for it');
    expect(refused({ filters: ['country=GB'] })).toBe('filters.country: "GB": unknown country id');
    expect(refused({ filters: ['colour=red'] })).toMatch(/^filters: unknown filter field "colour"; one of risk, /);
    expect(refused({ aggregations: ['location'] })).toMatch(/^aggregations: "location" is not answered here/);
    // Names of Object.prototype are no filter fields.
    for (const name of ['__proto__', 'constructor', 'toString']) expect(refused({ filters: [`${name}=x`] })).toMatch(/^filters: unknown filter field/);
    // Fuzzy words are counted over every value together (each is compared with every label word).
    expect(refused({ filters: ['label_fuzzy=' + 'word '.repeat(11), 'label_fuzzy=' + 'other '.repeat(10)] })).toBe('filters.label_fuzzy: at most 20 words in all values together');
    expect(parseContentsQuery({ filters: ['label_fuzzy=' + 'word '.repeat(20)] }).filters.label_fuzzy).toHaveLength(1);
    // Source ids are what ingest took: any text up to 512 characters.
    expect(parseContentsQuery({ filters: ['source_exact=Registre du commerce / Genève'] }).filters.source_exact).toEqual(['Registre du commerce / Genève']);
    expect(refused({ filters: [`source_exact=${'s'.repeat(513)}`] })).toMatch(/^filters.source_exact: .*at most 512 characters/);
  });

  test('the plain order is oldest first without filters; counts do not change it', () => {
    expect(isPlainOrder(parseContentsQuery({}))).toBe(true);
    expect(isPlainOrder(parseContentsQuery({ sort: 'created' }))).toBe(true);
    expect(isPlainOrder(parseContentsQuery({ sort: '-created' }))).toBe(false);
    expect(isPlainOrder(parseContentsQuery({ aggregations: ['hit_count'] }))).toBe(true);
    expect(isPlainOrder(parseContentsQuery({ filters: ['country=GBR'] }))).toBe(false);
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
    // The client's sanctions_and_export_control_lists is one category of either kind.
    const combined = parseContentsQuery({ filters: ['risk_category=sanctions_and_export_control_lists'] }).filters;
    expect({ ...combined }).toEqual({ risk_category: ['sanctions_and_export_control_lists'] });
    expect(matchesFilters(r, combined)).toBe(true);
    expect(matchesFilters(row({ risk: ['export_controls_bis_entity'] }), combined)).toBe(true);
    expect(matchesFilters(row({ risk: ['pep'] }), combined)).toBe(false);
    expect(matchesFilters(row({ risk: ['export_controls_bis_entity'] }), { risk_category: ['pep', 'sanctions_and_export_control_lists'] })).toBe(false);
  });

  test('rows without a value sort last both ways; ties go by id in the sort direction', () => {
    const rows = [{ value: null, id: 'a' }, { value: 'b', id: 'z' }, { value: 'a', id: 'y' }, { value: 'b', id: 'x' }];
    expect([...rows].sort(contentsComparator({ field: 'label', descending: false })).map((r) => r.id)).toEqual(['y', 'x', 'z', 'a']);
    expect([...rows].sort(contentsComparator({ field: 'label', descending: true })).map((r) => r.id)).toEqual(['z', 'x', 'y', 'a']);
  });

  test('named risk factors count as the risk filter matches them, zero included, and join the risk buckets', () => {
    const rows = [row({ risk: ['sanctioned_usa_ofac_sdn', 'pep'] }), row({ risk: ['pep'] })];
    expect(aggregate(rows, ['sanctioned', 'state_owned']).risk).toEqual([{ key: 'sanctioned', doc_count: 1 }, { key: 'state_owned', doc_count: 0 }]);
    expect(aggregate(rows, ['risk', 'sanctioned']).risk).toEqual([
      { key: 'pep', doc_count: 2 }, { key: 'sanctioned', doc_count: 1 }, { key: 'sanctioned_usa_ofac_sdn', doc_count: 1 }]);
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
