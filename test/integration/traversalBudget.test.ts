import { Harness, SAMPLE, startHarness, writeNdjson } from '../support/harness';

/** A visit budget far below what the sample reaches: the search stops early and says so. */
const BUDGET = 10;
let full: Harness;
let bounded: Harness;

/** A company with `directors` directors and nothing else: exactly that many targets at depth 1. */
function starLines(hub: string, directors: number): any[] {
  const lines: any[] = [
    { kind: 'source', id: `${hub}-src`, label: 'Star' }, { kind: 'record', id: `${hub}-r`, source: `${hub}-src` },
    { kind: 'entity', id: hub, type: 'company', label: hub, attributes: [{ field: 'name', value: hub }] },
  ];
  for (let i = 0; i < directors; i++) {
    lines.push({ kind: 'entity', id: `${hub}-d${i}`, type: 'person', label: `${hub} director ${i}`, attributes: [{ field: 'name', value: `Director ${i}` }] });
    lines.push({ kind: 'relationship', type: 'has_director', from: hub, to: `${hub}-d${i}`, record: `${hub}-r` });
  }
  return lines;
}

beforeAll(async () => {
  full = await startHarness({ files: [SAMPLE] });
  await full.ingest(writeNdjson('stars.ndjson', [...starLines('star-at-budget', BUDGET), ...starLines('star-over-budget', BUDGET + 1)]));
  bounded = await startHarness({ wipe: false, env: { TRAVERSAL_VISIT_BUDGET: String(BUDGET) } });
});
afterAll(async () => {
  await full.close();
  await bounded.close();
});

test('past the visit budget the best results found so far come back with partial_results', async () => {
  const url = '/v1/traversal/e-gb-crown-formations?max_depth=3&limit=50';
  const complete = await full.json(url);
  expect(complete.body.partial_results).toBe(false);
  expect(complete.body.explored_count).toBeGreaterThan(10);

  const partial = await bounded.json(url);
  expect(partial.status).toBe(200);
  expect(partial.body.partial_results).toBe(true);
  expect(partial.body.explored_count).toBe(BUDGET);
  expect(partial.body.data.length).toBeLessThanOrEqual(BUDGET);
  // What is returned is true: each target is one the full search finds, at the same shortest length.
  const fullLength = new Map<string, number>();
  for (let offset = 0; ; offset += 50) {
    const page = await full.json(`${url}&offset=${offset}`);
    for (const d of page.body.data) fullLength.set(d.target.id, d.path.length);
    if (!page.body.next) break;
  }
  expect(partial.body.data.length).toBeGreaterThan(0);
  for (const d of partial.body.data) {
    expect(d.path[d.path.length - 1].entity.id).toBe(d.target.id);
    expect(d.path.length).toBe(fullLength.get(d.target.id));
  }
});

test('legacy traversals report partial_results too', async () => {
  const res = await bounded.json('/traversal/e-gb-crown-formations?max_depth=3');
  expect(res.body.partial_results).toBe(true);
});

test('a source with exactly as many targets as the budget is complete; one more makes it partial', async () => {
  const atBudget = await bounded.json('/v1/traversal/star-at-budget?max_depth=3&psa=false&limit=50');
  expect(atBudget.status).toBe(200);
  expect(atBudget.body).toMatchObject({ partial_results: false, explored_count: BUDGET, next: false });
  expect(atBudget.body.data).toHaveLength(BUDGET);

  const overBudget = await bounded.json('/v1/traversal/star-over-budget?max_depth=3&psa=false&limit=50');
  expect(overBudget.body).toMatchObject({ partial_results: true, explored_count: BUDGET });
  expect(overBudget.body.data).toHaveLength(BUDGET);
});
