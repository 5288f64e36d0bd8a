import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';
import { testEveryMatchMarked } from '../support/matchedEntities';
import { newProject } from '../support/projects';

let h: Harness;
let ids: string[];

const as = (user: string, org: string): Call => callAs(h, user, org);

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
let alice: Call;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  ids = (await h.graph.read('MATCH (e:Entity) WHERE e.id STARTS WITH "e-gb-" RETURN e.id AS id ORDER BY id LIMIT 20')).map((r) => r.get('id') as string);
  alice = as('alice', 'org-a');
});
afterAll(() => h.close());

async function newEntity(project: string, entityIds: string[], call: Call = alice) {
  const res = await call('POST', `/v1/projects/${project}/entities/create`, { entity_ids: entityIds });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('POST /v1/projects', () => {
  test('creates a network project with every Project field', async () => {
    const res = await alice('POST', '/v1/projects', { label: 'Suppliers 2024' });
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toEqual({
      id: expect.any(String), label: 'Suppliers 2024', type: 'network', is_scrm: false, archived: false,
      created: expect.stringMatching(TIMESTAMP), updated: expect.stringMatching(TIMESTAMP),
      counts: { entity: 0, graph: 0, search: 0, record: 0 },
    });
    expect(p.created).toBe(p.updated);
  });

  test('supply_chain type sets is_scrm; share gives the org a role', async () => {
    const res = await alice('POST', '/v1/projects', { label: 'Chain', type: 'supply_chain', share: { org: 'editor' } });
    expect(res.body.data).toMatchObject({ type: 'supply_chain', is_scrm: true });
    const got = await alice('GET', `/v1/projects/${res.body.data.id}`);
    // The published client's RoleMember: user or group (the shared org), with dates.
    const at = got.body.data.created;
    expect(got.body.data.members).toEqual([
      { type: 'user', id: 'alice', role: 'admin', created: at, updated: at },
      { type: 'group', id: 'org-a', role: 'editor', created: at, updated: at },
    ]);
  });

  test.each([
    ['no label', {}, 'label'],
    ['blank label', { label: '   ' }, 'label'],
    ['label not a string', { label: 7 }, 'label'],
    ['unknown type', { label: 'x', type: 'graph' }, 'type'],
    ['unknown role', { label: 'x', share: { org: 'owner' } }, 'share.org'],
    ['share without org', { label: 'x', share: {} }, 'org'],
    ['unknown field', { label: 'x', colour: 'red' }, 'colour'],
  ])('400 in the /v1 shape for %s', async (_name, body, field) => {
    const res = await alice('POST', '/v1/projects', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, success: false, message: expect.any(Array) });
    expect(res.body.message.join(' ')).toContain(field);
  });

  test('an optional field sent as null is left out (the client\'s types allow null); a required one is refused', async () => {
    const res = await alice('POST', '/v1/projects', { label: 'Nulls', type: null, share: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ label: 'Nulls', type: 'network' });
    const refused = await alice('POST', '/v1/projects', { label: null });
    expect(refused.status).toBe(400);
    expect(refused.body.message.join(' ')).toContain('label');
  });

  test('400 without a JSON body; 405 for an unsupported method', async () => {
    expect((await alice('POST', '/v1/projects')).status).toBe(400);
    const put = await alice('PUT', '/v1/projects', { label: 'x' });
    expect(put.status).toBe(405);
    expect(put.body).toMatchObject({ status: 405, success: false });
  });
});

