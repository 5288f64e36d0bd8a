import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';
import { testEveryMatchMarked } from '../support/matchedEntities';
import { newProject } from '../support/projects';

let h: Harness;
let alice: Call;
let bob: Call;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-a');
  bob = callAs(h, 'bob', 'org-b');
});
afterAll(() => h.close());

const create = (pid: string, body: Record<string, unknown>, call: Call = alice) => call('POST', `/v1/projects/${pid}/entities/create`, body);

describe('POST /v1/projects/{id}/entities/create from attributes', () => {
  test('resolves against the graph: the right match first, with its explanation, profile and strength', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const res = await create(pid, { name: ['Northwind Holdings Ltd'], country: ['CYP'], identifier: ['HE345678'], profile: 'corporate', custom_region: 'EMEA' });
    expect(res.status).toBe(200);
    const pe = res.body.data;
    expect(pe).toMatchObject({
      project_id: pid, project_entity_id: pe.id, strength: 'strong', case: 'not_assigned', tags: [], upload_ids: [],
      attributes: { name: { values: ['Northwind Holdings Ltd'], match_resolution: true }, identifier: { values: ['HE345678'], match_resolution: true } },
      custom_fields: { custom_region: 'EMEA' },
      // The older generation's fields on the same body.
      project: pid, entity_id: 'e-cy-northwind-holdings', type: 'entity',
    });
    const [first] = pe.matches;
    expect(first).toMatchObject({ match_id: 'e-cy-northwind-holdings', sayari_entity_id: 'e-cy-northwind-holdings', match_profile: 'corporate', strength: 'strong' });
    expect(first.summary.id).toBe('e-cy-northwind-holdings');
    const fields = first.match_explanation.map((x: { field: string }) => x.field).sort();
    expect(fields).toEqual(expect.arrayContaining(['identifier', 'name']));
    expect(first.match_explanation.find((x: { field: string }) => x.field === 'identifier')).toMatchObject({ quality: 'high', matches: [expect.stringMatching(/^HE ?345678$/)] });
    // Stored: the same body on a GET.
    const got = await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`);
    expect(got.body.data.matches.map((m: { match_id: string }) => m.match_id)).toEqual(pe.matches.map((m: { match_id: string }) => m.match_id));
  });

  test('no match: stored with strength no_match and the name as its label', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const res = await create(pid, { name: ['Zzyzx Quorbital Fabricators'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ strength: 'no_match', matches: [], label: 'Zzyzx Quorbital Fabricators', entity_ids: [] });
  });

  test('the older entity_ids body keeps working; the two cannot be combined', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const old = await create(pid, { entity_ids: ['e-gb-northwind-logistics'] });
    expect(old.status).toBe(200);
    expect(old.body.data).toMatchObject({ entity_ids: ['e-gb-northwind-logistics'], strength: 'manual', matches: [{ match_id: 'e-gb-northwind-logistics' }] });
    const both = await create(pid, { entity_ids: ['e-gb-northwind-logistics'], name: ['Northwind'] });
    expect(both.status).toBe(400);
    expect(both.body.message.join(' ')).toContain('entity_ids');
  });

  test.each([
    ['nothing to resolve', { country: ['GBR'] }, 'entity_ids'],
    ['name not a list', { name: 'Northwind' }, 'name'],
    ['unknown profile', { name: ['x'], profile: 'friends' }, 'profile'],
    ['unknown field', { name: ['x'], colour: ['red'] }, 'colour'],
    ['bad date of birth', { name: ['x'], date_of_birth: ['yesterday'] }, 'dob'],
  ])('400 for %s', async (_n, body, param) => {
    const pid = await newProject(alice, { label: 'Screening' });
    const res = await create(pid, body);
    expect(res.status).toBe(400);
    expect(res.body.message.join(' ')).toContain(param);
  });
});

describe('matches, exists, save', () => {
  test('a deleted match stays deleted when the entity is resolved again', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const pe = (await create(pid, { name: ['Northwind Holdings Ltd'], country: ['CYP'] })).body.data;
    const matchId = pe.matches[0].match_id;
    const del = await alice('DELETE', `/v1/projects/${pid}/entities/${pe.id}/matches/${matchId}`);
    expect(del.status).toBe(200);
    expect(del.body.data.matches.map((m: { match_id: string }) => m.match_id)).not.toContain(matchId);
    expect(del.body.data.deleted_entity_ids).toContain(matchId);
    // Resolving again (an added identifier that pins this very entity) skips it.
    const added = await alice('POST', `/v1/projects/${pid}/entities/${pe.id}/attributes`, { field: 'identifier', value: 'HE345678', match_resolution: true });
    expect(added.status).toBe(200);
    expect(added.body.data).toEqual({ id: expect.any(String), field: 'identifier', value: 'HE345678', match_resolution: true });
    const again = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(again.matches.map((m: { match_id: string }) => m.match_id)).not.toContain(matchId);
    expect(again.attributes.identifier).toEqual({ values: ['HE345678'], match_resolution: true });
    // With the match restored (the older generation's override), resolution finds it again.
    await alice('PATCH', `/v1/projects/${pid}/entities/${pe.id}/matches`, { entity_ids: [matchId], override_deleted: true });
    const put = await alice('PUT', `/v1/projects/${pid}/entities/${pe.id}/attributes/${added.body.data.id}`, { field: 'identifier', value: 'HE 345678', match_resolution: true });
    expect(put.status).toBe(200);
    const restored = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(restored.matches[0]).toMatchObject({ match_id: matchId, strength: 'strong' });
    expect((await alice('DELETE', `/v1/projects/${pid}/entities/${pe.id}/matches/${matchId}`)).status).toBe(200);
    expect((await alice('DELETE', `/v1/projects/${pid}/entities/${pe.id}/matches/${matchId}`)).status).toBe(404);
  });

  test('exists finds the entity saved with the same attributes (any order, any case); save stores given ids', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const pe = (await create(pid, { name: ['Northwind Logistics'], country: ['GBR'] })).body.data;
    const found = await alice('POST', `/v1/projects/${pid}/entities/exists`, { country: ['gbr'], name: ['northwind logistics'] });
    expect(found.body).toEqual({ data: { project_entity_id: pe.id } });
    const missing = await alice('POST', `/v1/projects/${pid}/entities/exists`, { name: ['Someone Else'] });
    expect(missing.body).toEqual({ data: {} });
    const saved = await alice('POST', `/v1/projects/${pid}/entities/save`, {
      entity_ids: ['e-cy-northwind-holdings'], attributes: { name: ['Northwind Holdings'] }, profile: 'corporate',
    });
    expect(saved.status).toBe(200);
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${saved.body.data.project_entity_id}`)).body.data;
    expect(got).toMatchObject({ strength: 'manual', entity_ids: ['e-cy-northwind-holdings'], attributes: { name: { values: ['Northwind Holdings'] } } });
    const bad = await alice('POST', `/v1/projects/${pid}/entities/save`, { entity_ids: ['ghost'], attributes: {}, profile: 'corporate' });
    expect(bad.status).toBe(400);
    expect(bad.body.message.join(' ')).toContain('entity_ids');
  });

  test('another org\'s project entity and its matches are a 404', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const pe = (await create(pid, { name: ['Northwind Holdings Ltd'] })).body.data;
    expect((await bob('GET', `/v1/projects/${pid}/entities/${pe.id}`)).status).toBe(404);
    expect((await bob('DELETE', `/v1/projects/${pid}/entities/${pe.id}/matches/${pe.matches[0].match_id}`)).status).toBe(404);
    expect((await bob('POST', `/v1/projects/${pid}/entities/exists`, { name: ['Northwind Holdings Ltd'] })).status).toBe(404);
    expect((await create(pid, { name: ['x'] }, bob)).status).toBe(404);
  });
});

