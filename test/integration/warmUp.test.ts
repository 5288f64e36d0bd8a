/**
 * The start-up warm-up (src/http/warmUp.ts) runs the statements that clients' default requests
 * run, so that those requests find their plans in Neo4j's query cache. `db.clearQueryCaches()`
 * says how many plans it removed: the count after the warm-up alone must equal the count after
 * the warm-up followed by the same routes over HTTP, i.e. the requests planned nothing new.
 */
import { WARM_UP_ROUTES, warmUp } from '../../src/http/warmUp';
import { loadConfig, ConfigError } from '../../src/config';
import { Harness, SAMPLE, startHarness } from '../support/harness';
import { testEnv } from '../support/env';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ files: [SAMPLE] });
});
afterAll(async () => {
  // The next suites start from an empty cache, as on a fresh server, whatever happened here.
  await clearedPlans();
  await h?.close();
});

/** What clients call most, each with its default parameters: written out here, not taken from WARM_UP_ROUTES. */
const CLIENT_DEFAULTS = [
  '/v1/entity/:id', '/entity/:id', '/v1/entity_summary/:id',
  ...['traversal', 'ubo', 'downstream', 'watchlist'].flatMap((t) => [`/v1/${t}/:id`, `/${t}/:id`]),
];

/** Empties Neo4j's query cache and returns how many plans it held. */
async function clearedPlans(): Promise<number> {
  const [row] = await h.graph.read('CALL db.clearQueryCaches()');
  const said = String(row.get('value'));
  const count = /cleared of (\d+) quer/.exec(said);
  if (!count) throw new Error(`unexpected answer from db.clearQueryCaches(): ${said}`);
  return Number(count[1]);
}

test('every entity and traversal route runs once, from an entity with 1 to 50 related entities, without an error', async () => {
  const report = await warmUp(h.registry, h.graph);
  expect(report.entity).toEqual(expect.any(String));
  expect(report.routes.map((r) => r.path)).toEqual(WARM_UP_ROUTES);
  expect([...WARM_UP_ROUTES].sort()).toEqual([...CLIENT_DEFAULTS].sort());
  expect(report.routes.filter((r) => r.error)).toEqual([]);
  const { status, body } = await h.json(`/v1/entity/${encodeURIComponent(report.entity!)}`);
  expect(status).toBe(200);
  expect(body.relationships.data.length).toBeGreaterThan(0);
  expect(body.related_entities_count).toBeGreaterThanOrEqual(1);
  expect(body.related_entities_count).toBeLessThanOrEqual(50);
});

test('after the warm-up, the default requests of those routes plan no statement of their own', async () => {
  await clearedPlans();
  const report = await warmUp(h.registry, h.graph);
  const warmed = await clearedPlans();
  // The warm-up's statements are for reads and traversals: more than one plan a route family.
  expect(warmed).toBeGreaterThanOrEqual(6);

  await warmUp(h.registry, h.graph);
  for (const route of CLIENT_DEFAULTS) {
    const { status, body } = await h.json(route.replace(':id', encodeURIComponent(report.entity!)));
    expect({ route, status }).toEqual({ route, status: 200 });
    if (body.partial_results !== undefined) expect({ route, partial: body.partial_results }).toEqual({ route, partial: false });
  }
  expect(await clearedPlans()).toBe(warmed);
});

test('an empty graph is no error: nothing to run from', async () => {
  const empty = await startHarness();
  try {
    const report = await warmUp(empty.registry, empty.graph);
    expect(report).toEqual({ routes: [], ms: expect.any(Number) });
  } finally {
    await empty.close();
  }
  // startHarness emptied the shared graph: the sample again for the afterAll's harness.
  await h.ingest(SAMPLE);
});

test('WARM_UP takes true or false; anything else names it', () => {
  expect(loadConfig({ ...testEnv(), WARM_UP: undefined }).warmUp).toBe(true);
  expect(loadConfig({ ...testEnv(), WARM_UP: 'false' }).warmUp).toBe(false);
  expect(() => loadConfig({ ...testEnv(), WARM_UP: 'no' })).toThrow(new ConfigError('WARM_UP must be true or false, got "no"'));
});
