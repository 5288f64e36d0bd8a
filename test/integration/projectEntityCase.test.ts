/**
 * Tags and case status of project entities after creation: PATCH /v1/projects/{id}/entities/{pe},
 * both generations' fields in the answer and on later reads, the list filtered by them as each
 * client generation sends the filter, history, usage, roles and other organisations.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';
import { newProject } from '../support/projects';

let h: Harness;
let alice: Call;
let carol: Call;
let bob: Call;

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  alice = callAs(h, 'alice', 'org-case');
  carol = callAs(h, 'carol', 'org-case');
  bob = callAs(h, 'bob', 'org-other');
});
afterAll(() => h.close());

const create = async (pid: string, name: string) => (await alice('POST', `/v1/projects/${pid}/entities/create`, { name: [name] })).body.data;
const patch = (pid: string, pe: string, body: unknown, call: Call = alice) => call('PATCH', `/v1/projects/${pid}/entities/${pe}`, body);
const ids = (res: { status: number; body: any }) => {
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  return res.body.data.map((e: any) => e.id).sort();
};

describe('PATCH /v1/projects/{id}/entities/{pe}', () => {
  test('sets tags and case status; both generations read them; a kept tag keeps its date', async () => {
    const pid = await newProject(alice, { label: 'Cases' });
    const pe = await create(pid, 'Northwind Holdings Ltd');
    expect(pe).toMatchObject({ tags: [], case: 'not_assigned', tag_ids: [], case_status: 'not_assigned' });

    const first = await patch(pid, pe.id, { tags: ['high-risk', 'sanctions-review'], case_status: 'in_review' });
    expect(first.status).toBe(200);
    const d = first.body.data;
    expect(d).toMatchObject({ id: pe.id, case: 'in_review', case_status: 'in_review', tag_ids: ['high-risk', 'sanctions-review'], version: pe.version + 1 });
    expect(d.tags).toEqual([
      { id: 'high-risk', label: 'high-risk', created_at: expect.stringMatching(/^\d{4}-/) },
      { id: 'sanctions-review', label: 'sanctions-review', created_at: expect.stringMatching(/^\d{4}-/) },
    ]);
    // The matches are untouched.
    expect(d.entity_ids).toEqual(pe.entity_ids);

    // Only the case status: the tags stay; then only the tags: the kept one keeps its date.
    const second = (await patch(pid, pe.id, { case_status: 'approved' })).body.data;
    expect(second).toMatchObject({ case: 'approved', tag_ids: ['high-risk', 'sanctions-review'] });
    await new Promise((r) => setTimeout(r, 5));
    const third = (await patch(pid, pe.id, { tags: ['sanctions-review', 'escalated'] })).body.data;
    expect(third).toMatchObject({ case: 'approved', tag_ids: ['sanctions-review', 'escalated'] });
    expect(third.tags[0].created_at).toBe(d.tags[1].created_at);
    expect(third.tags[1].created_at > d.tags[1].created_at).toBe(true);

    const read = (await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data;
    expect(read).toMatchObject({ case: 'approved', case_status: 'approved', tag_ids: ['sanctions-review', 'escalated'] });
    expect((await patch(pid, pe.id, { tags: [] })).body.data).toMatchObject({ tags: [], tag_ids: [], case: 'approved' });
  });

  test.each([
    [{}, 'body'],
    [{ case_status: 'closed' }, 'case_status'],
    [{ tags: ['a', 'a'] }, 'tags'],
    [{ tags: [''] }, 'tags'],
    [{ tags: ['   '] }, 'tags'],
    [{ tags: ['x'.repeat(101)] }, 'tags'],
    [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, 'tags'],
    [{ tags: 'one' }, 'tags'],
    [{ label: 'x' }, 'label'],
  ])('400 for %j naming %s; nothing changes', async (body, name) => {
    const pid = await newProject(alice, { label: 'Cases' });
    const pe = await create(pid, 'Harbourline Shipping');
    const res = await patch(pid, pe.id, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(name);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data).toMatchObject({ version: pe.version, tags: [], case: 'not_assigned' });
  });

  test('another org: 404 for the entity, the project and with a valid body; nothing changes', async () => {
    const pid = await newProject(alice, { label: 'Cases' });
    const pe = await create(pid, 'Northwind Holdings Ltd');
    expect((await patch(pid, pe.id, { case_status: 'rejected' }, bob)).status).toBe(404);
    const own = await newProject(bob, { label: 'Cases' });
    expect((await patch(own, pe.id, { case_status: 'rejected' }, bob)).status).toBe(404);
    expect((await patch(pid, 'no-such-entity', { case_status: 'rejected' })).status).toBe(404);
    expect((await alice('GET', `/v1/projects/${pid}/entities/${pe.id}`)).body.data.case).toBe('not_assigned');
  });

  test('roles: a viewer of the org is refused (403), an editor changes; archived is 409', async () => {
    const viewerShared = await newProject(alice, { label: 'Cases', share: 'viewer' });
    const pe = await create(viewerShared, 'Northwind Holdings Ltd');
    expect((await patch(viewerShared, pe.id, { case_status: 'rejected' }, carol)).status).toBe(403);
    const editorShared = await newProject(alice, { label: 'Cases', share: 'editor' });
    const pe2 = await create(editorShared, 'Northwind Holdings Ltd');
    expect((await patch(editorShared, pe2.id, { case_status: 'rejected' }, carol)).body.data).toMatchObject({ case: 'rejected', updated_by: 'carol' });
    expect((await alice('DELETE', `/v1/projects/${editorShared}`)).status).toBe(200);
    expect((await patch(editorShared, pe2.id, { case_status: 'approved' })).status).toBe(409);
  });

  test('a project_entity.case_updated event and a usage count per change', async () => {
    const dave = callAs(h, 'dave', 'org-case-usage');
    const pid = await newProject(dave, { label: 'Cases' });
    const pe = (await dave('POST', `/v1/projects/${pid}/entities/create`, { name: ['Northwind Holdings Ltd'] })).body.data;
    await patch(pid, pe.id, { tags: ['vip'], case_status: 'in_review' }, dave);
    await patch(pid, pe.id, { case_status: 'approved' }, dave);
    const events = (await dave('GET', '/v1/history?events=project_entity.case_updated')).body.events;
    expect(events.map((e: any) => e.data)).toEqual([
      { project_id: pid, project_entity_id: pe.id, case_status: 'approved' },
      { project_id: pid, project_entity_id: pe.id, tags: ['vip'], case_status: 'in_review' },
    ]);
    const usage = (await dave('GET', '/v1/usage')).body;
    expect(usage.paths).toContainEqual({ path: '/v1/projects/{project_id}/entities/{project_entity_id}', views: 2, credits: 0 });
  });
});

describe('the list filtered by tags and case status', () => {
  let pid: string;
  let a: string;
  let b: string;
  let c: string;
  beforeAll(async () => {
    pid = await newProject(alice, { label: 'Cases' });
    a = (await create(pid, 'Northwind Holdings Ltd')).id;
    b = (await create(pid, 'Harbourline Shipping')).id;
    c = (await create(pid, 'Quorbital Fabricators')).id;
    await patch(pid, a, { tags: ['high-risk'], case_status: 'in_review' });
    await patch(pid, b, { tags: ['high-risk', 'vip'], case_status: 'approved' });
  });
  const list = (query: string) => alice('GET', `/v1/projects/${pid}/entities?${query}`);

  test('the newer client: filter[tag], filter[case_status] (alternatives within, all fields together)', async () => {
    expect(ids(await list('filter[tag]=high-risk'))).toEqual([a, b].sort());
    expect(ids(await list('filter[tag]=vip'))).toEqual([b]);
    expect(ids(await list('filter.tag=vip&filter.tag=high-risk'))).toEqual([a, b].sort());
    expect(ids(await list('filter[case_status]=not_assigned'))).toEqual([c]);
    expect(ids(await list('filter[case_status][0]=in_review&filter[case_status][1]=approved'))).toEqual([a, b].sort());
    expect(ids(await list('filter[tag]=high-risk&filter[case_status]=approved'))).toEqual([b]);
    expect(ids(await list('filter[tag]=nobody'))).toEqual([]);
    const counted = (await list('filter[tag]=high-risk&limit=1')).body;
    expect(counted.size).toEqual({ count: 2, qualifier: 'eq' });
    expect(counted.data).toHaveLength(1);
  });

  test('the 0.1.44 client: top-level case_status and tags, JSON-encoded; plain values too', async () => {
    const q = (name: string, v: unknown) => `${name}=${encodeURIComponent(JSON.stringify(v))}`;
    expect(ids(await list(q('tags', ['vip'])))).toEqual([b]);
    expect(ids(await list(q('case_status', 'in_review')))).toEqual([a]);
    expect(ids(await list(`${q('case_status', ['in_review', 'not_assigned'])}&${q('tags', ['high-risk'])}`))).toEqual([a]);
    expect(ids(await list('case_status=approved'))).toEqual([b]);
  });

  test('the older client: filters=case_status=... and filters[tag]', async () => {
    expect(ids(await alice('GET', `/v1/projects/${pid}/contents/entity?filters=${encodeURIComponent('case_status=approved')}`))).toEqual([b]);
    expect(ids(await alice('GET', `/v1/projects/${pid}/contents/entity?filters[tag]=high-risk`))).toEqual([a, b].sort());
  });

  test('400 naming the parameter as the client sent it', async () => {
    const named = async (query: string, name: string) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(name);
    };
    await named('filter[case_status]=closed', 'filter.case_status');
    await named(`case_status=${encodeURIComponent('"closed"')}`, 'case_status');
    await named(`tags=${encodeURIComponent('["vip"')}`, 'tags');
    await named(`tags=${encodeURIComponent('[1]')}`, 'tags');
  });
});