describe('POST /v1/resolution/persisted/{project}', () => {
  test('resolves as /v1/resolution does and saves the result in the project', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const res = await alice('POST', `/v1/resolution/persisted/${pid}?limit=3`, { name: ['Northwind Holdings Ltd'], identifier: 'HE345678' });
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual({ name: ['Northwind Holdings Ltd'], identifier: ['HE345678'] });
    expect(res.body.data[0]).toMatchObject({ entity_id: 'e-cy-northwind-holdings', saved_entity_id: expect.any(String) });
    const saved = (await alice('GET', `/v1/projects/${pid}/entities/${res.body.data[0].saved_entity_id}`)).body.data;
    expect(saved).toMatchObject({ entity_id: 'e-cy-northwind-holdings', attributes: { name: { values: ['Northwind Holdings Ltd'] } } });
    expect((await bob('POST', `/v1/resolution/persisted/${pid}`, { name: ['x'] })).status).toBe(404);
    const bad = await alice('POST', `/v1/resolution/persisted/${pid}`, { name: ['x'], colour: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.body.message.join(' ')).toContain('colour');
  });
});

describe('project entity attributes', () => {
  test('list by field, add without resolution, delete; bad field and unknown id', async () => {
    const pid = await newProject(alice, { label: 'Screening' });
    const pe = (await create(pid, { name: ['Northwind Logistics'], country: ['GBR'] })).body.data;
    const path = `/v1/projects/${pid}/entities/${pe.id}/attributes`;
    const phone = await alice('POST', path, { field: 'custom_phone', value: '+1-555-123-4567', match_resolution: false });
    expect(phone.status).toBe(200);
    const listed = (await alice('GET', path)).body.data;
    expect(listed).toEqual([
      { field: 'name', match_resolution: true, values: [{ id: 1, value: 'Northwind Logistics' }] },
      { field: 'country', match_resolution: true, values: [{ id: 2, value: 'GBR' }] },
      { field: 'custom_phone', match_resolution: false, values: [{ id: 3, value: '+1-555-123-4567' }] },
    ]);
    // The custom field shows in the older generation's custom_fields too; the matches did not change.
    const got = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(got.custom_fields).toEqual({ custom_phone: '+1-555-123-4567' });
    expect(got.entity_ids).toEqual(pe.entity_ids);
    expect((await alice('DELETE', `${path}/3`)).status).toBe(200);
    expect((await alice('GET', path)).body.data).toHaveLength(2);
    expect((await alice('DELETE', `${path}/3`)).status).toBe(404);
    const bad = await alice('POST', path, { field: 'colour', value: 'red', match_resolution: false });
    expect(bad.status).toBe(400);
    expect(bad.body.message.join(' ')).toContain('field');
    expect((await alice('PUT', `${path}/99`, { field: 'name', value: 'x', match_resolution: false })).status).toBe(404);
    expect((await bob('GET', path)).status).toBe(404);
  });
});