describe('GET /v1/projects and archival', () => {
  let mine: string[];
  let list: Call;
  beforeAll(async () => {
    list = as('lister', 'org-list');
    mine = [];
    for (let i = 0; i < 7; i++) mine.push(await newProject(list, { label: `L${i}` }));
    mine.reverse(); // newest first
  });

  test('pages newest first with next/prev tokens, no repeats, first/last flags', async () => {
    const seen: string[] = [];
    let res = await list('GET', '/v1/projects?limit=3');
    expect(res.body).toMatchObject({ limit: 3, first: true, last: false });
    expect(res.body.prev).toBeUndefined();
    seen.push(...res.body.data.map((p: any) => p.id));
    const pages = [res.body];
    while (res.body.next) {
      res = await list('GET', `/v1/projects?limit=3&next=${res.body.next}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      seen.push(...res.body.data.map((p: any) => p.id));
    }
    expect(seen).toEqual(mine);
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages[2]).toMatchObject({ first: false, last: true });
    // Back from the last page.
    const back = await list('GET', `/v1/projects?limit=3&prev=${pages[2].prev}`);
    expect(back.body.data.map((p: any) => p.id)).toEqual(mine.slice(3, 6));
    const start = await list('GET', `/v1/projects?limit=3&prev=${back.body.prev}`);
    expect(start.body.data.map((p: any) => p.id)).toEqual(mine.slice(0, 3));
    expect(start.body.first).toBe(true);
    // Every item carries members and counts.
    expect(pages[0].data[0]).toMatchObject({ members: [{ type: 'user', id: 'lister', role: 'admin' }], counts: { entity: 0 } });
  });

  test('400 for a bad token, a token of another list, next with prev, limit out of range', async () => {
    const pid = mine[0];
    const pe = await newEntity(pid, [ids[0]], list);
    await newEntity(pid, [ids[1]], list);
    const entitiesPage = await list('GET', `/v1/projects/${pid}/entities?limit=1`);
    expect(entitiesPage.body.next).toBeDefined();
    for (const q of ['next=garbage', `next=${entitiesPage.body.next}`, 'next=a&prev=b', 'limit=0', 'limit=101', 'archived=maybe']) {
      const res = await list('GET', `/v1/projects?${q}`);
      expect([q, res.status]).toEqual([q, 400]);
    }
    await list('DELETE', `/v1/projects/${pid}/entities/${pe.id}`);
  });

  test('DELETE archives: gone from the default list, listed with archived=true, idempotent, read-only', async () => {
    const pid = await newProject(list, { label: 'to archive' });
    const del = await list('DELETE', `/v1/projects/${pid}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: pid, archived: true, label: 'to archive' });
    expect(del.body.data.updated >= del.body.data.created).toBe(true);
    const active = await list('GET', '/v1/projects');
    expect(active.body.data.map((p: any) => p.id)).not.toContain(pid);
    const archived = await list('GET', '/v1/projects?archived=true');
    expect(archived.body.data.map((p: any) => p.id)).toEqual([pid]);
    const again = await list('DELETE', `/v1/projects/${pid}`);
    expect(again.status).toBe(200);
    expect(again.body.data.updated).toBe(del.body.data.updated);
    expect((await list('GET', `/v1/projects/${pid}`)).body.data.archived).toBe(true);
    const change = await list('POST', `/v1/projects/${pid}/entities/create`, { entity_ids: [ids[0]] });
    expect(change.status).toBe(409);
    expect(change.body).toMatchObject({ status: 409, success: false });
  });

  test('concurrent archivals: all answer archived, one archival happens (one history event)', async () => {
    const pid = await newProject(list, { label: 'raced' });
    const results = await Promise.all(Array.from({ length: 6 }, () => list('DELETE', `/v1/projects/${pid}`)));
    expect(results.map((r) => [r.status, r.body.data.archived])).toEqual(Array(6).fill([200, true]));
    expect(new Set(results.map((r) => r.body.data.updated)).size).toBe(1);
    const events = await h.redis.xrange('history:org-list:lister', '-', '+');
    const archivals = events.filter(([, f]) => f[f.indexOf('event') + 1] === 'project.archived' && f[f.indexOf('data') + 1].includes(pid));
    expect(archivals).toHaveLength(1);
  });

  test('404 for an unknown project id', async () => {
    for (const [method, path] of [['GET', '/v1/projects/nope'], ['DELETE', '/v1/projects/nope'], ['GET', '/v1/projects/nope/entities']]) {
      const res = await alice(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, success: false, message: [expect.stringContaining('project')] });
    }
  });
});

