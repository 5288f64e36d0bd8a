/**
 * Project access: the creator, and the members of the creator's org at the shared role.
 * A project of another org (or an unshared project of a colleague) does not exist for the
 * caller: 404 on every route, never 403, never its data. Visible but a too low role: 403.
 */
import { Call, Harness, SAMPLE, callAs, startHarness } from '../support/harness';

let h: Harness;
const as = (user: string, org: string): Call => callAs(h, user, org);

let owner: Call;
const SECRET_LABEL = 'Project Nightingale (confidential)';

/** A project of `owner` with one project entity and one snapshot. */
async function fixture(share?: 'viewer' | 'editor' | 'admin') {
  const p = await owner('POST', '/v1/projects', { label: SECRET_LABEL, type: 'supply_chain', ...(share ? { share: { org: share } } : {}) });
  const project = p.body.data.id as string;
  const pe = await owner('POST', `/v1/projects/${project}/entities/create`, { entity_ids: ['e-gb-northwind-logistics', 'e-cy-northwind-holdings'] });
  const entity = pe.body.data.id as string;
  const s = await owner('POST', `/v1/projects/${project}/entities/${entity}/supply_chain/snapshots`);
  return { project, entity, snapshot: s.body.data.id as string };
}

type Op = { name: string; method: string; path: (f: Fixture) => string; body?: unknown; role: 'viewer' | 'editor' | 'admin' };
type Fixture = Awaited<ReturnType<typeof fixture>>;

const P = (f: Fixture) => `/v1/projects/${f.project}`;
const PE = (f: Fixture) => `${P(f)}/entities/${f.entity}`;
const S = (f: Fixture) => `${PE(f)}/supply_chain/snapshots`;

/** Every project route, with the role it needs. */
const OPS: Op[] = [
  { name: 'get project', method: 'GET', path: P, role: 'viewer' },
  { name: 'list entities', method: 'GET', path: (f) => `${P(f)}/entities`, role: 'viewer' },
  { name: 'list contents/entity', method: 'GET', path: (f) => `${P(f)}/contents/entity`, role: 'viewer' },
  { name: 'get entity', method: 'GET', path: PE, role: 'viewer' },
  { name: 'list snapshots', method: 'GET', path: S, role: 'viewer' },
  { name: 'get snapshot', method: 'GET', path: (f) => `${S(f)}/${f.snapshot}`, role: 'viewer' },
  { name: 'add entity', method: 'POST', path: (f) => `${P(f)}/entities/create`, body: { entity_ids: ['e-gb-harbourline-shipping'] }, role: 'editor' },
  { name: 'replace matches', method: 'PATCH', path: (f) => `${PE(f)}/matches`, body: { entity_ids: ['e-gb-harbourline-shipping'] }, role: 'editor' },
  { name: 'create snapshot', method: 'POST', path: S, role: 'editor' },
  { name: 'delete snapshot', method: 'DELETE', path: (f) => `${S(f)}/${f.snapshot}`, role: 'admin' },
  { name: 'delete entity', method: 'DELETE', path: PE, role: 'admin' },
  { name: 'archive project', method: 'DELETE', path: P, role: 'admin' },
];
const RANK = { viewer: 1, editor: 2, admin: 3 };

/** What a project looks like in the graph, to show a refused call changed nothing. */
async function state(f: Fixture) {
  const rows = await h.graph.read(
    `MATCH (p:Project {id: $id})
     RETURN p {.*} AS p,
       COLLECT { MATCH (p)-[:HAS_ENTITY]->(pe) RETURN pe {.*, m: COLLECT { MATCH (pe)-[:MATCHES]->(e) RETURN e.id }, d: COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e) RETURN e.id }} } AS pes,
       COLLECT { MATCH (p)-[:HAS_ENTITY]->()-[:HAS_SNAPSHOT]->(s) RETURN s.id } AS snapshots`,
    { id: f.project },
  );
  return JSON.stringify(rows[0].toObject());
}

beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
  owner = as('alice', 'org-a');
});
afterAll(() => h.close());

describe('a project of another org does not exist for the caller', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture('admin'); // shared with org-a at the highest role: still nothing for org-b
  });

  test.each(OPS.map((op) => [op.name, op] as const))('404 for %s, with nothing of the project in the answer, nothing changed', async (_name, op) => {
    const before = await state(f);
    for (const caller of [as('mallory', 'org-b'), as('alice', 'org-b')]) {
      const res = await caller(op.method, op.path(f), op.body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, success: false, message: [`project ${JSON.stringify(f.project)} not found`] });
      expect(res.text).not.toContain('Nightingale');
      expect(res.text).not.toContain('northwind');
    }
    expect(await state(f)).toBe(before);
  });

  test('the same 404 as for a project id that never existed', async () => {
    const stranger = as('mallory', 'org-b');
    const real = await stranger('GET', P(f));
    const fake = await stranger('GET', '/v1/projects/00000000-0000-0000-0000-000000000000');
    expect(fake.status).toBe(real.status);
    expect(fake.body.message[0].replace(/".*"/, '')).toBe(real.body.message[0].replace(/".*"/, ''));
  });

  test('it is not listed', async () => {
    for (const archived of ['false', 'true']) {
      const res = await as('mallory', 'org-b')('GET', `/v1/projects?archived=${archived}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((p: any) => p.id)).not.toContain(f.project);
    }
  });

  test('an unshared project of a colleague in the same org does not exist either', async () => {
    const own = await fixture();
    const colleague = as('bob', 'org-a');
    for (const op of OPS) {
      const res = await colleague(op.method, op.path(own), op.body);
      expect([op.name, res.status]).toEqual([op.name, 404]);
    }
    expect((await colleague('GET', '/v1/projects')).body.data.map((p: any) => p.id)).not.toContain(own.project);
  });
});

describe('roles of the shared org', () => {
  const colleague = () => as('bob', 'org-a');

  for (const role of ['viewer', 'editor', 'admin'] as const) {
    describe(`shared as ${role}`, () => {
      test.each(OPS.map((op) => [op.name, op] as const))(`%s`, async (_name, op) => {
        const f = await fixture(role);
        const before = await state(f);
        const res = await colleague()(op.method, op.path(f), op.body);
        if (RANK[role] >= RANK[op.role]) {
          expect(res.status).toBe(200);
        } else {
          expect(res.status).toBe(403);
          expect(res.body).toEqual({ status: 403, success: false, message: [expect.stringContaining(`needs the ${op.role} role`)] });
          expect(await state(f)).toBe(before);
        }
      });
    });
  }

  test('a shared project is listed for the org with its members', async () => {
    const f = await fixture('viewer');
    const list = await colleague()('GET', '/v1/projects');
    const item = list.body.data.find((p: any) => p.id === f.project);
    expect(item).toMatchObject({ label: SECRET_LABEL, members: [{ type: 'user', id: 'alice', role: 'admin' }, { type: 'group', id: 'org-a', role: 'viewer' }] });
  });

  test('the creator is admin whatever the shared role', async () => {
    const f = await fixture('viewer');
    for (const op of OPS) {
      const res = await owner(op.method, op.path(f), op.body);
      expect([op.name, res.status]).toEqual([op.name, 200]);
    }
  });

  test('the role check comes before body validation of entity ids (no probing of the graph by a viewer)', async () => {
    const f = await fixture('viewer');
    const res = await colleague()('PATCH', `${PE(f)}/matches`, { entity_ids: ['no-such-entity'] });
    expect(res.status).toBe(403);
  });
});