describe('GET /v1/projects/{id}/entities with the newer filter', () => {
  let pid: string;
  beforeAll(async () => {
    pid = await newProject(alice, { label: 'Screening' });
    await create(pid, { name: ['Northwind Holdings Ltd'], country: ['CYP'], identifier: ['HE345678'] });
    await create(pid, { name: ['Zzyzx Quorbital Fabricators'] });
    await create(pid, { entity_ids: ['e-gb-northwind-logistics'] });
  });
  const list = (qs: string) => alice('GET', `/v1/projects/${pid}/entities?${qs}`);
  const labels = (res: { body: { data: { strength: string }[] } }) => res.body.data.map((e) => e.strength);

  test('bracket and dot notation, strength, fuzzy label, entity type; both page token names', async () => {
    expect(labels(await list('filter[match_strength]=strong'))).toEqual(['strong']);
    expect(labels(await list('filter.match_strength=no_match&filter.match_strength=manual'))).toEqual(['no_match', 'manual']);
    expect((await list('filter[label][fuzzy]=northwind')).body.data).toHaveLength(2);
    expect((await list('filter[match_entity_id]=e-gb-northwind-logistics')).body.data).toHaveLength(1);
    expect((await list('filter[case_status]=not_assigned')).body.data).toHaveLength(3);
    expect((await list('filter[entity_type]=person')).body.data).toHaveLength(0);
    const page = await list('limit=1');
    expect(page.body).toMatchObject({ limit: 1, size: { count: 3, qualifier: 'eq' }, next_token: page.body.next });
    const second = await list(`limit=1&token=${page.body.next_token}`);
    expect(second.body.data[0].id).not.toBe(page.body.data[0].id);
  });

  test('400 naming the client parameter', async () => {
    const cases: [string, string][] = [
      ['filter[match_strength]=mighty', 'filter.match_strength'],
      ['filter[colour]=red', 'filter.colour'],
      ['filter[bounds]=1|2|3|4', 'filter.bounds'],
      ['filter[entity_type]=dragon', 'filter.entity_type'],
      ['filter[attribute][region]=x', 'filter.attribute.region'],
    ];
    for (const [qs, param] of cases) {
      const res = await list(qs);
      expect(res.status).toBe(400);
      expect(res.body.message.join(' ')).toContain(param);
    }
  });
});

// Last: what every test above saved, through each route that makes matches.
testEveryMatchMarked('the project entity routes', () => h.graph);
