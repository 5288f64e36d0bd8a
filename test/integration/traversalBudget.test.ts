import { Harness, SAMPLE, startHarness } from '../support/harness';

/** A visit budget far below what the sample reaches: the search stops early and says so. */
let full: Harness;
let bounded: Harness;
beforeAll(async () => {
  full = await startHarness({ files: [SAMPLE] });
  bounded = await startHarness({ wipe: false, env: { TRAVERSAL_VISIT_BUDGET: '10' } });
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
  expect(partial.body.explored_count).toBe(10);
  expect(partial.body.data.length).toBeLessThanOrEqual(10);
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
