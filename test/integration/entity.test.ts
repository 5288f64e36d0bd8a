import { acmeLines } from '../fixtures/acme';
import { WIDE, wideLines } from '../fixtures/wide';
import { Harness, startHarness, writeNdjson } from '../support/harness';
import { testFull } from '../support/full';

/**
 * A hub with six neighbours differing in country, name, risk, shares and dates, for the
 * /v1 relationships filters and sorts. Latest fact date per neighbour: dave 2012,
 * alice 2018, carol 2020-01-10, bob 2021-03-15, frank 2023-06, erin none.
 */
const hubLines = () => {
  const person = (id: string, name: string, country?: string, risk?: string) => ({
    kind: 'entity', id, type: id.startsWith('c-') ? 'company' : 'person', label: name,
    attributes: [{ field: 'name', value: name }, ...(country ? [{ field: 'country', value: country }] : [])],
    ...(risk ? { risk: [{ factor: risk }] } : {}),
  });
  const fact = (type: string, to: string, extra: object) => ({ kind: 'relationship', type, from: 'f-hub', to, ...extra });
  return [
    { kind: 'entity', id: 'f-hub', type: 'company', label: 'Hub Holdings', attributes: [{ field: 'country', value: 'GBR' }] },
    person('p-alice', 'Alice Smith', 'GBR', 'pep'),
    person('p-bob', 'Bob Jones', 'USA'),
    person('c-carol', 'Carol Holdings', 'RUS', 'sanctioned_usa_ofac_sdn'),
    person('p-dave', 'Dave Smithers', 'GBR'),
    person('p-erin', 'Erin'),
    person('p-frank', 'Frank Miller', 'DEU'),
    fact('has_shareholder', 'p-alice', { from_date: '2015', to_date: '2018', shares: [{ percentage: 60 }] }),
    fact('has_shareholder', 'p-bob', { from_date: '2019-06', shares: [{ percentage: 10 }] }),
    fact('has_director', 'p-bob', { date: '2021-03-15' }),
    fact('has_shareholder', 'c-carol', { date: '2020-01-10' }),
    fact('has_director', 'p-dave', { to_date: '2012' }),
    fact('linked_to', 'p-erin', {}),
    fact('has_shareholder', 'p-frank', { from_date: '2022-01-01', to_date: '2023-06', shares: [{ percentage: 35 }] }),
  ];
};

let h: Harness;
/** The UTC days (read by the clock) just before and just after the first load of the acme sources. */
const utcDay = () => new Date().toISOString().slice(0, 10);
let acmeLoadDays: string[] = [];
beforeAll(async () => {
  h = await startHarness();
  const dayBefore = utcDay();
  await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
  acmeLoadDays = [dayBefore, utcDay()];
  await h.ingest(writeNdjson('wide.ndjson', wideLines()));
  await h.ingest(writeNdjson('hub.ndjson', hubLines()));
});
afterAll(() => h.close());

const pad = (i: number) => String(i).padStart(3, '0');

