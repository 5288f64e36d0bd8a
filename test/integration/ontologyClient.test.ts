/**
 * The published client's ontology and metadata reads: every kind in the whole ontology in the
 * client's shape, the domain kinds (attributes, currencies, enums, languages, regions), the
 * graph kinds (sources, source types, identifiers) on the sample, the risk factor filters as
 * the client sends them (JSON-encoded lists, booleans), /v1/metadata, and 400s naming the
 * parameter.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
let alice: Call;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-ontology');
});
afterAll(async () => {
  await h.close();
});

const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));

describe('ontology and metadata of the published client', () => {
  test('GET /v1/ontology answers every kind under data, each a list of items with an id and a label', async () => {
    const res = await alice('GET', '/v1/ontology');
    expect(res.status).toBe(200);
    const kinds = ['attributes', 'countries', 'currencies', 'entity_types', 'enums', 'identifiers', 'languages', 'regions', 'relationships', 'risk_factors', 'source_types', 'sources'];
    expect(Object.keys(res.body.data).sort()).toEqual(kinds);
    for (const kind of kinds) {
      for (const item of res.body.data[kind]) expect({ kind, id: typeof item.id, label: typeof item.label }).toEqual({ kind, id: 'string', label: 'string' });
    }
    expect(res.body.data.sources.length).toBeGreaterThan(0);
    expect(res.body.data.currencies.map((c: any) => c.id)).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP']));
    expect(res.body.data.languages.find((l: any) => l.id === 'en')).toEqual({ id: 'en', label: 'English' });
  });

  test('each kind is also its own read, filtered by id as the client sends it (JSON-encoded)', async () => {
    const currencies = await alice('GET', `/v1/ontology/currencies?id=${q(['USD'])}`);
    expect(currencies.body).toEqual({ filters: { id: ['USD'] }, data: [{ id: 'USD', label: 'US Dollar' }], total_count: 1 });
    const attrs = await alice('GET', '/v1/ontology/attributes?id=address');
    expect(attrs.body.data).toEqual([expect.objectContaining({ id: 'address', label: 'Address', comment: '', fields: expect.any(Array) })]);
    const enums = (await alice('GET', '/v1/ontology/enums')).body.data;
    expect(enums.find((e: any) => e.id === 'risk_level').symbols.map((s: any) => s.id)).toEqual(expect.arrayContaining(['critical', 'high']));
    const regions = (await alice('GET', '/v1/ontology/regions')).body;
    expect(regions.total_count).toBeGreaterThan(5);
    const sources = (await alice('GET', '/v1/ontology/sources')).body;
    expect(sources.data[0]).toEqual(expect.objectContaining({ id: expect.any(String), label: expect.any(String), country: expect.any(String), date_added: expect.any(String), pep: expect.any(Boolean), watchlist: expect.any(Boolean) }));
    const one = (await alice('GET', `/v1/ontology/sources?id=${q([sources.data[0].id])}`)).body;
    expect(one.data).toEqual([sources.data[0]]);
    const types = (await alice('GET', '/v1/ontology/source_types')).body;
    expect(types.total_count).toBe(new Set(sources.data.map((s: any) => s.source_type).filter(Boolean)).size);
    const ids = (await alice('GET', '/v1/ontology/identifiers')).body;
    for (const i of ids.data) expect(i).toEqual({ id: expect.any(String), label: expect.any(String), comment: '', regex: '' });
  });

  test('risk factors filter by category, level, type, enabled and visible; filters are echoed', async () => {
    const res = await alice('GET', `/v1/ontology/risk_factors?risk_category=${q(['sanctions'])}&level=${q(['critical'])}&risk_type=direct&enabled=true&visible=true`);
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual({ risk_category: ['sanctions'], level: ['critical'], risk_type: ['direct'], enabled: true, visible: true });
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const f of res.body.data) expect(f).toMatchObject({ level: 'critical', risk_type: 'direct', enabled: true, visible: true, categories: expect.arrayContaining(['sanctions']) });
    expect(res.body.total_count).toBe(res.body.data.length);
    expect((await alice('GET', '/v1/ontology/risk_factors?enabled=false')).body.data).toEqual([]);
    const all = (await alice('GET', '/v1/ontology/risk_factors')).body;
    expect(all.filters).toEqual({});
  });

  test('bad input is a 400 naming the parameter', async () => {
    for (const [path, param] of [
      ['/v1/ontology/risk_factors?level=severe', 'level'],
      ['/v1/ontology/risk_factors?risk_category=colour', 'risk_category'],
      ['/v1/ontology/risk_factors?enabled=maybe', 'enabled'],
      ['/v1/ontology/risk_factors?id=%5B1%5D', 'id'],
      ['/v1/ontology/currencies?id=XXY', 'id'],
      ['/v1/ontology/sources?id=no-such-source', 'id'],
      ['/v1/ontology?colour=red', 'colour'],
      ['/v1/metadata?x=1', 'x'],
    ]) {
      const res = await alice('GET', path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(JSON.stringify(res.body.message)).toContain(param);
    }
  });

  test('GET /v1/metadata names the version, the releases and the caller', async () => {
    const res = await alice('GET', '/v1/metadata');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/), master_release: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      watchlist_release: expect.any(String), user: { id: 'alice', groupDisplayNames: 'org-ontology', roles: '' },
    });
  });

  test('GET /metadata, as the 0.1.44 client calls it, answers as /v1/metadata', async () => {
    const [legacy, v1] = [await alice('GET', '/metadata'), await alice('GET', '/v1/metadata')];
    expect(legacy.status).toBe(200);
    expect(legacy.body).toEqual(v1.body);
    // Outside /v1, a bad parameter is answered as on every legacy path: 406 in the legacy envelope.
    const refused = await alice('GET', '/metadata?x=1');
    expect(refused.status).toBe(406);
    expect(refused.body).toEqual({ status: 406, success: false, messages: [expect.stringContaining('x')] });
  });
});

describe('HS codes of the published client', () => {
  test('GET /v1/hs_codes lists the HS 2022 nomenclature and `code` keeps the codes under the given ones, sent JSON-encoded or repeated', async () => {
    const all = await alice('GET', '/v1/hs_codes');
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBeGreaterThan(6000);
    expect(all.body.data.length).toBe(all.body.total_count);
    const json = await alice('GET', `/v1/hs_codes?code=${q(['8549'])}`);
    expect(json.body.filters).toEqual({ code: ['8549'] });
    expect(json.body.data.map((c: any) => c.code)).toEqual(['8549', '854911', '854912', '854913', '854914', '854919', '854921', '854929', '854931', '854939', '854991', '854999']);
    expect(json.body.data[1]).toEqual({
      code: '854911', short_description: 'Waste and scrap of lead-acid accumulators; spent lead-acid accumulators',
      long_description: expect.stringMatching(/^Section XVI: .* > Electrical machinery .* > Electrical and electronic waste and scrap > Waste and scrap of lead-acid/),
    });
    const repeated = await alice('GET', '/v1/hs_codes?code=150300&code=01');
    expect(repeated.body.data.map((c: any) => c.code)).toContain('150300');
    expect(repeated.body.data.map((c: any) => c.code)).toContain('0101');
  });

  test('an HS code that is not 2 to 10 digits answers 400 naming code', async () => {
    const res = await alice('GET', `/v1/hs_codes?code=${q(['85x'])}`);
    expect(res.status).toBe(400);
    expect(res.body.message[0]).toMatch(/^code: /);
  });
});
