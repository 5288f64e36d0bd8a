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

/**
 * A company with 3 directors (depth 1), each a director of `companies` other companies (depth
 * 2). With 4: 15 targets, more than the budget, but the first level alone decides a page of 2.
 */
function twoLevelLines(hub: string, companies = 4): any[] {
  const lines = starLines(hub, 3);
  for (let d = 0; d < 3; d++) {
    for (let c = 0; c < companies; c++) {
      const company = `${hub}-d${d}-c${c}`;
      lines.push({ kind: 'entity', id: company, type: 'company', label: company, attributes: [{ field: 'name', value: company }] });
      lines.push({ kind: 'relationship', type: 'has_director', from: company, to: `${hub}-d${d}`, record: `${hub}-r` });
    }
  }
  return lines;
}

/**
 * A company with 4 sanctioned directors (depth 1), each also a director of 3 sanctioned
 * companies (depth 2): 16 listed targets within two steps, more than the budget. /v1/watchlist
 * searches it level by level (levels in cypher/traversal.cypher), which keeps only the levels within the budget.
 */
function listedLevelsLines(hub: string): any[] {
  const sanctioned = [{ factor: 'sanctioned_usa_ofac_sdn' }];
  const lines = starLines(hub, 4).map((l) => (l.kind === 'entity' && l.id !== hub ? { ...l, risk: sanctioned } : l));
  for (let d = 0; d < 4; d++) {
    for (let c = 0; c < 3; c++) {
      const company = `${hub}-d${d}-c${c}`;
      lines.push({ kind: 'entity', id: company, type: 'company', label: company, attributes: [{ field: 'name', value: company }], risk: sanctioned });
      lines.push({ kind: 'relationship', type: 'has_director', from: company, to: `${hub}-d${d}`, record: `${hub}-r` });
    }
  }
  return lines;
}

beforeAll(async () => {
  full = await startHarness({ files: [SAMPLE] });
  await full.ingest(writeNdjson('stars.ndjson', [
    ...starLines('star-at-budget', BUDGET), ...starLines('star-over-budget', BUDGET + 1), ...twoLevelLines('two-levels'),
    ...twoLevelLines('wide', 30),
    ...listedLevelsLines('listed-levels'),
  ]));
  bounded = await startHarness({ wipe: false, env: { TRAVERSAL_VISIT_BUDGET: String(BUDGET) } });
  // Whether a page is decided early depends on the stream coming in length order, which the
  // plan that expands from the source gives (StatefulShortestPath(All)). Neo4j keeps a
  // statement's plan until the statistics move enough, and other suites run the same statement
  // on tiny graphs, where the planner may expect a single source-target pair and plan the
  // search per target instead (results stay right, but the page is undecided). One CI run
  // found the page undecided here; planning again on this graph rules that cause out.
  await full.graph.write('CALL db.clearQueryCaches()');
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

test('a page decided before the budget runs out is complete, though the neighbourhood is larger', async () => {
  // Results are ordered by length, then id: three targets at depth 1 settle a page of two plus
  // `next`, and a depth-2 target reached within the budget proves depth 1 is complete.
  const decided = await bounded.json('/v1/traversal/two-levels?max_depth=3&psa=false&limit=2');
  expect(decided.status).toBe(200);
  expect(decided.body).toMatchObject({ partial_results: false, next: true, explored_count: 3 });
  expect(decided.body.data.map((d: any) => d.target.id)).toEqual(['two-levels-d0', 'two-levels-d1']);
  const unbounded = await full.json('/v1/traversal/two-levels?max_depth=3&psa=false&limit=2');
  expect(unbounded.body.data).toEqual(decided.body.data);

  // A page of four needs a depth-2 target, and depth 2 does not fit in the budget: partial.
  const cut = await bounded.json('/v1/traversal/two-levels?max_depth=3&psa=false&limit=4');
  expect(cut.body).toMatchObject({ partial_results: true, explored_count: BUDGET });
  const complete = await full.json('/v1/traversal/two-levels?max_depth=3&psa=false&limit=50');
  expect(complete.body).toMatchObject({ partial_results: false, next: false, explored_count: 15 });
  expect(complete.body.data).toHaveLength(15);
});

test('a level larger than the first probe is finished level by level: the same page, paths and counts', async () => {
  // 3 directors, then 90 companies: a first probe's 64 targets would stop inside depth 2. A
  // search without end filters runs level by level from the start (levelsFromStart); with one
  // that 64 targets satisfy, the probe's open level is finished that way (levelsFollowProbe).
  const res = await full.json('/v1/traversal/wide?max_depth=3&psa=false');
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ partial_results: false, next: true, explored_count: 93 });
  const companies = [0, 1, 2].flatMap((d) => Array.from({ length: 30 }, (_, c) => `wide-d${d}-c${c}`)).sort();
  expect(res.body.data.map((d: any) => [d.target.id, d.path.map((s: any) => s.entity.id)])).toEqual([
    ...[0, 1, 2].map((d) => [`wide-d${d}`, [`wide-d${d}`]]),
    ...companies.slice(0, 7).map((c) => [c, [c.replace(/-c\d+$/, ''), c]]),
  ]);
  // Each step shows its fact, as from the shortest-path search.
  expect(res.body.data[3].path[1].relationships).toHaveProperty('director_of');
  // An end filter every target passes ("d": each director's and company's name has one) takes a
  // probe first, then finishes its open level: the same answer.
  const filtered = await full.json('/v1/traversal/wide?max_depth=3&psa=false&name=d');
  expect(filtered.body).toMatchObject({ partial_results: false, next: true, explored_count: 93 });
  expect(filtered.body.data).toEqual(res.body.data);

  // A deep page (offset + limit past 64) stays with shortest-path probes: the order goes on.
  const deep = await full.json('/v1/traversal/wide?max_depth=3&psa=false&offset=60&limit=40');
  expect(deep.body).toMatchObject({ partial_results: false, next: false, explored_count: 93 });
  expect(deep.body.data.map((d: any) => d.target.id)).toEqual(companies.slice(57));
});

test('a search for listed targets stops before the level that passes the budget', async () => {
  const url = '/v1/watchlist/listed-levels?max_depth=2&psa=false';
  // Four listed directors settle a page of two plus `next` at depth 1.
  const decided = await bounded.json(`${url}&limit=2`);
  expect(decided.status).toBe(200);
  expect(decided.body).toMatchObject({ partial_results: false, next: true, explored_count: 4 });
  expect(decided.body.data.map((d: any) => d.target.id)).toEqual(['listed-levels-d0', 'listed-levels-d1']);

  // A page of ten needs depth 2, whose 12 listed companies take the count past the budget: depth 1 alone, partial.
  const cut = await bounded.json(`${url}&limit=10`);
  expect(cut.body).toMatchObject({ partial_results: true, next: false, explored_count: 4 });
  expect(cut.body.data.map((d: any) => [d.target.id, d.path.length])).toEqual([0, 1, 2, 3].map((d) => [`listed-levels-d${d}`, 1]));

  const complete = await full.json(`${url}&limit=50`);
  expect(complete.body).toMatchObject({ partial_results: false, next: false, explored_count: 16 });
  expect(complete.body.data.map((d: any) => d.path.length)).toEqual([...Array(4).fill(1), ...Array(12).fill(2)]);
  // Each depth-2 path goes through the director the company has.
  for (const d of complete.body.data.slice(4)) {
    expect(d.path.map((s: any) => s.entity.id)).toEqual([d.target.id.replace(/-c\d$/, ''), d.target.id]);
  }
});