describe('GET /entity/:id (legacy offset paging)', () => {
  test('every field of the resource', async () => {
    const { status, body } = await h.json('/entity/wide');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'addresses', 'attributes', 'closed', 'countries', 'degree', 'entity_url', 'id', 'identifiers', 'label', 'pep',
      'possibly_same_as', 'psa_count', 'psa_sanctioned', 'referenced_by', 'relationship_count', 'relationships', 'sanctioned', 'source_count', 'type',
    ]);
    expect(body).toMatchObject({ degree: WIDE.holders + 1, psa_count: WIDE.psa, relationship_count: { has_shareholder: WIDE.holders + 1 } });
    expect(body.source_count).toEqual({ src: { count: WIDE.records, label: 'Register' } });
    // Pages default to offset 0, limit 100, and carry an exact size.
    expect(body.attributes.name).toMatchObject({ offset: 0, limit: 100, next: true, size: { count: WIDE.names, qualifier: 'eq' } });
    expect(body.attributes.name.data).toHaveLength(100);
    expect(body.relationships.has_shareholder).toMatchObject({ offset: 0, limit: 100, next: true, size: { count: WIDE.holders, qualifier: 'eq' } });
    expect(body.possibly_same_as).toMatchObject({ next: true, size: { count: WIDE.psa, qualifier: 'eq' } });
    expect(body.referenced_by).toMatchObject({ next: true, size: { count: WIDE.records, qualifier: 'eq' } });
    expect(body.referenced_by.data[0]).toEqual({
      record: { id: expect.any(String), label: expect.any(String), source: 'src', publication_date: expect.any(String), acquisition_date: '2021-01-01', references_count: expect.any(Number), record_url: `/record/${body.referenced_by.data[0].record.id}` },
      type: expect.stringMatching(/^(about|mentions)$/),
    });
  });

  test('parallel facts between the same pair are one item with every fact', async () => {
    const { body } = await h.json('/entity/wide?relationships.has_shareholder.limit=1');
    expect(body.relationships.has_shareholder.data[0].target.id).toBe('holder-000');
    expect(body.relationships.has_shareholder.data[0].types.has_shareholder.map((f: any) => f.record).sort()).toEqual(['wrec-000', 'wrec-001']);
  });

  test('offset and limit page one field without touching the others', async () => {
    const { body } = await h.json('/entity/wide?attributes.name.offset=120&attributes.name.limit=5');
    expect(body.attributes.name).toMatchObject({ offset: 120, limit: 5, next: true });
    expect(body.attributes.name.data.map((a: any) => a.properties.value)).toEqual([120, 121, 122, 123, 124].map((i) => `Wide Name ${pad(i)}`));
    const last = await h.json('/entity/wide?attributes.name.offset=125&attributes.name.limit=5');
    expect(last.body.attributes.name.next).toBe(false);
    expect(last.body.attributes.name.data).toHaveLength(5);
    expect(body.relationships.has_shareholder.data).toHaveLength(100);
  });

  test('pages walk the whole collection without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 37) {
      const { body } = await h.json(`/entity/wide?relationships.has_shareholder.offset=${offset}&relationships.has_shareholder.limit=37`);
      seen.push(...body.relationships.has_shareholder.data.map((d: any) => d.target.id));
      if (!body.relationships.has_shareholder.next) break;
    }
    expect(seen).toEqual(Array.from({ length: WIDE.holders }, (_, i) => `holder-${pad(i)}`));
  });

  test('an offset past the end gives an empty page with next false', async () => {
    const { status, body } = await h.json('/entity/wide?possibly_same_as.offset=5000&referenced_by.offset=140');
    expect(status).toBe(200);
    expect(body.possibly_same_as).toMatchObject({ offset: 5000, next: false, data: [], size: { count: WIDE.psa, qualifier: 'eq' } });
    expect(body.referenced_by).toMatchObject({ offset: 140, next: false, data: [] });
  });

  test('limit 0 removes the field', async () => {
    const { body } = await h.json('/entity/wide?attributes.name.limit=0&relationships.has_shareholder.limit=0&possibly_same_as.limit=0&referenced_by.limit=0');
    expect(body.attributes.name).toBeUndefined();
    expect(body.relationships.has_shareholder).toBeUndefined();
    expect(body.possibly_same_as).toBeUndefined();
    expect(body.referenced_by).toBeUndefined();
  });

  test.each([
    ['attributes.name.limit=101', 'attributes.name.limit'],
    ['relationships.has_shareholder.limit=-1', 'relationships.has_shareholder.limit'],
    ['possibly_same_as.offset=abc', 'possibly_same_as.offset'],
    ['referenced_by.limit=1.5', 'referenced_by.limit'],
    ['relationships.owns.limit=5', 'relationships.owns.limit'],
    ['attributes.favourite_colour.limit=5', 'attributes.favourite_colour.limit'],
  ])('406 naming the parameter for %s', async (query, parameter) => {
    const { status, body } = await h.json(`/entity/wide?${query}`);
    expect(status).toBe(406);
    expect(body.success).toBe(false);
    expect(body.status).toBe(406);
    expect(body.messages.join(' ')).toContain(parameter);
  });

  test('404 for an unknown id, 405 for another method', async () => {
    expect(await h.json('/entity/nope')).toMatchObject({ status: 404, body: { status: 404, success: false, messages: [expect.stringContaining('nope')] } });
    const post = await h.json('/entity/wide', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.body).toEqual({ status: 405, success: false, messages: [expect.any(String)] });
  });

  test('text/csv is offered; other Accept types get 415', async () => {
    const csv = await h.get('/entity/e-acme', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe('section,field,value,type,target_id,records');
    expect(text).toContain('attribute,identifier,01234567,gbr_company_number,,rec-001');
    expect(text).toContain('relationship,has_shareholder,John Doe,person,e-jdoe,rec-001');
    expect(text).not.toContain('traversal,');
    // Embedded traversal results are rows too, as in the JSON and PDF forms.
    const withBlock = await (await h.get('/entity/e-acme?traversals.0.max_depth=1&traversals.0.relationships=has_shareholder', { headers: { accept: 'text/csv' } })).text();
    const json = (await h.json('/entity/e-acme?traversals.0.max_depth=1&traversals.0.relationships=has_shareholder')).body;
    const rows = withBlock.split('\n').filter((line) => line.startsWith('traversal,'));
    expect(rows).toHaveLength(json.traversals[0].data.length);
    expect(rows).toContain('traversal,traversals.0,John Doe,person,e-jdoe,rec-001');
    const xml = await h.json('/entity/e-acme', { headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ status: 415, success: false });
    const summaryCsv = await h.json('/entity_summary/e-acme', { headers: { accept: 'text/csv' } });
    expect(summaryCsv.status).toBe(415);
  });

  test('media-type parameters in Accept (charset, header) do not make a type unacceptable; q still ranks', async () => {
    const json = await h.get('/entity/e-acme', { headers: { accept: 'application/json; charset=utf-8' } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const csv = await h.get('/entity/e-acme', { headers: { accept: 'text/csv; charset=utf-8; header=present' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const ranked = await h.get('/entity/e-acme', { headers: { accept: 'application/json; charset=utf-8; q=0.5, text/csv; q=0.9' } });
    expect(ranked.headers.get('content-type')).toMatch(/^text\/csv/);
    const v1 = await h.get('/v1/entity/e-acme', { headers: { accept: 'application/json;charset=UTF-8' } });
    expect(v1.status).toBe(200);
    expect((await h.json('/entity/e-acme', { headers: { accept: 'application/xml; charset=utf-8' } })).status).toBe(415);
  });

  test('ids with reserved characters round-trip', async () => {
    await h.ingest(writeNdjson('odd.ndjson', [{ kind: 'entity', id: 'odd/id with space', type: 'unknown', label: 'Odd' }]));
    const { status, body } = await h.json(`/entity/${encodeURIComponent('odd/id with space')}`);
    expect(status).toBe(200);
    expect(body.entity_url).toBe('/entity/odd%2Fid%20with%20space');
  });
});

describe('GET /v1/entity/{id} (token paging)', () => {
  test('next and prev tokens walk an attribute field', async () => {
    const first = await h.json('/v1/entity/wide?attributes.name.limit=50');
    expect(first.status).toBe(200);
    const page1 = first.body.attributes.name;
    expect(page1).toMatchObject({ limit: 50, size: { count: WIDE.names, qualifier: 'eq' }, next: expect.any(String) });
    expect(page1.prev).toBeUndefined();
    expect(first.body.entity_url).toBe('/v1/entity/wide');

    const second = (await h.json(`/v1/entity/wide?attributes.name.limit=50&attributes.name.next=${page1.next}`)).body.attributes.name;
    expect(second.data[0].properties.value).toBe('Wide Name 050');
    const third = (await h.json(`/v1/entity/wide?attributes.name.limit=50&attributes.name.next=${second.next}`)).body.attributes.name;
    expect(third.data).toHaveLength(30);
    expect(third.next).toBeUndefined();
    const back = (await h.json(`/v1/entity/wide?attributes.name.limit=50&attributes.name.prev=${third.prev}`)).body.attributes.name;
    expect(back.data.map((d: any) => d.properties.value)).toEqual(second.data.map((d: any) => d.properties.value));
    // A prev page that reaches the start holds fewer items; its limit still echoes the request.
    const short = (await h.json(`/v1/entity/wide?attributes.name.limit=70&attributes.name.prev=${second.prev}`)).body.attributes.name;
    expect(short).toMatchObject({ limit: 70, offset: 0 });
    expect(short.data).toHaveLength(50);
    expect(short.prev).toBeUndefined();
    // No page has a prev token at the start: a made-up one is refused, not an empty field.
    const atStart = Buffer.from('attributes.name\u00000').toString('base64url');
    const refused = await h.json(`/v1/entity/wide?attributes.name.prev=${atStart}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message.join(' ')).toContain('attributes.name.prev');
  });

  test('relationships are one page over all types, filterable by type', async () => {
    const { body } = await h.json('/v1/entity/e-acme');
    expect(body.relationships.size).toEqual({ count: 1, qualifier: 'eq' });
    const item = body.relationships.data[0];
    expect(item.target.id).toBe('e-jdoe');
    expect(Object.keys(item.types).sort()).toEqual(['has_director', 'has_shareholder']);
    expect(item.types.has_shareholder[0]).toMatchObject({ record: 'rec-001', acquisition_date: '2023-05-02', former: false });
    expect(item.types.has_director[0]).toMatchObject({ to_date: '2020-12-31', former: true });
    expect(item.former).toBe(false);
    expect(body.risk).toEqual({ sanctioned_gbr_hmt_ofsi: { value: 1, metadata: { country: ['GBR'] }, level: 'critical' } });
    const filtered = await h.json('/v1/entity/e-acme?relationships.type=has_director');
    expect(Object.keys(filtered.body.relationships.data[0].types)).toEqual(['has_director']);
  });

  test('the relationships page holds 100 neighbours by default (the spec\'s token pages), up to the 200 the client documents', async () => {
    const first = (await h.json('/v1/entity/wide')).body.relationships;
    expect(first).toMatchObject({ limit: 100, size: { count: WIDE.holders, qualifier: 'eq' } });
    expect(first.data).toHaveLength(100);
    expect(first.prev).toBeUndefined();
    const rest = (await h.json(`/v1/entity/wide?relationships.next=${encodeURIComponent(first.next)}`)).body.relationships;
    expect(rest.data).toHaveLength(WIDE.holders - 100);
    expect(rest.next).toBeUndefined();
    const ids = [...first.data, ...rest.data].map((item: { target: { id: string } }) => item.target.id);
    expect(new Set(ids).size).toBe(WIDE.holders);
    const all = (await h.json('/v1/entity/wide?relationships.limit=200')).body.relationships;
    expect(all.data).toHaveLength(WIDE.holders);
    expect(all.next).toBeUndefined();
    expect((await h.json('/v1/entity/wide?relationships.limit=201')).status).toBe(400);
  });

  test.each([
    ['attributes.name.next=garbage', 'attributes.name.next'],
    [`attributes.name.next=${Buffer.from('possibly_same_as\u000010').toString('base64url')}`, 'attributes.name.next'],
    ['relationships.limit=201', 'relationships.limit'],
    ['relationships.type=owns', 'relationships.type'],
    ['attributes.name.offset=3', 'attributes.name.offset'],
  ])('400 naming the parameter for %s', async (query, parameter) => {
    const { status, body } = await h.json(`/v1/entity/wide?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 400, success: false, message: [expect.stringContaining(parameter)] });
  });

  test('404 in the /v1 shape', async () => {
    expect(await h.json('/v1/entity/nope?relationships.sort=-date')).toMatchObject({ status: 404 });
    expect(await h.json('/v1/entity/nope')).toMatchObject({ status: 404, body: { status: 404, success: false, message: [expect.any(String)] } });
  });
});

describe('GET /v1/entity/{id} relationship filters and sort', () => {
  const ids = async (query: string) => {
    const { status, body } = await h.json(`/v1/entity/f-hub?${query}`);
    expect(status).toBe(200);
    expect(body.relationships.size).toEqual({ count: body.relationships.data.length, qualifier: 'eq' });
    return body.relationships.data.map((d: any) => d.target.id);
  };

  test('unsorted, neighbours come by label', async () => {
    expect(await ids('')).toEqual(['p-alice', 'p-bob', 'c-carol', 'p-dave', 'p-erin', 'p-frank']);
  });

  test('sort by shares: largest known percentage, neighbours without shares last either way', async () => {
    expect(await ids('relationships.sort=shares')).toEqual(['p-bob', 'p-frank', 'p-alice', 'c-carol', 'p-dave', 'p-erin']);
    expect(await ids('relationships.sort=-shares')).toEqual(['p-alice', 'p-frank', 'p-bob', 'c-carol', 'p-dave', 'p-erin']);
  });

  test('sort by date: latest fact date (the item\'s last_observed), undated neighbours last either way', async () => {
    expect(await ids('relationships.sort=date')).toEqual(['p-dave', 'p-alice', 'c-carol', 'p-bob', 'p-frank', 'p-erin']);
    expect(await ids('relationships.sort=-date')).toEqual(['p-frank', 'p-bob', 'c-carol', 'p-alice', 'p-dave', 'p-erin']);
    const { body } = await h.json('/v1/entity/f-hub?relationships.sort=-date&relationships.limit=2');
    expect(body.relationships.data.map((d: any) => d.last_observed)).toEqual(['2023-06', '2021-03-15']);
  });

  test('startDate/endDate keep facts whose period overlaps the window, and only those facts', async () => {
    // Bob's holding runs from 2019-06 on; his directorship is dated 2021-03-15 only.
    const { body } = await h.json('/v1/entity/f-hub?relationships.startDate=2019&relationships.endDate=2020');
    expect(body.relationships.data.map((d: any) => d.target.id)).toEqual(['p-bob', 'c-carol']);
    expect(Object.keys(body.relationships.data[0].types)).toEqual(['has_shareholder']);
    expect(await ids('relationships.startDate=2023-01-01')).toEqual(['p-bob', 'p-frank']);
    expect(await ids('relationships.startDate=2023-07')).toEqual(['p-bob']);
    // Dave's directorship has no start and ended in 2012; Erin's link has no date at all.
    expect(await ids('relationships.endDate=2012-06')).toEqual(['p-dave']);
    expect(await ids('relationships.startDate=2021-03-15&relationships.endDate=2021-03-15')).toEqual(['p-bob']);
  });

  test('minShares keeps share-bearing facts with a known percentage of at least the value', async () => {
    expect(await ids('relationships.minShares=30')).toEqual(['p-alice', 'p-frank']);
    expect(await ids('relationships.minShares=35&relationships.sort=shares')).toEqual(['p-frank', 'p-alice']);
    expect(await ids('relationships.minShares=60.5')).toEqual([]);
    const { body } = await h.json('/v1/entity/f-hub?relationships.minShares=5');
    const bob = body.relationships.data.find((d: any) => d.target.id === 'p-bob');
    expect(Object.keys(bob.types)).toEqual(['has_shareholder']);
  });

  // Long (a graph of its own per filter); `npm run test:all` takes it.
  testFull('country, partnerName and partnerRisk filter on the neighbour', async () => {
    expect(await ids('relationships.country=GBR')).toEqual(['p-alice', 'p-dave']);
    expect(await ids('relationships.country=GBR&relationships.country=USA')).toEqual(['p-alice', 'p-bob', 'p-dave']);
    expect(await ids('relationships.partnerName=SMITH')).toEqual(['p-alice', 'p-dave']);
    expect(await ids(`relationships.partnerName=${encodeURIComponent("o'brien\\\" OR 1=1")}`)).toEqual([]);
    expect(await ids('relationships.partnerRisk=pep')).toEqual(['p-alice']);
    expect(await ids('relationships.partnerRisk=pep&relationships.partnerRisk=sanctioned_usa_ofac_sdn')).toEqual(['p-alice', 'c-carol']);
    // Plain `sanctioned` finds a partner on any list (it carries sanctioned_<list>, not the plain name).
    expect(await ids('relationships.partnerRisk=sanctioned')).toEqual(['c-carol']);
  });

  test('filters combine with each other and with relationships.type', async () => {
    expect(await ids('relationships.country=GBR&relationships.partnerName=smith&relationships.minShares=50')).toEqual(['p-alice']);
    const { body } = await h.json('/v1/entity/f-hub?relationships.type=has_director&relationships.startDate=2021');
    expect(body.relationships.data.map((d: any) => [d.target.id, Object.keys(d.types)])).toEqual([['p-bob', ['has_director']]]);
  });

  test('tokens walk a filtered, sorted page and are bound to its filters', async () => {
    const filters = 'relationships.country=GBR&relationships.country=USA&relationships.country=DEU&relationships.sort=-shares';
    const seen: string[] = [];
    let next: string | undefined;
    let last: any;
    do {
      const { status, body } = await h.json(`/v1/entity/f-hub?${filters}&relationships.limit=1${next ? `&relationships.next=${next}` : ''}`);
      expect(status).toBe(200);
      expect(body.relationships.size).toEqual({ count: 4, qualifier: 'eq' });
      seen.push(...body.relationships.data.map((d: any) => d.target.id));
      next = body.relationships.next;
      last = body.relationships;
    } while (next);
    expect(seen).toEqual(['p-alice', 'p-frank', 'p-bob', 'p-dave']);
    const back = await h.json(`/v1/entity/f-hub?${filters}&relationships.limit=2&relationships.prev=${last.prev}`);
    expect(back.body.relationships.data.map((d: any) => d.target.id)).toEqual(['p-frank', 'p-bob']);
    // The same token under another sort or filter would point into another list.
    for (const other of ['relationships.country=GBR&relationships.sort=-shares', 'relationships.sort=shares', '']) {
      const reused = await h.json(`/v1/entity/f-hub?${other}&relationships.next=${last.prev}`);
      expect(reused.status).toBe(400);
      expect(reused.body.message[0]).toContain('relationships.next');
    }
  });

  test.each([
    ['relationships.sort=name', 'relationships.sort'],
    ['relationships.startDate=2020-13', 'relationships.startDate'],
    ['relationships.endDate=yesterday', 'relationships.endDate'],
    ['relationships.startDate=2021&relationships.endDate=2020-12', 'relationships.startDate'],
    ['relationships.minShares=101', 'relationships.minShares'],
    ['relationships.minShares=lots', 'relationships.minShares'],
    ['relationships.minShares=0x10', 'relationships.minShares: must be number'],
    ['relationships.country=XYZ', 'relationships.country'],
    ['relationships.partnerRisk=not_a_factor', 'relationships.partnerRisk'],
    ['relationships.partnerRisk=PEP', 'relationships.partnerRisk'],
    ['relationships.partnerName=', 'relationships.partnerName'],
  ])('400 naming the parameter for %s', async (query, parameter) => {
    const { status, body } = await h.json(`/v1/entity/f-hub?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 400, success: false, message: [expect.stringContaining(parameter)] });
  });
});

describe('GET /v1/entity/:id trade relationship filters', () => {
  /**
   * A trading hub: it buys from sup-a (an 8542 shipment Shenzhen to Reno, a 5208 one without
   * places) and sup-b (5208, Hamburg to Los Angeles), sells to buy-a (8542, Reno to Monterrey),
   * and has a director (no trade fact).
   */
  beforeAll(async () => {
    const company = (id: string, label: string) => ({ kind: 'entity', id, type: 'company', label, attributes: [{ field: 'name', value: label }] });
    const shipment = (id: string, from: string, to: string, code: string, countries: [string, string], extra: object = {}) => ({
      kind: 'shipment', id, supplier: [from], buyer: [to], departure_date: '2024-03-01', departure_country: countries[0], arrival_country: countries[1],
      hs_codes: [{ code }], ...extra,
    });
    const report = await h.ingest(writeNdjson('trade-hub.ndjson', [
      company('t-hub', 'Trade Hub'), company('t-sup-a', 'Shenzhen Parts'), company('t-sup-b', 'Hamburg Textiles'), company('t-buy-a', 'Monterrey Assembly'),
      { kind: 'entity', id: 't-dir', type: 'person', label: 'Dana Director' },
      { kind: 'relationship', type: 'has_director', from: 't-hub', to: 't-dir' },
      shipment('tx1', 't-sup-a', 't-hub', '854231', ['CHN', 'USA'], { departure_address: { city: 'Shenzhen', state: 'Guangdong' }, arrival_address: { city: 'Reno', state: 'NV' } }),
      shipment('tx2', 't-sup-a', 't-hub', '520812', ['CHN', 'USA']),
      shipment('tx3', 't-sup-b', 't-hub', '520811', ['DEU', 'USA'], { departure_address: { city: 'Hamburg', state: 'Hamburg' }, arrival_address: { city: 'Los Angeles', state: 'CA' } }),
      shipment('tx4', 't-hub', 't-buy-a', '854232', ['USA', 'MEX'], { departure_address: { city: 'Reno', state: 'NV' }, arrival_address: { city: 'Monterrey', state: 'Nuevo Leon' } }),
    ]));
    expect(report.bad).toEqual([]);
  });

  /** The page's neighbours, each as `id:<type> <facts>`. */
  const page = async (query: string) => {
    const { status, body } = await h.json(`/v1/entity/t-hub?${query}`);
    expect({ query, status }).toEqual({ query, status: 200 });
    expect(body.relationships.size.count).toBe(body.relationships.data.length);
    return body.relationships.data.map((item: any) => `${item.target.id}:${Object.entries(item.types).map(([t, f]) => `${t} ${(f as unknown[]).length}`).join(',')}`);
  };

  test('without trade filters every fact shows, the director too', async () => {
    expect(await page('')).toEqual(['t-dir:has_director 1', 't-sup-b:receives_from 1', 't-buy-a:ships_to 1', 't-sup-a:receives_from 2']);
  });

  test.each([
    // filter, the neighbours it keeps (trade edges with a matching shipment only), a filter keeping none
    ['arrivalCountry=USA', ['t-sup-b:receives_from 1', 't-sup-a:receives_from 2'], 'arrivalCountry=FRA'],
    ['arrivalCountry=MEX&relationships.arrivalCountry=DEU', ['t-buy-a:ships_to 1'], 'arrivalCountry=CHN'],
    ['departureCountry=DEU', ['t-sup-b:receives_from 1'], 'departureCountry=MEX'],
    ['hsCode=8542', ['t-buy-a:ships_to 1', 't-sup-a:receives_from 1'], 'hsCode=9999'],
    ['hsCode=5208', ['t-sup-b:receives_from 1', 't-sup-a:receives_from 1'], 'hsCode=520813'],
    ['arrivalState=nv', ['t-sup-a:receives_from 1'], 'arrivalState=Texas'],
    ['arrivalCity=LOS%20ang', ['t-sup-b:receives_from 1'], 'arrivalCity=Paris'],
    ['arrivalState=nuevo', ['t-buy-a:ships_to 1'], 'arrivalState=leon%20nuevo'],
    ['departureState=guang', ['t-sup-a:receives_from 1'], 'departureState=Bavaria'],
    ['departureCity=reno', ['t-buy-a:ships_to 1'], 'departureCity=Monterrey'],
  ])('relationships.%s keeps %j; a value matching no shipment keeps nothing', async (hit, kept, miss) => {
    expect(await page(`relationships.${hit}`)).toEqual(kept);
    expect(await page(`relationships.${miss}`)).toEqual([]);
  });

  test('a date window keeps trade edges whose shipments (first to last day) overlap it', async () => {
    const trade = ['t-sup-b:receives_from 1', 't-buy-a:ships_to 1', 't-sup-a:receives_from 2'];
    expect(await page('relationships.startDate=2024-02&relationships.endDate=2024-03')).toEqual(trade);
    expect(await page('relationships.startDate=2024-03-01&relationships.endDate=2024-03-01')).toEqual(trade);
    expect(await page('relationships.startDate=2024-03-02')).toEqual([]);
    expect(await page('relationships.endDate=2024-02')).toEqual([]);
    expect(await page('relationships.endDate=2024&relationships.hsCode=8542&relationships.sort=-date')).toEqual(['t-buy-a:ships_to 1', 't-sup-a:receives_from 1']);
  });

  test('trade filters combine with each other and with the neighbour filters, and bind page tokens', async () => {
    expect(await page('relationships.departureCountry=CHN&relationships.hsCode=52')).toEqual(['t-sup-a:receives_from 1']);
    expect(await page('relationships.arrivalCountry=USA&relationships.departureState=guang&relationships.hsCode=5208')).toEqual([]);
    expect(await page('relationships.hsCode=52&relationships.partnerName=hamburg')).toEqual(['t-sup-b:receives_from 1']);
    expect(await page('relationships.hsCode=52&relationships.type=ships_to')).toEqual([]);
    const first = await h.json('/v1/entity/t-hub?relationships.arrivalCountry=USA&relationships.limit=1');
    expect(first.body.relationships).toMatchObject({ next: expect.any(String), size: { count: 2 } });
    const second = await h.json(`/v1/entity/t-hub?relationships.arrivalCountry=USA&relationships.limit=1&relationships.next=${first.body.relationships.next}`);
    expect(second.body.relationships.data.map((i: any) => i.target.id)).toEqual(['t-sup-a']);
    const reused = await h.json(`/v1/entity/t-hub?relationships.arrivalCountry=MEX&relationships.limit=1&relationships.next=${first.body.relationships.next}`);
    expect(reused.status).toBe(400);
  });

  test.each([
    ['arrivalCountry=XYZ', 'relationships.arrivalCountry'],
    ['departureCountry=usa', 'relationships.departureCountry'],
    ['hsCode=84a1', 'relationships.hsCode'],
    ['hsCode=8', 'relationships.hsCode'],
    ['hsCode=84712345678', 'relationships.hsCode'],
    ['arrivalState=', 'relationships.arrivalState'],
    ['arrivalCity=%20%20', 'relationships.arrivalCity'],
    ['departureState=a&relationships.departureState=b', 'relationships.departureState'],
    ['departureCity=', 'relationships.departureCity'],
    ['partnerRisk=not_a_factor', 'relationships.partnerRisk'],
  ])('400 naming the parameter for relationships.%s', async (query, parameter) => {
    const { status, body } = await h.json(`/v1/entity/t-hub?relationships.${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 400, success: false, message: [expect.stringContaining(parameter)] });
  });
});

describe('/v1 embedded entities', () => {
  /** The fields the published client's EmbeddedEntity requires beyond the spec's table (client-shapes.md). */
  const V1_FIELDS = ['attribute_count', 'related_entities_count', 'risk', 'trade_count', 'user_attribute_count',
    'user_record_count', 'user_related_entities_count', 'user_relationship_count'];

  test('possibly-same-as entities (entity and summary) and record references carry the /v1 fields; legacy ones do not', async () => {
    const shapes: [string, (body: any) => any[]][] = [
      ['/v1/entity/wide?possibly_same_as.limit=3', (b) => b.possibly_same_as.data.map((d: any) => d.entity)],
      ['/v1/entity_summary/wide', (b) => b.possibly_same_as.data.map((d: any) => d.entity)],
      ['/v1/record/rec-001', (b) => b.references.data.map((d: any) => d.entity)],
    ];
    for (const [path, embedded] of shapes) {
      const entities = embedded((await h.json(path)).body);
      expect(entities.length).toBeGreaterThan(0);
      for (const entity of entities) for (const field of V1_FIELDS) expect([path, field, entity[field]]).toEqual([path, field, expect.anything()]);
    }
    const legacy = (await h.json('/entity/wide?possibly_same_as.limit=3')).body.possibly_same_as.data[0].entity;
    expect(legacy.risk).toBeUndefined();
    expect((await h.json('/record/rec-001')).body.references.data[0].entity.risk).toBeUndefined();
  });

  test('/v1 identifiers carry a display label of their type; legacy identifiers are {type, value}', async () => {
    const v1 = (await h.json('/v1/entity/e-acme')).body;
    expect(v1.identifiers).toContainEqual({ type: 'gbr_company_number', value: '01234567', label: 'GBR Company Number' });
    const legacy = (await h.json('/entity/e-acme')).body;
    expect(legacy.identifiers).toContainEqual({ type: 'gbr_company_number', value: '01234567' });
  });
});

describe('GET /entity_summary/:id', () => {
  test('caps attributes at 50, possibly-same-as at 50 and records at 100, without relationships', async () => {
    for (const path of ['/entity_summary/wide', '/v1/entity_summary/wide']) {
      const { status, body } = await h.json(path);
      expect(status).toBe(200);
      expect(body.attributes.name.data).toHaveLength(50);
      expect(body.attributes.name.size.count).toBe(WIDE.names);
      expect(body.possibly_same_as.data).toHaveLength(50);
      expect(body.referenced_by.data).toHaveLength(100);
      expect(body.relationships).toBeUndefined();
      expect(body).toMatchObject({ degree: WIDE.holders + 1, pep: false, sanctioned: false, psa_count: WIDE.psa });
    }
  });
});

describe('GET /record/:id', () => {
  test('every field, with paged references', async () => {
    const { status, body } = await h.json('/record/rec-001');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'rec-001', label: 'Confirmation statement 2023', source: 'gbr_psc', source_url: 'https://register.example/psc',
      record_url: '/record/rec-001', publication_date: '2023-04-01', acquisition_date: '2023-05-02',
      references_count: 2, document_urls: ['https://register.example/psc/rec-001.pdf'],
      references: {
        offset: 0, limit: 100, next: false, size: { count: 2, qualifier: 'eq' },
        data: [
          { entity: expect.objectContaining({ id: 'e-acme', entity_url: '/entity/e-acme' }), type: 'about' },
          { entity: expect.objectContaining({ id: 'e-jdoe' }), type: 'mentions' },
        ],
      },
    });
    const page = await h.json('/record/rec-001?references.offset=1&references.limit=1');
    expect(page.body.references).toMatchObject({ offset: 1, limit: 1, next: false, data: [{ type: 'mentions' }] });
    const v1 = await h.json('/v1/record/rec-001');
    expect(v1.body.record_url).toBe('/v1/record/rec-001');
    expect(v1.body.references.data[0].entity.entity_url).toBe('/v1/entity/e-acme');
    // The embedded form of the same record names it the same way.
    const embedded = (await h.json('/v1/entity/e-acme?referenced_by.limit=5')).body.referenced_by.data;
    expect(embedded.find((d: any) => d.record.id === 'rec-001').record).toMatchObject({ record_url: '/v1/record/rec-001', source_url: 'https://register.example/psc' });
  });

  test('limit 0 drops references; bad limits and unknown ids are rejected', async () => {
    expect((await h.json('/record/rec-001?references.limit=0')).body.references).toBeUndefined();
    expect((await h.json('/record/rec-001?references.limit=101')).status).toBe(406);
    expect((await h.json('/v1/record/rec-001?references.limit=101')).status).toBe(400);
    expect((await h.json('/record/none')).status).toBe(404);
  });
});

describe('sources', () => {
  test('GET /source/:id and /sources', async () => {
    expect((await h.json('/source/gbr_psc')).body).toEqual({ id: 'gbr_psc', label: 'UK People with Significant Control', country: 'GBR' });
    expect((await h.json('/source/none')).status).toBe(404);
    const page = await h.json('/sources?limit=2');
    expect(page.body).toEqual({ offset: 0, limit: 2, next: true, size: { count: 3, qualifier: 'eq' }, data: [expect.objectContaining({ id: 'gbr_psc' }), expect.objectContaining({ id: 'ofsi' })] });
    const rest = await h.json('/sources?limit=2&offset=2');
    expect(rest.body).toMatchObject({ next: false, data: [{ id: 'src' }] });
  });

  test('/v1 sources carry every field the published client requires; a reload keeps date_added', async () => {
    // date_added is the day the source was first loaded: one of the days around that ingest
    // (a run may cross midnight between the ingest and this test).
    const first = (await h.json('/v1/source/gbr_psc')).body;
    expect(acmeLoadDays).toContain(first.date_added);
    const expected = {
      id: 'gbr_psc', label: 'UK People with Significant Control', description: 'UK People with Significant Control',
      country: 'GBR', region: 'northern_europe', date_added: first.date_added, source_type: expect.any(String), record_type: expect.any(String),
      structure: 'structured', pep: false, watchlist: false,
    };
    expect((await h.json('/v1/source/gbr_psc')).body).toEqual(expected);
    const page = (await h.json('/v1/sources?limit=100')).body;
    expect(page.data.find((s: any) => s.id === 'gbr_psc')).toEqual(expected);
    for (const item of page.data) expect(Object.keys(item).sort()).toEqual(Object.keys(expected).sort());

    await h.ingest(writeNdjson('sanctions-source.ndjson', [
      { kind: 'source', id: 'v1-list', label: 'A sanctions list', country: 'USA', source_type: 'sanctions' },
    ]));
    await h.graph.write("MATCH (s:Source {id: 'v1-list'}) SET s.date_added = '2001-02-03'");
    await h.ingest(writeNdjson('sanctions-source-again.ndjson', [
      { kind: 'source', id: 'v1-list', label: 'A sanctions list (renamed)', country: 'USA', source_type: 'sanctions' },
    ]));
    expect((await h.json('/v1/source/v1-list')).body).toMatchObject({
      label: 'A sanctions list (renamed)', date_added: '2001-02-03', region: 'northern_america', watchlist: true, pep: false,
    });
  });

  test.each(['limit=0', 'limit=101', 'offset=-1', 'limit=ten', 'colour=red'])('406 for %s', async (query) => {
    const { status, body } = await h.json(`/sources?${query}`);
    expect(status).toBe(406);
    expect(body.messages.join(' ')).toContain(query.split('=')[0]);
  });
});
