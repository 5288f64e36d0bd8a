import { Deadline, TraversalRequest, TraversalService } from '../../src/services/traversal';
import { entityTraversalBlocks } from '../../src/http/routes/traversal';
import { prng } from '../fixtures/randomGraph';
import { Harness, startHarness, writeNdjson } from '../support/harness';

/**
 * One deadline per request (TRAVERSAL_TIMEOUT_MS in all), whatever its parameters. A dense
 * graph where no entity carries the requested risk flag makes Neo4j enumerate simple paths,
 * so a max_depth 10 search cannot finish in the 100 ms this harness allows.
 */
const TIMEOUT_MS = 100;
// Neo4j ends a timed-out transaction at its next monitor check (db.transaction.monitor.check.interval,
// 2 s by default), so one attempt can overrun its share by that much, and the deadline must
// not be overrun once per depth.
const MONITOR_INTERVAL_MS = 2000;

function denseLines(entities: number, degree: number): any[] {
  const rnd = prng(5);
  const id = (i: number) => `dense-${i}`;
  const lines: any[] = [{ kind: 'source', id: 'dense-src', label: 'Dense' }, { kind: 'record', id: 'dense-r', source: 'dense-src' }];
  for (let i = 0; i < entities; i++) lines.push({ kind: 'entity', id: id(i), type: 'company', label: `Dense ${i}`, attributes: [{ field: 'name', value: `Dense ${i}` }] });
  for (let i = 0; i < entities; i++) {
    for (let k = 0; k < degree; k++) {
      const j = (i + 1 + Math.floor(rnd() * (entities - 1))) % entities;
      lines.push({ kind: 'relationship', type: 'has_associate', from: id(i), to: id(j), record: 'dense-r', date: `2020-01-${String(k + 1).padStart(2, '0')}` });
    }
  }
  return lines;
}

/**
 * Beside the dense graph: dense-0's associate Pendant Target, and Pendant Leaf, an associate of
 * both and of no one else. The target's only path of two steps or more is dense-0 > leaf >
 * target: a path of three or more would have to reach the leaf other than from dense-0 or the
 * target, and none does. Proving that means searching the dense graph's paths.
 */
const pendantLines = [
  { kind: 'entity', id: 'dense-target', type: 'company', label: 'Pendant Target', attributes: [{ field: 'name', value: 'Pendant Target' }] },
  { kind: 'entity', id: 'dense-leaf', type: 'company', label: 'Pendant Leaf', attributes: [{ field: 'name', value: 'Pendant Leaf' }] },
  { kind: 'relationship', type: 'has_associate', from: 'dense-0', to: 'dense-target', record: 'dense-r' },
  { kind: 'relationship', type: 'has_associate', from: 'dense-leaf', to: 'dense-target', record: 'dense-r' },
  { kind: 'relationship', type: 'has_associate', from: 'dense-0', to: 'dense-leaf', record: 'dense-r' },
];

let h: Harness;
let hurried: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.ingest(writeNdjson('dense.ndjson', [...denseLines(60, 10), ...pendantLines]));
  hurried = await startHarness({ wipe: false, env: { TRAVERSAL_TIMEOUT_MS: String(TIMEOUT_MS) } });
});
afterAll(async () => {
  await h.close();
  await hurried.close();
});

test('a search that cannot finish in time answers 200 with partial_results within one timeout', async () => {
  const t0 = Date.now();
  const { status, body } = await hurried.json('/v1/traversal/dense-0?max_depth=10&psa=false&state_owned=true&limit=50');
  const elapsed = Date.now() - t0;
  expect(status).toBe(200);
  expect(body.partial_results).toBe(true);
  expect(body.data).toEqual([]);
  expect(elapsed).toBeLessThan(TIMEOUT_MS + MONITOR_INTERVAL_MS + 1500);
});

test('a min_depth search whose longer path cannot be found in time answers 200 with partial_results within one timeout', async () => {
  const url = '/v1/traversal/dense-0?min_depth=3&max_depth=10&psa=false&name=pendant%20target';
  const t0 = Date.now();
  const { status, body } = await hurried.json(url);
  const elapsed = Date.now() - t0;
  expect(status).toBe(200);
  expect(body).toMatchObject({ partial_results: true, data: [] });
  expect(elapsed).toBeLessThan(TIMEOUT_MS + MONITOR_INTERVAL_MS + 1500);
  // With the whole deadline, the two-step path is found (a breadth-first search), and with one
  // step allowed the target is a result too.
  const twoSteps = await h.json(url.replace('min_depth=3', 'min_depth=2'));
  expect(twoSteps.body).toMatchObject({ partial_results: false, data: [{ target: { id: 'dense-target' } }] });
  expect(twoSteps.body.data[0].path.map((segment: any) => segment.entity.id)).toEqual(['dense-leaf', 'dense-target']);
  const oneStep = await h.json(url.replace('min_depth=3', 'min_depth=1'));
  expect(oneStep.body).toMatchObject({ partial_results: false, data: [{ target: { id: 'dense-target' } }] });
  expect(oneStep.body.data[0].path).toHaveLength(1);
});

test('a search that finishes in time is complete', async () => {
  const { status, body } = await h.json('/v1/traversal/dense-0?max_depth=2&psa=false&limit=50');
  expect(status).toBe(200);
  expect(body.partial_results).toBe(false);
  expect(body.data.length).toBeGreaterThan(10);
});

describe('the traversal blocks of one /entity request share one deadline', () => {
  const blocks = Array.from({ length: 4 }, () => ({ maxDepth: 2, relationships: ['has_associate'] }));

  test('with time left every block is complete', async () => {
    const { status, body } = await h.json(`/entity/dense-0?${blocks.map((b, n) => `traversals.${n}.max_depth=${b.maxDepth}&traversals.${n}.relationships=has_associate`).join('&')}`);
    expect(status).toBe(200);
    expect(body.traversals.map((t: any) => t.partial_results)).toEqual([false, false, false, false]);
    expect(body.traversals.every((t: any) => t.data.length > 10)).toBe(true);
  });

  test('blocks after the time is gone return what is known, with partial_results', async () => {
    // A clock that moves 600 ms per block run: the deadline of 1000 ms covers two blocks.
    let now = 0;
    class SlowTraversal extends TraversalService {
      override async traverse(request: TraversalRequest, deadline?: Deadline) {
        const result = await super.traverse(request, deadline);
        now += 600;
        return result;
      }
    }
    const service = new SlowTraversal(h.graph, h.config.traversal);
    const out = await entityTraversalBlocks(service, 'dense-0', blocks, new Deadline(1000, () => now));
    expect(out.map((b) => b.partial_results)).toEqual([false, false, true, true]);
    expect(out.map((b) => b.data.length > 0)).toEqual([true, true, false, false]);
  });
});

test('/v1/shortest_path out of time answers 200, no path, partial_results', async () => {
  const service = new TraversalService(h.graph, h.config.traversal);
  expect(await service.shortestPath('dense-0', 'dense-1', new Deadline(0))).toEqual({ partial: true });
  const found = await service.shortestPath('dense-0', 'dense-1');
  expect(found.partial).toBe(false);
  expect(found.path?.target.id).toBe('dense-1');
  const { status, body } = await h.json('/v1/shortest_path?entities=dense-0&entities=dense-1');
  expect(status).toBe(200);
  expect(body).toMatchObject({ entities: ['dense-0', 'dense-1'], partial_results: false });
  expect(body.data[0].path.at(-1).entity.id).toBe('dense-1');
});
