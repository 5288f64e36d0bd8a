import { acmeLines } from '../fixtures/acme';
import { WIDE, wideLines } from '../fixtures/wide';
import { Harness, startHarness, writeNdjson } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.ingest(writeNdjson('acme.ndjson', acmeLines()));
  await h.ingest(writeNdjson('wide.ndjson', wideLines()));
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
      record: { id: expect.any(String), label: expect.any(String), source: 'src', publication_date: expect.any(String), acquisition_date: '2021-01-01', references_count: expect.any(Number), record_url: expect.stringMatching(/^\/record\//) },
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
    const xml = await h.json('/entity/e-acme', { headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(415);
    expect(xml.body).toMatchObject({ status: 415, success: false });
    const summaryCsv = await h.json('/entity_summary/e-acme', { headers: { accept: 'text/csv' } });
    expect(summaryCsv.status).toBe(415);
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

  test.each([
    ['attributes.name.next=garbage', 'attributes.name.next'],
    [`attributes.name.next=${Buffer.from('possibly_same_as\u000010').toString('base64url')}`, 'attributes.name.next'],
    ['relationships.limit=101', 'relationships.limit'],
    ['relationships.type=owns', 'relationships.type'],
    ['attributes.name.offset=3', 'attributes.name.offset'],
  ])('400 naming the parameter for %s', async (query, parameter) => {
    const { status, body } = await h.json(`/v1/entity/wide?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ status: 400, success: false, message: [expect.stringContaining(parameter)] });
  });

  test('404 in the /v1 shape', async () => {
    expect(await h.json('/v1/entity/nope')).toMatchObject({ status: 404, body: { status: 404, success: false, message: [expect.any(String)] } });
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
      record_url: 'https://register.example/psc/rec-001', publication_date: '2023-04-01', acquisition_date: '2023-05-02',
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
    expect(v1.body.references.data[0].entity.entity_url).toBe('/v1/entity/e-acme');
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

  test.each(['limit=0', 'limit=101', 'offset=-1', 'limit=ten', 'colour=red'])('406 for %s', async (query) => {
    const { status, body } = await h.json(`/sources?${query}`);
    expect(status).toBe(406);
    expect(body.messages.join(' ')).toContain(query.split('=')[0]);
  });
});