describe('project entities', () => {
  let pid: string;
  beforeAll(async () => {
    pid = await newProject(alice, { label: 'Entities' });
  });

  test('create: the ids become matches, the first one primary; counts.entity follows', async () => {
    const pe = await newEntity(pid, ['e-gb-northwind-logistics', 'e-cy-northwind-holdings']);
    expect(pe).toMatchObject({
      id: expect.any(String), project: pid, type: 'entity', entity_id: 'e-gb-northwind-logistics',
      entity_ids: ['e-gb-northwind-logistics', 'e-cy-northwind-holdings'], deleted_entity_ids: [], version: 1,
      updated_by: 'alice', tag_ids: [], snapshot_count: 0, created: expect.stringMatching(TIMESTAMP),
    });
    expect(pe.label.length).toBeGreaterThan(0);
    expect(pe.summary).toMatchObject({ id: 'e-gb-northwind-logistics', entity_url: '/v1/entity/e-gb-northwind-logistics' });
    // What the published client's ProjectEntity and CoreEntity require.
    expect(pe).toMatchObject({
      case_status: 'not_assigned', shipped_hs_codes: [], received_hs_codes: [], trade_count_incl_mg: { receiver_of: 0, shipper_of: 0 },
      upstream: { risk: [], countries: [] },
    });
    for (const key of ['identifiers', 'countries', 'related_entities_count', 'user_related_entities_count', 'relationship_counts',
      'user_relationship_counts', 'trade_count', 'record_count', 'user_record_count', 'source_counts', 'risk', 'attributes']) {
      expect([key, pe.summary[key]]).toEqual([key, expect.anything()]);
    }
    expect(pe.summary.record_count).toBeGreaterThan(0);
    expect(Object.values(pe.summary.source_counts)[0]).toEqual({ count: expect.any(Number), label: expect.any(String) });
    expect((await alice('GET', `/v1/projects/${pid}`)).body.data.counts.entity).toBe(1);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data).toEqual(pe);
  });

  test('entity_types keeps the project entities whose primary entity has one of the types; tokens stay with their filter', async () => {
    const own = await newProject(alice, { label: 'Typed' });
    const company = await newEntity(own, ['e-gb-northwind-logistics']);
    const person = await newEntity(own, ['p-viktor-antonov']);
    for (const path of [`/v1/projects/${own}/contents/entity`, `/v1/projects/${own}/entities`]) {
      const people = (await alice('GET', `${path}?entity_types=person`)).body;
      expect(people.data.map((e: any) => e.id)).toEqual([person.id]);
      expect(people.size).toEqual({ count: 1, qualifier: 'eq' });
      const both = (await alice('GET', `${path}?entity_types=person&entity_types=company`)).body;
      expect(both.data.map((e: any) => e.id)).toEqual([company.id, person.id]);
      expect((await alice('GET', `${path}?entity_types=vessel`)).body.data).toEqual([]);
      const bad = await alice('GET', `${path}?entity_types=planet`);
      expect(bad.status).toBe(400);
      expect(bad.body.message.join(' ')).toContain('entity_types');
    }
    const firstOfAll = (await alice('GET', `/v1/projects/${own}/entities?limit=1`)).body;
    expect((await alice('GET', `/v1/projects/${own}/entities?limit=1&entity_types=person&next=${firstOfAll.next}`)).status).toBe(400);
  });

  test('trade_count_incl_mg counts the shipments of every match (the match group)', async () => {
    const pe = await newEntity(pid, ['e-gb-harbourline-shipping-bol', 'e-us-gulfport-commodities']);
    expect(pe.trade_count_incl_mg).toEqual({ receiver_of: 0, shipper_of: 3 });
  });

  test('create: 400 naming unknown entity ids, and nothing is created', async () => {
    const before = (await alice('GET', `/v1/projects/${pid}`)).body.data.counts.entity;
    const res = await alice('POST', `/v1/projects/${pid}/entities/create`, { entity_ids: [ids[0], 'no-such-entity'] });
    expect(res.status).toBe(400);
    expect(res.body.message.join(' ')).toMatch(/entity_ids.*no-such-entity/);
    expect((await alice('GET', `/v1/projects/${pid}`)).body.data.counts.entity).toBe(before);
  });

  test.each([
    ['no ids', { entity_ids: [] }],
    ['duplicate ids', { entity_ids: ['e-gb-northwind-logistics', 'e-gb-northwind-logistics'] }],
    ['entity_ids missing', {}],
    ['unknown field', { entity_ids: ['e-gb-northwind-logistics'], note: 'x' }],
    ['too many ids', { entity_ids: Array.from({ length: 51 }, (_, i) => `x${i}`) }],
  ])('create: 400 for %s', async (_name, body) => {
    expect((await alice('POST', `/v1/projects/${pid}/entities/create`, body)).status).toBe(400);
  });

  test('list (oldest first, paged, with size) and the published-client path', async () => {
    const p2 = await newProject(alice, { label: 'Listing' });
    const created = [];
    for (const id of ids.slice(0, 5)) created.push((await newEntity(p2, [id])).id);
    const seen: string[] = [];
    let res = await alice('GET', `/v1/projects/${p2}/entities?limit=2`);
    expect(res.body).toMatchObject({ limit: 2, size: { count: 5, qualifier: 'eq' }, first: true });
    seen.push(...res.body.data.map((e: any) => e.id));
    while (res.body.next) {
      res = await alice('GET', `/v1/projects/${p2}/entities?limit=2&next=${res.body.next}`);
      seen.push(...res.body.data.map((e: any) => e.id));
    }
    expect(seen).toEqual(created);
    const contents = await alice('GET', `/v1/projects/${p2}/contents/entity`);
    expect(contents.status).toBe(200);
    expect(contents.body).toMatchObject({ limit: 1000, size: { count: 5, qualifier: 'eq' }, aggregations: {} });
    expect(contents.body.data.map((e: any) => e.id)).toEqual(created);
    // The client's HS-code and geo parameters are not served (no HS codes or coordinates are kept).
    expect((await alice('GET', `/v1/projects/${p2}/contents/entity?hs_codes=8542`)).status).toBe(400);
  });

  describe('the published client\'s view: sort, filters, aggregations', () => {
    let view: string;
    const members: Record<string, string> = {};
    const list = async (query: string, path = 'contents/entity') => {
      const res = await alice('GET', `/v1/projects/${view}/${path}?${query}`);
      expect([query, res.status, res.body.message]).toEqual([query, 200, undefined]);
      return res.body;
    };
    const entityIds = (body: any) => body.data.map((e: any) => e.entity_id);

    beforeAll(async () => {
      // A company whose status changed: the latest (by date) is the one sorted and filtered on.
      const fs = await import('node:fs');
      const os = await import('node:os');
      const path = await import('node:path');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'view-')), 'status.ndjson');
      fs.writeFileSync(file, JSON.stringify({
        kind: 'entity', id: 'e-view-status', type: 'company', label: 'Zephyr Status Holdings',
        attributes: [{ field: 'status', value: 'active', date: '2015-01-01' }, { field: 'status', value: 'liquidation', date: '2024-02-01' }, { field: 'country', value: 'FRA' }],
      }) + '\n');
      await h.ingest(file);
      view = await newProject(alice, { label: 'View' });
      for (const id of ['e-gb-northwind-logistics', 'p-viktor-antonov', 'e-ru-severstroy', 'e-gb-albion-old-dairies', 'e-view-status', 'e-us-gulfport-commodities']) {
        members[id] = (await newEntity(view, [id])).id;
      }
    });

    test('sort by label, country and latest status, both ways; missing values come last', async () => {
      // GULFPORT, JSC SEVERSTROY, NORTHWIND, Viktor (case does not count), WESSEX DAIRIES, Zephyr.
      const byLabel = ['e-us-gulfport-commodities', 'e-ru-severstroy', 'e-gb-northwind-logistics', 'p-viktor-antonov', 'e-gb-albion-old-dairies', 'e-view-status'];
      expect(entityIds(await list('sort=label'))).toEqual(byLabel);
      expect(entityIds(await list('sort=-label'))).toEqual([...byLabel].reverse());
      // Countries: the first of the primary's (sorted) list; ties by project entity id.
      const byCountry = (await list('sort=country')).data.map((e: any) => e.summary.countries[0]);
      expect(byCountry).toEqual([...byCountry].sort());
      expect(byCountry[0]).toBe('FRA');
      const status = entityIds(await list('sort=latest_status'));
      expect(status.slice(0, 4).sort()).toEqual(['e-gb-northwind-logistics', 'e-ru-severstroy', 'e-gb-albion-old-dairies', 'e-view-status'].sort());
      // active, active, dissolved, liquidation; then the two without a status.
      expect(status.indexOf('e-gb-albion-old-dairies')).toBe(2);
      expect(status[3]).toBe('e-view-status');
      expect(status.slice(4).sort()).toEqual(['e-us-gulfport-commodities', 'p-viktor-antonov']);
      const desc = entityIds(await list('sort=-latest_status'));
      expect(desc[0]).toBe('e-view-status');
      expect(desc.slice(4).sort()).toEqual(['e-us-gulfport-commodities', 'p-viktor-antonov']);
      expect(entityIds(await list('sort=-created'))).toEqual(Object.keys(members).reverse());
      expect(entityIds(await list('sort=created'))).toEqual(Object.keys(members));
      const bySaved = (await list('sort=-saved_resource_id')).data.map((e: any) => e.id);
      expect(bySaved).toEqual(Object.values(members).sort().reverse());
    });

    test('filters: values of one field are alternatives, fields must all match; both wire forms', async () => {
      expect(entityIds(await list('filters=country%3DRUS')).sort()).toEqual(['e-ru-severstroy', 'p-viktor-antonov']);
      expect(entityIds(await list('filters[country]=RUS&filters[country]=USA')).sort()).toEqual(['e-ru-severstroy', 'e-us-gulfport-commodities', 'p-viktor-antonov']);
      expect(entityIds(await list('filters=country%3DRUS&filters=risk%3Dsanctioned_gbr_hmt_ofsi'))).toEqual(['p-viktor-antonov']);
      // Plain `sanctioned` stands for every list.
      expect(entityIds(await list('filters=risk%3Dsanctioned')).sort()).toEqual(['e-ru-severstroy', 'p-viktor-antonov']);
      expect(entityIds(await list('filters=risk_category%3Dsanctions')).sort()).toEqual(['e-ru-severstroy', 'p-viktor-antonov']);
      expect(entityIds(await list('filters=label_fuzzy%3Dnorthwnd%20logist'))).toEqual(['e-gb-northwind-logistics']);
      expect(entityIds(await list('filters=identifier_fuzzy%3D76-05123'))).toEqual(['e-us-gulfport-commodities']);
      expect(entityIds(await list('filters=identifier_fuzzy%3D7705123456'))).toEqual(['e-ru-severstroy']);
      expect(entityIds(await list('filters=source_exact%3Dusa_import_bills_of_lading')).sort()).toEqual(['e-gb-northwind-logistics', 'e-us-gulfport-commodities']);
      expect(entityIds(await list('filters=source_exact%3Dcyp_registrar'))).toEqual(['p-viktor-antonov']);
      expect(entityIds(await list('filters[statusExact]=Liquidation'))).toEqual(['e-view-status']);
      // The older status of the same company is not its status.
      expect(entityIds(await list('filters=status_exact%3Dactive')).sort()).toEqual(['e-gb-northwind-logistics', 'e-ru-severstroy']);
      const filtered = await list('filters=country%3DGBR&limit=1');
      expect(filtered).toMatchObject({ size: { count: 2, qualifier: 'eq' }, limit: 1 });
      expect(entityIds(await list(`filters=country%3DGBR&limit=1&next=${filtered.next}`))).toHaveLength(1);
      expect(entityIds(await list('filters=country%3DGBR', 'entities'))).toEqual(['e-gb-northwind-logistics', 'e-gb-albion-old-dairies']);
    });

    test('pages of a sorted, filtered view walk the whole view forward and back; tokens stay with their view', async () => {
      const all = entityIds(await list('sort=-label'));
      const seen: string[] = [];
      let page = await list('sort=-label&limit=4');
      seen.push(...entityIds(page));
      page = await list(`sort=-label&limit=4&next=${page.next}`);
      seen.push(...entityIds(page));
      expect(seen).toEqual(all);
      expect(page.next).toBeUndefined();
      expect(entityIds(await list(`sort=-label&limit=4&prev=${page.prev}`))).toEqual(all.slice(0, 4));
      const other = await alice('GET', `/v1/projects/${view}/contents/entity?sort=label&limit=4&next=${page.prev}`);
      expect(other.status).toBe(400);
      expect(other.body.message.join(' ')).toContain('next');
      // A token of a filter that expands to many factors stays short enough to send back.
      const listed = await list('filters[risk]=sanctioned&limit=1');
      expect(listed.next.length).toBeLessThan(400);
      expect(entityIds(await list(`filters[risk]=sanctioned&limit=1&next=${listed.next}`))).toHaveLength(1);
      // Counts asked or not, and filters in another order, page the same list.
      const plain = await list('limit=2');
      expect(entityIds(await list(`limit=2&aggregations=hit_count&next=${plain.next}`))).toEqual(Object.keys(members).slice(2, 4));
      const two = await list('filters=country%3DGBR&filters=country%3DRUS&limit=1');
      const inOrder = entityIds(await list('filters=country%3DGBR&filters=country%3DRUS'));
      expect(entityIds(await list(`filters=country%3DRUS&filters=country%3DGBR&sort=created&limit=1&next=${two.next}`))).toEqual([inOrder[1]]);
      // Counts of the plain list follow entity_types too.
      const people = await list('entity_types=person&aggregations=hit_count&aggregations=country');
      expect(people.aggregations.hit_count).toEqual([{ key: 'hit_count', doc_count: people.size.count }]);
      expect(entityIds(people)).toEqual(['p-viktor-antonov']);
      expect(people.aggregations.country.map((b: any) => b.key).sort()).toEqual(['CYP', 'RUS']);
    });

    test('a page continues in place when the row its token names was deleted meanwhile', async () => {
      const pid = await newProject(alice, { label: 'Moving' });
      for (const id of ['e-gb-northwind-logistics', 'p-viktor-antonov', 'e-ru-severstroy', 'e-us-gulfport-commodities']) await newEntity(pid, [id]);
      const byLabel = async (query: string) => (await alice('GET', `/v1/projects/${pid}/contents/entity?sort=label&${query}`)).body;
      const all = await byLabel('');
      const first = await byLabel('limit=2');
      expect(first.data.map((e: any) => e.id)).toEqual(all.data.slice(0, 2).map((e: any) => e.id));
      expect((await alice('DELETE', `/v1/projects/${pid}/entities/${first.data[1].id}`)).status).toBe(200);
      const next = await byLabel(`limit=2&next=${first.next}`);
      expect(next.data.map((e: any) => e.id)).toEqual(all.data.slice(2, 4).map((e: any) => e.id));
    });

    test('aggregations count the filtered entities under the client\'s names', async () => {
      const body = await list('aggregations=hit_count&aggregations=country&aggregations=source&aggregations=sanctioned_gbr_hmt_ofsi&aggregations=pep&aggregations=shipper_of&filters=country%3DRUS&filters[country]=GBR');
      expect(body.aggregations.hit_count).toEqual([{ key: 'hit_count', doc_count: 4 }]);
      // Most entities first, then by key; Viktor counts for both of his countries.
      expect(body.aggregations.country).toEqual([
        { key: 'GBR', doc_count: 2, label: 'United Kingdom' }, { key: 'RUS', doc_count: 2, label: 'Russian Federation' }, { key: 'CYP', doc_count: 1, label: 'Cyprus' }]);
      // Each source bucket counts what the same filters plus that source list.
      for (const bucket of body.aggregations.source) {
        const narrowed = await list(`filters=country%3DRUS&filters[country]=GBR&filters=source_exact%3D${bucket.key}`);
        expect([bucket.key, bucket.doc_count]).toEqual([bucket.key, narrowed.size.count]);
      }
      expect(body.aggregations.source).toContainEqual({ key: 'cyp_registrar', doc_count: 1, label: 'Cyprus Department of Registrar of Companies and Intellectual Property' });
      // Named factors: a bucket each, none left out for counting zero.
      expect(body.aggregations.risk).toEqual([{ key: 'sanctioned_gbr_hmt_ofsi', doc_count: 1 }, { key: 'pep', doc_count: 0 }]);
      expect(body.aggregations.shipment_counts).toEqual([{ key: 'shipper_of', doc_count: 0, comment: expect.any(String) }]);
      const all = await list('aggregations=risk&aggregations=hit_count');
      expect(all.aggregations.hit_count[0].doc_count).toBe(6);
      expect(all.aggregations.risk).toContainEqual({ key: 'sanctioned_usa_ofac_sdn', doc_count: 2 });
    });

    test.each([
      ['sort=upstream_entities', 'sort'],
      ['sort=-custom_', 'sort'],
      ['filters=risk', 'filters'],
      ['filters=colour%3Dred', 'filters'],
      ['filters=country%3DXX', 'filters.country'],
      ['filters=risk%3Dnot_a_factor', 'filters.risk'],
      ['filters=risk_category%3Dvibes', 'filters.risk_category'],
      ['filters=bounds%3D1%7C2%7C3%7C4', 'filters.bounds'],
      ['filters=custom_%3Dbig', 'filters'],
      ['filters=label_fuzzy%3D', 'filters.label_fuzzy'],
      ['aggregations=location', 'aggregations'],
      ['next=bm90IGpzb24', 'next'],
    ])('400 naming the parameter for %s', async (query, parameter) => {
      const res = await alice('GET', `/v1/projects/${view}/contents/entity?sort=label&${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message.join(' ')).toContain(parameter);
    });
  });

  test('get/delete: 404 for an unknown id and for an entity of another project', async () => {
    const other = await newProject(alice, { label: 'Other' });
    const foreign = await newEntity(other, [ids[2]]);
    for (const method of ['GET', 'DELETE']) {
      expect((await alice(method, `/v1/projects/${pid}/entities/nope`)).status).toBe(404);
      const res = await alice(method, `/v1/projects/${pid}/entities/${foreign.id}`);
      expect(res.status).toBe(404);
      expect(res.body.message[0]).toContain('project entity');
    }
    expect((await alice('GET', `/v1/projects/${other}/entities/${foreign.id}`)).status).toBe(200);
  });

  test('delete: answers the entity as it was; it and its snapshots are gone', async () => {
    const pe = await newEntity(pid, ['e-gb-northwind-logistics']);
    const snap = await alice('POST', `/v1/projects/${pid}/entities/${pe.id}/supply_chain/snapshots`);
    expect(snap.status).toBe(200);
    const del = await alice('DELETE', `/v1/projects/${pid}/entities/${pe.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: pe.id, entity_ids: ['e-gb-northwind-logistics'], snapshot_count: 1 });
    expect((await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).status).toBe(404);
    const left = await h.graph.read('MATCH (s:Snapshot {id: $id}) RETURN count(s) AS n', { id: snap.body.data.id });
    expect(left[0].get('n')).toBe(0);
  });
});

