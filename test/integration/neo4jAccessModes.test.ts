/**
 * Neo4j cluster readiness: every statement that writes runs in a WRITE transaction, every
 * read-only route opens READ sessions only (a cluster serves those from secondaries), and the
 * service works through a `neo4j://` routing driver (the local single server accepts routing).
 */
import { recordAccessModes, type AccessModes } from '../support/accessModes';
import { Harness, SAMPLE, startHarness } from '../support/harness';

let h: Harness;
let modes: AccessModes;
const json = { 'content-type': 'application/json' };
const post = (path: string, body: unknown) => h.json(path, { method: 'POST', headers: json, body: JSON.stringify(body) });

beforeAll(async () => {
  h = await startHarness();
  modes = recordAccessModes(h.graph);
  await h.ingest(SAMPLE);
});
afterAll(() => h.close());

/** The READ transactions that changed something: none may. */
const writesInRead = () => modes.statements.filter((s) => s.mode === 'READ' && s.updates).map((s) => s.text.slice(0, 200));

describe('Neo4j access modes', () => {
  test('ingest writes in WRITE transactions only, and nothing written runs in a READ one', async () => {
    await modes.settled();
    expect(modes.statements.some((s) => s.mode === 'WRITE' && s.updates)).toBe(true);
    expect(writesInRead()).toEqual([]);
  });

  test('read-only routes open READ sessions and transactions only', async () => {
    const project = await post('/v1/projects', { label: 'access modes' });
    expect(project.status).toBe(200);
    const projectId = project.body.data.id as string;
    expect((await post(`/v1/projects/${projectId}/entities/create`, { entity_ids: ['e-gb-northwind-logistics'] })).status).toBe(200);
    const reads = [
      '/v1/entity/e-gb-northwind-logistics',
      '/v1/traversal/e-gb-northwind-logistics?max_depth=2',
      '/v1/ubo/e-gb-harbourline-shipping?types=person',
      '/v1/downstream/e-gb-harbourline-shipping',
      '/v1/watchlist/e-gb-northwind-logistics',
      '/v1/shortest_path?entities=e-gb-northwind-logistics&entities=e-gb-harbourline-shipping',
      '/v1/search/entity?q=northwind',
      '/v1/resolution?name=Northwind%20Logistics',
      '/v1/projects',
      `/v1/projects/${projectId}`,
      `/v1/projects/${projectId}/entities`,
      '/v1/notifications/entity/e-gb-northwind-logistics',
      '/v1/ontology',
    ];
    const seen: Record<string, { status: number; sessions: string[]; transactions: string[] }> = {};
    for (const path of reads) {
      await modes.settled();
      modes.reset();
      const { status } = await h.json(path);
      await modes.settled();
      seen[path] = { status, sessions: [...new Set(modes.sessions)], transactions: [...new Set(modes.transactions)] };
    }
    for (const [path, s] of Object.entries(seen)) {
      expect({ path, status: s.status < 500 }).toEqual({ path, status: true });
      expect({ path, sessions: s.sessions.filter((m) => m !== 'READ'), transactions: s.transactions.filter((m) => m !== 'READ') }).toEqual({ path, sessions: [], transactions: [] });
    }
    // The reads did reach Neo4j (the recorder saw them).
    expect(Object.values(seen).filter((s) => s.transactions.includes('READ')).length).toBeGreaterThan(reads.length / 2);
  });

  test('writing routes write in WRITE transactions; no statement with updates ran in a READ one', async () => {
    modes.reset();
    const project = await post('/v1/projects', { label: 'access modes 2' });
    expect(project.status).toBe(200);
    const saved = await post(`/v1/projects/${project.body.data.id}/entities/create`, { entity_ids: ['e-gb-harbourline-shipping'] });
    expect(saved.status).toBe(200);
    await modes.settled();
    expect(modes.statements.some((s) => s.mode === 'WRITE' && s.updates)).toBe(true);
    expect(writesInRead()).toEqual([]);
  });
});

describe('a neo4j:// routing driver', () => {
  test('the app reads and writes through neo4j:// against the local server', async () => {
    const routed = await startHarness({ wipe: false, env: { NEO4J_URI: (process.env.TEST_NEO4J_URI ?? 'bolt://127.0.0.1:7688').replace(/^bolt:/, 'neo4j:') } });
    try {
      expect(routed.config.neo4j.uri).toMatch(/^neo4j:\/\//);
      const entity = await routed.json('/v1/entity/e-gb-northwind-logistics');
      expect(entity.status).toBe(200);
      const created = await routed.json('/v1/projects', { method: 'POST', headers: json, body: JSON.stringify({ label: 'routed' }) });
      expect(created.status).toBe(200);
      const read = await routed.json(`/v1/projects/${created.body.data.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data.label).toBe('routed');
    } finally {
      await routed.close();
    }
  });
});
