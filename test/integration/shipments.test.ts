import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { REPO } from '../support/env';
import { generateLines } from '../../src/seed/generator';
import { testFull } from '../support/full';
import { startOfPeriod } from '../../src/domain/dates';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => wipeGraph(h.graph));

const company = (id: string, extra: Record<string, unknown> = {}) => ({ kind: 'entity', id, type: 'company', label: id.toUpperCase(), ...extra });
const shipment = (id: string, supplier: string[], buyer: string[], codes: string[], date: string, extra: Record<string, unknown> = {}) => ({
  kind: 'shipment', id, supplier, buyer, departure_date: date, departure_country: 'CHN', arrival_country: 'USA',
  hs_codes: codes.map((code) => ({ code, description: `goods ${code}` })), weight: [{ value: 1000, unit: 'kg', type: 'gross' }], ...extra,
});

/** The trade edges in the graph, as `from>to:code shipments weight first..last`, sorted. */
async function tradeEdges(type: 'SHIPS_TO' | 'RECEIVES_FROM'): Promise<string[]> {
  const rows = await h.graph.read(
    `MATCH (a:Entity)-[r:${type}]->(b:Entity) WHERE r.key STARTS WITH 'hs:'
     RETURN a.id + '>' + b.id + ':' + r.hs_code + ' ' + r.shipments + ' ' + toInteger(r.weight_kg) + ' ' + r.min_date + '..' + r.max_date AS e`,
  );
  return rows.map((r) => r.get('e') as string).sort();
}

describe('shipment lines', () => {
  test('shipments become nodes linked to their parties and are summed into trade edges per pair and HS code', async () => {
    const report = await h.ingest(writeNdjson('trade.ndjson', [
      company('acme'), company('beta'), company('gamma'),
      shipment('s1', ['acme'], ['beta'], ['720851'], '2024-03-02', { notify_party: ['gamma'] }),
      shipment('s2', ['acme'], ['beta'], ['720851', '8471'], '2024-05', { weight: [{ value: 2, unit: 't' }] }),
      shipment('s3', ['gamma'], ['acme'], ['5208'], '2023'),
    ]));
    expect(report.bad).toEqual([]);
    expect(report.loaded.shipment).toBe(3);
    expect(await tradeEdges('SHIPS_TO')).toEqual([
      'acme>beta:720851 2 3000 2024-03-02..2024-05-31', 'acme>beta:8471 1 2000 2024-05-01..2024-05-31', 'gamma>acme:5208 1 1000 2023-01-01..2023-12-31',
    ]);
    expect(await tradeEdges('RECEIVES_FROM')).toEqual([
      'acme>gamma:5208 1 1000 2023-01-01..2023-12-31', 'beta>acme:720851 2 3000 2024-03-02..2024-05-31', 'beta>acme:8471 1 2000 2024-05-01..2024-05-31',
    ]);
    const links = await h.graph.read(`MATCH (s:Shipment {id: 's1'})-[r]->(e:Entity) RETURN type(r) + ':' + e.id AS l ORDER BY l`);
    expect(links.map((r) => r.get('l'))).toEqual(['HAS_NOTIFY_PARTY:gamma', 'RECEIVED_BY:beta', 'SHIPPED_BY:acme']);

    const acme = await h.json('/v1/entity/acme');
    expect(acme.status).toBe(200);
    expect(acme.body.trade_count).toEqual({ sent: 2, received: 1 });
    expect(acme.body.relationship_count).toMatchObject({ ships_to: 2, receives_from: 1 });
    expect((await h.json('/v1/entity/beta')).body.trade_count).toEqual({ sent: 0, received: 2 });
  });

  test('re-ingesting a shipment replaces it: the same line twice counts once, changed parties move its trade edge', async () => {
    await h.ingest(writeNdjson('first.ndjson', [
      company('acme'), company('beta'), company('gamma'),
      shipment('s1', ['acme'], ['beta'], ['720851'], '2024-03-02'),
      shipment('s2', ['acme'], ['beta'], ['8471'], '2024-04-01'),
    ]));
    await h.ingest(writeNdjson('again.ndjson', [shipment('s1', ['acme'], ['beta'], ['720851'], '2024-03-02')]));
    expect(await tradeEdges('SHIPS_TO')).toEqual(['acme>beta:720851 1 1000 2024-03-02..2024-03-02', 'acme>beta:8471 1 1000 2024-04-01..2024-04-01']);

    await h.ingest(writeNdjson('moved.ndjson', [shipment('s2', ['acme'], ['gamma'], ['8471'], '2024-06-01')]));
    expect(await tradeEdges('SHIPS_TO')).toEqual(['acme>beta:720851 1 1000 2024-03-02..2024-03-02', 'acme>gamma:8471 1 1000 2024-06-01..2024-06-01']);
    expect(await tradeEdges('RECEIVES_FROM')).toEqual(['beta>acme:720851 1 1000 2024-03-02..2024-03-02', 'gamma>acme:8471 1 1000 2024-06-01..2024-06-01']);
    expect((await h.json('/v1/entity/beta')).body.trade_count).toEqual({ sent: 0, received: 1 });
    expect((await h.json('/v1/entity/gamma')).body.trade_count).toEqual({ sent: 0, received: 1 });
    expect((await h.json('/v1/entity/acme')).body.trade_count).toEqual({ sent: 2, received: 0 });
  });

  test('a bad shipment line is named with its reason, and a file holding one loads nothing', async () => {
    const lines = [
      company('acme'), company('beta'),
      shipment('ok', ['acme'], ['beta'], ['720851'], '2024-03-02'),
      shipment('no-supplier', [], ['beta'], ['720851'], '2024'),
      shipment('bad-code', ['acme'], ['beta'], ['72a'], '2024'),
      { ...shipment('no-date', ['acme'], ['beta'], ['7208'], '2024'), departure_date: undefined },
      shipment('unknown', ['acme'], ['nobody'], ['7208'], '2024'),
      shipment('self', ['acme'], ['acme'], ['7208'], '2024'),
      shipment('no-codes', ['acme'], ['beta'], [], '2024'),
    ];
    const file = writeNdjson('bad-trade.ndjson', lines);
    await expect(h.ingest(file)).rejects.toThrow(/6 bad line/);
    const report = await h.ingest(file, { skipInvalid: true });
    expect(report.bad.map((b) => `${b.line}: ${b.reason}`)).toEqual([
      '4: supplier: must NOT have fewer than 1 items',
      '5: hs_codes.0.code: must match pattern "^[0-9]{2,10}$"',
      '6: line: missing "departure_date" or "arrival_date"',
      '7: unknown entity "nobody": not defined in this file nor in the graph',
      '8: supplier and buyer both name "acme"',
      '9: hs_codes: must NOT have fewer than 1 items',
    ]);
    expect(report.loaded.shipment).toBe(1);
  });
});