describe('PATCH .../entities/{project_entity_id}/matches', () => {
  let pid: string;
  const patch = (pe: string, body: unknown) => alice('PATCH', `/v1/projects/${pid}/entities/${pe}/matches`, body);
  beforeAll(async () => {
    pid = await newProject(alice, { label: 'Matches' });
  });

  test('entity_ids replace the matches; a dropped match is remembered as deleted', async () => {
    const pe = await newEntity(pid, [ids[0], ids[1]]);
    const res = await patch(pe.id, { entity_ids: [ids[1], ids[2]] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [ids[1], ids[2]] });
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got).toMatchObject({ entity_id: ids[1], entity_ids: [ids[1], ids[2]], deleted_entity_ids: [ids[0]], version: 2 });
    const graph = await h.graph.read(
      'MATCH (pe:ProjectEntity {id: $id}) RETURN COLLECT { MATCH (pe)-[:MATCHES]->(e) RETURN e.id } AS m, COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e) RETURN e.id } AS d',
      { id: pe.id },
    );
    expect((graph[0].get('m') as string[]).sort()).toEqual([ids[1], ids[2]].sort());
    expect(graph[0].get('d')).toEqual([ids[0]]);
  });

  test('a deleted match is skipped unless override_deleted, which re-adds it', async () => {
    const pe = await newEntity(pid, [ids[0], ids[1]]);
    await patch(pe.id, { entity_ids: [ids[1]] });
    const skipped = await patch(pe.id, { entity_ids: [ids[0], ids[1], ids[2]] });
    expect(skipped.body.data).toEqual([ids[1], ids[2]]);
    let got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got.deleted_entity_ids).toEqual([ids[0]]);
    const restored = await patch(pe.id, { entity_ids: [ids[0], ids[1], ids[2]], override_deleted: true });
    expect(restored.body.data).toEqual([ids[0], ids[1], ids[2]]);
    got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got).toMatchObject({ entity_ids: [ids[0], ids[1], ids[2]], deleted_entity_ids: [] });
  });

  test('limit caps the total: default 10, max 50', async () => {
    const pe = await newEntity(pid, [ids[0]]);
    const twelve = ids.slice(0, 12);
    expect((await patch(pe.id, { entity_ids: twelve })).body.data).toEqual(twelve.slice(0, 10));
    expect((await patch(pe.id, { entity_ids: twelve, limit: 3 })).body.data).toEqual(twelve.slice(0, 3));
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got.entity_ids).toEqual(twelve.slice(0, 3));
    expect(got.deleted_entity_ids).toEqual(twelve.slice(3, 10).sort());
    expect((await patch(pe.id, { entity_ids: twelve, limit: 50, override_deleted: true })).body.data).toEqual(twelve);
    // null for the optional fields: their defaults (limit 10, no override).
    expect((await patch(pe.id, { entity_ids: twelve, limit: null, override_deleted: null })).body.data).toEqual(twelve.slice(0, 10));
  });

  test('an empty list deletes every match', async () => {
    const pe = await newEntity(pid, [ids[0], ids[1]]);
    expect((await patch(pe.id, { entity_ids: [] })).body.data).toEqual([]);
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    // The summary is an empty entity, not null: the published client's ProjectEntity requires a CoreEntity.
    expect(got).toMatchObject({ entity_id: '', entity_ids: [], deleted_entity_ids: [ids[0], ids[1]].sort(), summary: { id: '', label: '', risk: {} } });
  });

  test('unknown entity ids: 400 naming them, and the matches are unchanged', async () => {
    const pe = await newEntity(pid, [ids[0]]);
    const res = await patch(pe.id, { entity_ids: [ids[1], 'ghost-1', 'ghost-2'] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 400, success: false, message: [expect.stringMatching(/^entity_ids: unknown entity ids: "ghost-1", "ghost-2"/)] });
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got).toMatchObject({ entity_ids: [ids[0]], deleted_entity_ids: [], version: 1 });
  });

  test.each([
    ['entity_ids missing', {}],
    ['entity_ids not a list', { entity_ids: 'e-1' }],
    ['duplicates', { entity_ids: ['a', 'a'] }],
    ['limit 0', { entity_ids: [], limit: 0 }],
    ['limit 51', { entity_ids: [], limit: 51 }],
    ['limit not an integer', { entity_ids: [], limit: 2.5 }],
    ['override_deleted not a boolean', { entity_ids: [], override_deleted: 'yes' }],
    ['unknown field', { entity_ids: [], replace: true }],
  ])('400 for %s', async (_name, body) => {
    const pe = (await alice('GET', `/v1/projects/${pid}/entities?limit=1`)).body.data[0];
    const res = await patch(pe.id, body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  test('404 for an unknown project entity or project', async () => {
    expect((await patch('nope', { entity_ids: [] })).status).toBe(404);
    expect((await alice('PATCH', '/v1/projects/nope/entities/nope/matches', { entity_ids: [] })).status).toBe(404);
  });

  test('concurrent replacements are serialised: the final state is one of them, whole', async () => {
    const pe = await newEntity(pid, [ids[0]]);
    const sets = [ids.slice(1, 4), ids.slice(4, 7), ids.slice(7, 10), ids.slice(10, 13)];
    const results = await Promise.all(sets.map((s) => patch(pe.id, { entity_ids: s })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(sets.map((s) => JSON.stringify(s))).toContain(JSON.stringify(got.entity_ids));
    expect(got.version).toBe(5);
    expect([...got.entity_ids, ...got.deleted_entity_ids].sort()).toEqual(ids.slice(0, 13).sort());
  });
});

describe('the published client\'s resource calls (saveEntity, deleteResource)', () => {
  test('saveEntity adds a project entity with that one match; deleteResource removes it by its id', async () => {
    const pid = await newProject(alice, { label: 'Saved' });
    const saved = await alice('POST', '/v1/resource/entity', { type: 'entity', project: pid, entity_id: 'e-gb-northwind-logistics' });
    expect(saved.status).toBe(200);
    // EntityResponseData of the client, within the ProjectEntity.
    expect(saved.body.data).toMatchObject({
      type: 'entity', id: expect.any(String), project: pid, entity_id: 'e-gb-northwind-logistics', label: expect.any(String),
      created: expect.stringMatching(TIMESTAMP), updated: expect.stringMatching(TIMESTAMP), updated_by: 'alice', version: 1, tag_ids: [], case_status: 'not_assigned',
    });
    const list = (await alice('GET', `/v1/projects/${pid}/contents/entity`)).body.data;
    expect(list.map((e: any) => e.id)).toEqual([saved.body.data.id]);

    // Another organisation learns nothing from the id: the answer an unknown id gets.
    const outsider = await as('mallory', 'elsewhere')('DELETE', `/v1/resource/entity/${saved.body.data.id}`);
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ status: 404, success: false, message: [`project entity "${saved.body.data.id}" not found`] });
    expect(outsider.text).not.toContain(pid);

    const deleted = await alice('DELETE', `/v1/resource/entity/${saved.body.data.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ id: saved.body.data.id, entity_id: 'e-gb-northwind-logistics' });
    expect((await alice('GET', `/v1/projects/${pid}/contents/entity`)).body.data).toEqual([]);
    expect((await alice('DELETE', `/v1/resource/entity/${saved.body.data.id}`)).status).toBe(404);
  });

  test('saveEntity keeps custom fields (flat or under properties); the list sorts and filters on them', async () => {
    const pid = await newProject(alice, { label: 'Custom' });
    const save = async (entityId: string, custom: unknown) => {
      const res = await alice('POST', '/v1/resource/entity', { type: 'entity', project: pid, entity_id: entityId, custom_fields: custom });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const a = await save('e-gb-northwind-logistics', { custom_tier: 'gold', custom_owner: 'Ops' });
    const b = await save('e-ru-severstroy', { properties: { custom_tier: 'bronze' } });
    const c = await save('p-viktor-antonov', undefined);
    expect(a.custom_fields).toEqual({ custom_tier: 'gold', custom_owner: 'Ops' });
    expect(b.custom_fields).toEqual({ custom_tier: 'bronze' });
    expect(c.custom_fields).toEqual({});
    expect((await alice('GET', `/v1/projects/${pid}/entities/${a.id}`)).body.data.custom_fields).toEqual(a.custom_fields);
    const ids = async (query: string) => (await alice('GET', `/v1/projects/${pid}/contents/entity?${query}`)).body.data.map((e: any) => e.id);
    // Values compare without case; entities without the field come last either way.
    expect(await ids('sort=custom_tier')).toEqual([b.id, a.id, c.id]);
    expect(await ids('sort=-custom_tier')).toEqual([a.id, b.id, c.id]);
    expect(await ids('filters=custom_tier%3Dgold')).toEqual([a.id]);
    expect(await ids('filters[custom_tier]=gold&filters[custom_tier]=bronze')).toEqual([a.id, b.id]);
    // Values are trimmed when saved, as filter values are; a long value still pages (the token
    // holds the row, not the whole value).
    const d = await save('e-gb-kensington-mews-properties', { custom_tier: '  silver ', custom_note: 'n'.repeat(1000) });
    expect(d.custom_fields.custom_tier).toBe('silver');
    expect(await ids('filters=custom_tier%3Dsilver')).toEqual([d.id]);
    const first = (await alice('GET', `/v1/projects/${pid}/contents/entity?sort=-custom_note&limit=1`)).body;
    expect(first.data.map((e: any) => e.id)).toEqual([d.id]);
    const second = await alice('GET', `/v1/projects/${pid}/contents/entity?sort=-custom_note&limit=1&next=${first.next}`);
    expect(second.status).toBe(200);
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0].id).not.toBe(d.id);
    for (const custom of [{ custom_tier: '   ' }, { tier: 'gold' }, { custom_tier: 3 }, { properties: { tier: 'x' } }, Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`custom_f${i}`, 'v']))]) {
      const res = await alice('POST', '/v1/resource/entity', { type: 'entity', project: pid, entity_id: 'e-gb-northwind-logistics', custom_fields: custom });
      expect([custom, res.status]).toEqual([custom, 400]);
      expect(res.body.message.join(' ')).toContain('custom_fields');
    }
  });

  test('bad saves and deletes: 400 naming the field, 404 for what the caller cannot see', async () => {
    const pid = await newProject(alice, { label: 'Saved, badly' });
    const bad = async (body: unknown, status: number, named?: string) => {
      const res = await alice('POST', '/v1/resource/entity', body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      if (named) expect(res.body.message.join(' ')).toContain(named);
    };
    await bad({ type: 'record', project: pid, entity_id: 'e-gb-northwind-logistics' }, 400, 'type');
    await bad({ type: 'entity', project: pid }, 400, 'entity_id');
    await bad({ type: 'entity', project: pid, entity_id: 'no-such-entity' }, 400, 'entity_ids');
    await bad({ type: 'entity', project: 'no-such-project', entity_id: 'e-gb-northwind-logistics' }, 404);
    const saved = (await alice('POST', '/v1/resource/entity', { type: 'entity', project: pid, entity_id: 'e-gb-northwind-logistics' })).body.data;
    expect((await as('mallory', 'org-m')('DELETE', `/v1/resource/entity/${saved.id}`)).status).toBe(404);
    expect((await alice('DELETE', `/v1/resource/record/${saved.id}`)).status).toBe(400);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${saved.id}`)).status).toBe(200);
  });
});

describe('supply-chain snapshots', () => {
  let pid: string;
  let pe: any;
  const base = () => `/v1/projects/${pid}/entities/${pe.id}/supply_chain/snapshots`;
  beforeAll(async () => {
    pid = await newProject(alice, { label: 'Chain', extra: { type: 'supply_chain' } });
    pe = await newEntity(pid, ['e-gb-northwind-logistics']);
  });

  test('create stores the upstream ownership traversal of the primary match at that moment', async () => {
    const res = await alice('POST', base());
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      id: expect.any(String), project_id: pid, project_entity_id: pe.id, entity_id: 'e-gb-northwind-logistics',
      created: expect.stringMatching(TIMESTAMP), created_by: 'alice',
    });
    expect(s.data.relationships).toEqual(['has_shareholder', 'has_beneficial_owner', 'has_owner', 'subsidiary_of', 'branch_of']);
    const targets = s.data.data.map((d: any) => d.target.id);
    expect(targets).toEqual(expect.arrayContaining(['e-cy-northwind-holdings', 'e-vg-aldgate-ventures', 'p-viktor-antonov']));
    const viktor = s.data.data.find((d: any) => d.target.id === 'p-viktor-antonov');
    expect(viktor.path.map((p: any) => p.entity.id)).toEqual(['e-cy-northwind-holdings', 'e-vg-aldgate-ventures', 'p-viktor-antonov']);
    // The same as /v1/ubo at that moment (up to 50 paths).
    const ubo = await h.json('/v1/ubo/e-gb-northwind-logistics?limit=50');
    expect(targets).toEqual(ubo.body.data.map((d: any) => d.target.id));
  });

  test('list (newest first, without data), get (with data), delete', async () => {
    const second = (await alice('POST', base())).body.data;
    const list = await alice('GET', base());
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ offset: 0, limit: 100, next: false, size: { count: 2, qualifier: 'eq' } });
    expect(list.body.data[0].id).toBe(second.id);
    expect(list.body.data[0].data).toBeUndefined();
    const paged = await alice('GET', `${base()}?limit=1`);
    expect(paged.body).toMatchObject({ next: true, data: [{ id: second.id }] });
    const got = await alice('GET', `${base()}/${second.id}`);
    expect(got.body.data).toEqual(second);
    const del = await alice('DELETE', `${base()}/${second.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toMatchObject({ id: second.id, entity_id: 'e-gb-northwind-logistics' });
    expect((await alice('GET', `${base()}/${second.id}`)).status).toBe(404);
    expect((await alice('DELETE', `${base()}/${second.id}`)).status).toBe(404);
    expect((await alice('GET', base())).body.size.count).toBe(1);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data.snapshot_count).toBe(1);
  });

  test('the project entity\'s upstream is the risk and countries upstream in its latest snapshot', async () => {
    const fresh = await newEntity(pid, ['e-gb-northwind-logistics']);
    expect(fresh.upstream).toMatchObject({ risk: [], countries: [] });
    const snap = (await alice('POST', `/v1/projects/${pid}/entities/${fresh.id}/supply_chain/snapshots`)).body.data;
    const entities = snap.data.data.flatMap((d: any) => d.path.map((segment: any) => segment.entity));
    const risk = [...new Set(entities.flatMap((e: any) => Object.keys(e.risk)))].sort();
    const countries = [...new Set(entities.flatMap((e: any) => e.countries))].sort();
    expect(risk).toContain('sanctioned_usa_ofac_sdn');
    expect(countries).toEqual(expect.arrayContaining(['CYP', 'RUS']));
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${fresh.id}`)).body.data;
    expect(got.upstream).toMatchObject({ risk, countries });
    const listed = (await alice('GET', `/v1/projects/${pid}/entities?limit=100`)).body.data.find((e: any) => e.id === fresh.id);
    expect(listed.upstream).toMatchObject({ risk, countries });
    // Deleting the only snapshot leaves no upstream known.
    await alice('DELETE', `/v1/projects/${pid}/entities/${fresh.id}/supply_chain/snapshots/${snap.id}`);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${fresh.id}`)).body.data.upstream).toMatchObject({ risk: [], countries: [] });
  });

  test('404 for a snapshot of another project entity; 409 without matches; 400 for bad paging', async () => {
    const other = await newEntity(pid, ['e-gb-harbourline-shipping']);
    const snap = (await alice('POST', `/v1/projects/${pid}/entities/${other.id}/supply_chain/snapshots`)).body.data;
    expect((await alice('GET', `${base()}/${snap.id}`)).status).toBe(404);
    expect((await alice('DELETE', `${base()}/${snap.id}`)).status).toBe(404);
    expect((await alice('GET', `/v1/projects/${pid}/entities/nope/supply_chain/snapshots`)).status).toBe(404);
    await alice('PATCH', `/v1/projects/${pid}/entities/${other.id}/matches`, { entity_ids: [] });
    const empty = await alice('POST', `/v1/projects/${pid}/entities/${other.id}/supply_chain/snapshots`);
    expect(empty.status).toBe(409);
    expect(empty.body.message[0]).toContain('no matches');
    expect((await alice('GET', `${base()}?limit=0`)).status).toBe(400);
    expect((await alice('GET', `${base()}?offset=-1`)).status).toBe(400);
  });
});

// Last: what every test above saved, through each route that makes matches.
testEveryMatchMarked('the project routes', () => h.graph);