describe('trade search over shipments', () => {
  test('POST /v1/trade/search/shipments filters by HS prefix, countries, dates, parties and q, newest first, in the client shape', async () => {
    await h.ingest(writeNdjson('search.ndjson', [
      company('acme', { attributes: [{ field: 'country', value: 'CHN' }], risk: [{ factor: 'forced_labor_xinjiang_origin_direct' }] }), company('beta'), company('gamma'),
      shipment('s1', ['acme'], ['beta'], ['854231'], '2024-03-02', { arrival_date: '2024-03-20', product_descriptions: ['INTEGRATED CIRCUITS'], identifiers: [{ value: 'MAEU123', type: 'bill_of_lading' }] }),
      shipment('s2', ['acme'], ['gamma'], ['720851'], '2024-06-01', { arrival_date: '2024-07-01' }),
      shipment('s3', ['gamma'], ['beta'], ['854232'], '2023-01-05', { departure_country: 'DEU', arrival_date: '2023-02-01' }),
    ]));
    const search = (body: unknown, query = '') => h.json(`/v1/trade/search/shipments${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ids = async (body: unknown, query = '') => {
      const res = await search(body, query);
      expect(res.status).toBe(200);
      return (res.body as any).data.map((s: any) => s.id);
    };
    expect(await ids({})).toEqual(['s2', 's1', 's3']);
    expect(await ids({ filter: { hs_code: ['8542'] } })).toEqual(['s1', 's3']);
    expect(await ids({ filter: { departure_country: ['DEU'] } })).toEqual(['s3']);
    expect(await ids({ filter: { arrival_date: '2024-01|2024-05' } })).toEqual(['s1']);
    expect(await ids({ filter: { arrival_date: '2024-03' } })).toEqual(['s2', 's1']);
    expect(await ids({ filter: { supplier_name: ['acm'], supplier_risk: ['forced_labor_xinjiang_origin_direct'] } })).toEqual(['s2', 's1']);
    expect(await ids({ filter: { buyer_id: ['beta'], shipment_identifier: ['MAEU'] } })).toEqual(['s1']);
    expect(await ids({ q: 'integrated' })).toEqual(['s1']);
    expect(await ids({ filter: { weight: ['500|1500'] } })).toEqual(['s2', 's1', 's3']);
    const page = await search({}, '?limit=1&offset=1');
    expect(page.body).toMatchObject({ limit: 1, offset: 1, next: true, size: { count: 3, qualifier: 'eq' } });
    expect((page.body as any).data[0]).toMatchObject({
      id: 's1', type: 'shipment', departure_country: ['CHN'], arrival_country: ['USA'], arrival_date: ['2024-03-20'],
      hs_codes: [{ code: '854231', description: 'goods 854231', imputed: false }], identifier: [{ value: 'MAEU123', type: 'bill_of_lading' }],
      supplier: [{ id: 'acme', type: 'company', names: ['ACME'], countries: ['CHN'], risks: { forced_labor_xinjiang_origin_direct: expect.anything() } }],
      buyer: [{ id: 'beta', names: ['BETA'] }], weight: [{ value: 1000, unit: 'kg', type: 'gross' }],
    });
    for (const [body, name] of [[{ filter: { hs_code: ['85x'] } }, 'filter.hs_code'], [{ filter: { arrival_date: '2024-13' } }, 'filter.arrival_date'],
      [{ filter: { buyer_country: ['QQQ'] } }, 'filter.buyer_country'], [{ filter: { colour: ['red'] } }, 'filter.colour']] as const) {
      const res = await search(body);
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect((res.body as any).message[0].startsWith(name)).toBe(true);
    }
    expect((await search({}, '?limit=3001')).status).toBe(400);
  });
});

describe('trade search over suppliers and buyers', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(JSON.parse(fs.readFileSync(path.join(REPO, 'test', 'fixtures', 'clientSchemas', 'trade.json'), 'utf8')));

  test('POST /v1/trade/search/suppliers and /buyers: the parties of the matching shipments, most shipments first, with metadata in the client shape', async () => {
    await h.ingest(writeNdjson('parties.ndjson', [
      company('acme', { attributes: [{ field: 'country', value: 'CHN' }] }), company('beta'), company('gamma'), company('delta'),
      shipment('p1', ['acme'], ['beta'], ['854231'], '2024-03-02'),
      shipment('p2', ['acme'], ['beta', 'delta'], ['854231', '720851'], '2024-06'),
      shipment('p3', ['gamma'], ['beta'], ['854232'], '2023-01-05', { departure_country: 'DEU' }),
      shipment('p4', ['gamma'], ['delta'], ['5208'], '2022-02-01'),
    ]));
    const search = (side: string, body: unknown, query = '') =>
      h.json(`/v1/trade/search/${side}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ids = async (side: string, body: unknown) => {
      const res = await search(side, body);
      expect(res.status).toBe(200);
      return (res.body as any).data.map((e: any) => `${e.id}:${e.metadata.shipments}`);
    };
    expect(await ids('suppliers', {})).toEqual(['acme:2', 'gamma:2']);
    expect(await ids('buyers', {})).toEqual(['beta:3', 'delta:2']);
    expect(await ids('suppliers', { filter: { hs_code: ['8542'] } })).toEqual(['acme:2', 'gamma:1']);
    expect(await ids('buyers', { filter: { hs_code: ['8542'], departure_country: ['CHN'] } })).toEqual(['beta:2', 'delta:1']);
    expect(await ids('buyers', { filter: { supplier_id: ['gamma'] } })).toEqual(['beta:1', 'delta:1']);
    expect(await ids('suppliers', { q: 'delta' })).toEqual(['acme:1', 'gamma:1']);
    expect(await ids('suppliers', { filter: { arrival_date: '2030' } })).toEqual([]);

    const res = await search('suppliers', { filter: { hs_code: ['8542', '7208'] }, facets: true }, '?limit=1');
    expect(ajv.getSchema('trade.json#/responses/SupplierSearchResponse')!(res.body)).toBe(true);
    expect(res.body).toMatchObject({ limit: 1, offset: 0, next: true, size: { count: 2, qualifier: 'eq' } });
    const acme = (res.body as any).data[0];
    expect(acme).toMatchObject({ id: 'acme', label: 'ACME', entity_url: '/v1/entity/acme', countries: ['CHN'], trade_count: { sent: 2, received: 0 } });
    expect(acme.metadata).toEqual({
      latestShipmentDate: '2024-06', shipments: 2,
      hsCodes: [{ key: '854231', doc_count: 2, value: expect.stringMatching(/integrated circuits/i) }, { key: '720851', doc_count: 1, value: expect.any(String) }],
    });
    expect((res.body as any).facets.hs_code).toEqual([{ key: '854231', doc_count: 2 }, { key: '720851', doc_count: 1 }, { key: '854232', doc_count: 1 }]);
    expect((res.body as any).facets.departure_country).toEqual([{ key: 'CHN', doc_count: 2 }, { key: 'DEU', doc_count: 1 }]);
    const buyers = await search('buyers', {}, '?offset=1');
    expect(ajv.getSchema('trade.json#/responses/BuyerSearchResponse')!(buyers.body)).toBe(true);
    expect(buyers.body).toMatchObject({ offset: 1, next: false, data: [{ id: 'delta', metadata: { latestShipmentDate: '2024-06', shipments: 2 } }] });

    for (const [side, body, query, name] of [['suppliers', { filter: { supplier_risk: ['nope'] } }, '', 'filter.supplier_risk'],
      ['buyers', { filter: { buyer_city: ['  '] } }, '', 'filter.buyer_city'], ['buyers', {}, '?limit=3001', 'limit'],
      ['suppliers', {}, '?offset=10001', 'offset'], ['suppliers', { facets: 'yes' }, '', 'facets']] as const) {
      const bad = await search(side, body, query);
      expect({ name, status: bad.status }).toEqual({ name, status: 400 });
      expect((bad.body as any).message[0]).toContain(name);
    }
  });
});

describe('trade search by places, party addresses, business purposes and sources', () => {
  const address = (city: string, state: string) => ({ field: 'address', value: `1 Main Road, ${city}`, city, state });
  const purpose = (value: string) => ({ field: 'business_purpose', value });
  const lines = () => [
    { kind: 'source', id: 'customs_us' }, { kind: 'source', id: 'customs_de' },
    { kind: 'record', id: 'r-us', source: 'customs_us' }, { kind: 'record', id: 'r-de', source: 'customs_de' },
    company('acme', { attributes: [address('Shenzhen', 'Guangdong'), purpose('Manufacture of electronic components')] }),
    company('beta', { attributes: [address('Reno', 'Nevada'), purpose('Wholesale of computers')] }),
    company('gamma', { attributes: [address('Hamburg', 'Hamburg'), purpose('Textile trading')] }),
    shipment('t1', ['acme'], ['beta'], ['854231'], '2024-03-01', {
      record: 'r-us', departure_address: { city: 'Shenzhen', state: 'Guangdong' }, arrival_address: { value: 'Port of Reno', city: 'Reno', state: 'NV' },
    }),
    shipment('t2', ['gamma'], ['beta'], ['5208'], '2024-02-01', {
      record: 'r-de', departure_address: { city: 'Hamburg', state: 'Hamburg' }, arrival_address: { city: 'Los Angeles', state: 'CA' },
    }),
    shipment('t3', ['acme'], ['gamma'], ['854232'], '2024-01-01'),
  ];
  const search = (side: string, body: unknown) =>
    h.json(`/v1/trade/search/${side}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const ids = async (filter: Record<string, unknown>, side = 'shipments') => {
    const res = await search(side, { filter });
    expect({ filter, status: res.status }).toEqual({ filter, status: 200 });
    return (res.body as any).data.map((x: any) => (side === 'shipments' ? x.id : `${x.id}:${x.metadata.shipments}`));
  };

  test('each filter keeps the shipments whose value contains it (any case) or, for sources, is one of them', async () => {
    expect((await h.ingest(writeNdjson('places.ndjson', lines()))).bad).toEqual([]);
    const cases: [string, string[], string[], string[]][] = [
      // filter, a value that matches, the shipments it keeps, a value that matches none
      ['departure_city', ['shenZ'], ['t1'], ['Paris']],
      ['departure_state', ['guang', 'ham'], ['t1', 't2'], ['Texas']],
      ['arrival_city', ['los ang'], ['t2'], ['Shenzhen']],
      ['arrival_state', ['nv'], ['t1'], ['Nevada']],
      ['supplier_city', ['hamb'], ['t2'], ['Reno']],
      ['supplier_state', ['GUANGDONG'], ['t1', 't3'], ['Nevada']],
      ['buyer_city', ['reno'], ['t1', 't2'], ['Shenzhen']],
      ['buyer_state', ['hamburg'], ['t3'], ['Guangdong']],
      ['supplier_purpose', ['electronic'], ['t1', 't3'], ['wholesale']],
      ['buyer_purpose', ['computers', 'textile'], ['t1', 't2', 't3'], ['mining']],
      ['sources', ['customs_de'], ['t2'], ['customs_fr', 'CUSTOMS_DE']],
    ];
    for (const [name, hit, kept, miss] of cases) {
      expect({ name, kept: await ids({ [name]: hit }) }).toEqual({ name, kept });
      expect({ name, kept: await ids({ [name]: miss }) }).toEqual({ name, kept: [] });
    }
    // The filters of one side hold for one party: no supplier is both in Shenzhen and in textiles.
    expect(await ids({ supplier_city: ['shenzhen'], supplier_purpose: ['textile'] })).toEqual([]);
    expect(await ids({ supplier_city: ['shenzhen'], supplier_purpose: ['electronic'], arrival_state: ['nv'] })).toEqual(['t1']);
    // The same filter list picks the parties of the suppliers and buyers searches.
    expect(await ids({ buyer_city: ['reno'] }, 'suppliers')).toEqual(['acme:1', 'gamma:1']);
    expect(await ids({ supplier_purpose: ['electronic'] }, 'buyers')).toEqual(['beta:1', 'gamma:1']);
    expect(await ids({ sources: ['customs_us'] }, 'buyers')).toEqual(['beta:1']);
  });

  test.each([
    [{ buyer_city: [''] }, 'filter.buyer_city'], [{ supplier_state: ['   '] }, 'filter.supplier_state'],
    [{ departure_city: 'Shenzhen' }, 'filter.departure_city'], [{ arrival_state: ['x'.repeat(501)] }, 'filter.arrival_state'],
    [{ buyer_purpose: [7] }, 'filter.buyer_purpose'], [{ sources: ['customs us'] }, 'filter.sources'], [{ sources: 'customs_us' }, 'filter.sources'],
    [{ buyer_state: [' '] }, 'filter.buyer_state'], [{ supplier_city: [''] }, 'filter.supplier_city'], [{ departure_state: [null] }, 'filter.departure_state'],
    [{ arrival_city: ['\t'] }, 'filter.arrival_city'], [{ supplier_purpose: Array(301).fill('x') }, 'filter.supplier_purpose'],
  ])('a bad value of %j is a 400 naming %s', async (filter, name) => {
    for (const side of ['shipments', 'suppliers', 'buyers']) {
      const res = await search(side, { filter });
      expect({ side, status: res.status }).toEqual({ side, status: 400 });
      expect((res.body as any).message[0].startsWith(name)).toBe(true);
    }
  });
});

describe('generated shipments', () => {
  // The full run only: the next test ingests generated shipments too and checks what the search finds.
  testFull('a synthetic graph with --shipments ingests, and its shipments are summed into trade edges the trade search finds', async () => {
    const lines = [...generateLines({ entities: 300, seed: 5, shipments: 250 })];
    const shipments = lines.filter((l) => l.includes('"kind":"shipment"')).map((l) => JSON.parse(l) as { hs_codes: { code: string }[] });
    expect(shipments).toHaveLength(250);
    const report = await h.ingest(writeNdjson('generated.ndjson', lines));
    expect(report.bad).toEqual([]);
    expect(report.loaded.shipment).toBe(250);
    // Each shipment counts once per HS code on the trade edges, in both directions.
    const sums = await h.graph.read(`MATCH ()-[r:SHIPS_TO]->() WHERE r.key STARTS WITH 'hs:' WITH sum(r.shipments) AS out
      MATCH ()-[q:RECEIVES_FROM]->() WHERE q.key STARTS WITH 'hs:' RETURN out, sum(q.shipments) AS back`);
    const pairs = shipments.reduce((n, s) => n + s.hs_codes.length, 0);
    expect([Number(sums[0].get('out')), Number(sums[0].get('back'))]).toEqual([pairs, pairs]);
    const search = await h.json('/v1/trade/search/shipments?limit=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(search.body.size).toEqual({ count: 250, qualifier: 'eq' });
  });

  test('party, place and source filters keep the same shipments, in the same order, as the filters evaluated in JavaScript over the lines', async () => {
    // Generated addresses carry no city or state: each company gets the last part of its address as its city and a state by its number.
    const lines = [...generateLines({ entities: 300, seed: 7, shipments: 400 })].map((l) => JSON.parse(l) as any).map((l) => (l.kind !== 'entity' ? l : {
      ...l, attributes: (l.attributes ?? []).map((a: any) => (a.field !== 'address' ? a
        : { ...a, city: String(a.value).split(', ').pop(), state: `State ${Number(String(l.id).replace(/\D/g, '')) % 7}` })),
    }));
    expect((await h.ingest(writeNdjson('generated-parties.ndjson', lines.map((l) => JSON.stringify(l))))).bad).toEqual([]);
    const entities = new Map<string, any>(lines.filter((l) => l.kind === 'entity').map((l) => [l.id, l]));
    const records = new Map<string, string>(lines.filter((l) => l.kind === 'record').map((l) => [l.id, l.source]));
    const shipments = lines.filter((l) => l.kind === 'shipment');
    const has = (v: unknown, subs: string[]) => typeof v === 'string' && subs.some((c) => v.toLowerCase().includes(c));
    const attrs = (id: string, field: string) => (entities.get(id)?.attributes ?? []).filter((a: any) => a.field === field);
    // One party of the side meets every filter set for that side (an unset filter is left out).
    const party = (ids: string[], f: { city?: string[]; state?: string[]; purpose?: string[] }) => ids.some((id) =>
      (!f.city || attrs(id, 'address').some((a: any) => has(a.city, f.city!)))
      && (!f.state || attrs(id, 'address').some((a: any) => has(a.state, f.state!)))
      && (!f.purpose || attrs(id, 'business_purpose').some((a: any) => has(a.value, f.purpose!))));
    const city = String(attrs(shipments[0].buyer[0], 'address')[0].city).slice(1, 4).toLowerCase();
    const source = records.get(shipments[0].record)!;
    const cases: [Record<string, string[]>, (s: any) => boolean][] = [
      [{ buyer_city: [city] }, (s) => party(s.buyer, { city: [city] })],
      [{ supplier_purpose: ['wholesale'] }, (s) => party(s.supplier, { purpose: ['wholesale'] })],
      [{ supplier_state: ['state 3', 'state 5'], supplier_purpose: ['WHOLESALE'.toLowerCase()] }, (s) => party(s.supplier, { state: ['state 3', 'state 5'], purpose: ['wholesale'] })],
      [{ buyer_purpose: ['freight', 'software'], supplier_city: [city] }, (s) => party(s.buyer, { purpose: ['freight', 'software'] }) && party(s.supplier, { city: [city] })],
      [{ sources: [source] }, (s) => records.get(s.record) === source],
      [{ sources: [source], buyer_state: ['state 2'] }, (s) => records.get(s.record) === source && party(s.buyer, { state: ['state 2'] })],
    ];
    const when = (s: any) => startOfPeriod(s.departure_date ?? s.arrival_date);
    for (const [filter, keep] of cases) {
      // Newest first, then by id: the order of the search.
      const expected = shipments.filter(keep).sort((a, b) => when(b).localeCompare(when(a)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((s) => s.id);
      const res = await h.json('/v1/trade/search/shipments?limit=3000', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filter }) });
      expect({ filter, status: res.status }).toEqual({ filter, status: 200 });
      expect({ filter, count: res.body.size.count, ids: res.body.data.map((x: any) => x.id) }).toEqual({ filter, count: expected.length, ids: expected });
      expect({ filter, some: expected.length > 0 }).toEqual({ filter, some: true });
    }
  });
});
