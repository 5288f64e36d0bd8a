/**
 * The traversal routes agree with a reference breadth-first search (test/support/referenceTraversal.ts)
 * on random queries over random graphs: small ones, ones where many entities are listed, and
 * larger dense ones; deep searches, min_depth searches, and services that split the search into
 * one statement a level sooner. Long: `npm run test:all` runs it; the fixed cases are traversalRoutes.test.ts.
 */
import { RELATIONSHIP_TYPES } from '../../src/domain/relationships';
import { todayUtc } from '../../src/domain/dates';
import { prng, randomGraphLines, randomQuery } from '../fixtures/randomGraph';
import { RefFact, ReferenceGraph, RefQuery } from '../support/referenceTraversal';
import { Harness, startHarness, writeNdjson } from '../support/harness';

let h: Harness;
const SEEDS = [11, 23, 37];
/** Graphs where more entities carry a risk factor, for the sanctioned / PEP searches. */
const WATCHLIST_SEEDS = [41, 53, 67];
const WATCHLIST_RISK_RATE = 0.5;
/**
 * Larger, denser graphs (600 entities, 4,000 facts): a first or second level there often holds
 * more targets than the first shortest-path probe (64), so with end filters the level-by-level
 * query finishes the level (levelsFollowProbe), which the 60-entity graphs never need. Without
 * end filters small pages take that query from the start (levelsFromStart) on every graph.
 */
const DENSE_SEEDS = [71, 83];
/**
 * TRAVERSAL_EXTRA_SEEDS=n compares n more graphs of each kind (seeds from 1000), on the same
 * random queries: the longer run to take after changing the search. Only the fixed seeds above
 * assert how much their queries find; another graph may find less, and that is no error.
 */
const EXTRA = Number(process.env.TRAVERSAL_EXTRA_SEEDS || 0);
if (!Number.isInteger(EXTRA) || EXTRA < 0) throw new Error(`TRAVERSAL_EXTRA_SEEDS must be a whole number of graphs, not ${JSON.stringify(process.env.TRAVERSAL_EXTRA_SEEDS)}`);
const extraSeeds = (first: number) => Array.from({ length: EXTRA }, (_, i) => first + i);
const EXTRA_SEEDS = extraSeeds(1000);
const EXTRA_WATCHLIST_SEEDS = extraSeeds(1100);
const EXTRA_DENSE_SEEDS = extraSeeds(1200);
/**
 * The fixed seeds run half of each random query list by default (the suite's time is mostly
 * Neo4j planning each new statement text); TRAVERSAL_ALL_QUERIES=1 runs them all, with the
 * extra seeds, after changing the search. The lists are prefixes of one seeded sequence, so
 * the half run asks the first half of the same queries.
 */
const ALL_QUERIES = process.env.TRAVERSAL_ALL_QUERIES === '1';
const n = (all: number) => (ALL_QUERIES ? all : all / 2);
/** A floor on what the queries find (the list's size decides it): `all` for the whole list, `half` for the first half. */
const over = (all: number, half: number) => (ALL_QUERIES ? all : half);
/** Per graph, how many of its random queries the wrong step rule would have answered differently. */
const stepRuleCatches = new Map<number, number>();
const graphs = new Map<number, { lines: any[]; ref: ReferenceGraph; loose: ReferenceGraph }>();

/**
 * The wrong reading of the step rule: a step passes when each step filter passes on some
 * fact of the type between the two entities (not necessarily the same one). The random
 * queries must tell it from the rule, or they could not catch an engine that reads it so.
 */
class EachFilterOnSomeFact extends ReferenceGraph {
  override factPasses(f: RefFact, q: RefQuery): boolean {
    const parallel = (this.out.get(f.from) ?? []).filter((g) => g.to === f.to && g.type === f.type);
    return this.stepFilters(q).every((passes) => parallel.some(passes));
  }
}

/**
 * This file checks answers, and every one must be complete; traversalDeadline.test.ts checks
 * what the deadline does. On a Neo4j just started, or a machine busy with the rest of the
 * suite, planning alone can take most of the default deadline, so a longer one keeps such a
 * request from answering partial, and a wrong answer is still wrong.
 */
const ANSWER_DEADLINE = { TRAVERSAL_TIMEOUT_MS: '30000' };

beforeAll(async () => {
  h = await startHarness({ env: ANSWER_DEADLINE });
  const watchlistSeeds = [...WATCHLIST_SEEDS, ...EXTRA_WATCHLIST_SEEDS];
  const denseSeeds = [...DENSE_SEEDS, ...EXTRA_DENSE_SEEDS];
  for (const seed of [...SEEDS, ...EXTRA_SEEDS, ...watchlistSeeds, ...denseSeeds]) {
    const lines = watchlistSeeds.includes(seed) ? randomGraphLines(seed, 60, 170, WATCHLIST_RISK_RATE)
      : denseSeeds.includes(seed) ? randomGraphLines(seed, 600, 4000) : randomGraphLines(seed);
    graphs.set(seed, { lines, ref: new ReferenceGraph(lines), loose: new EachFilterOnSomeFact(lines) });
    await h.ingest(writeNdjson(`random-${seed}.ndjson`, lines));
  }
}, 120_000 + EXTRA * 60_000);
afterAll(() => h.close());

/**
 * Runs `count` random queries on graph `seed` against the API and the reference; returns how
 * many pages held targets, how many queries had any (at offset 0), which endpoints ran, and
 * how many the wrong step rule would have got wrong.
 */
async function compareWithReference(seed: number, count: number, options: { onWatchlist?: boolean; deep?: boolean; wide?: boolean; longer?: boolean; api?: Harness } = {}) {
  const { ref, loose } = graphs.get(seed)!;
  const rnd = prng(seed * 7919 + (options.onWatchlist ? 1 : 0) + (options.deep ? 2 : 0) + (options.wide ? 4 : 0) + (options.longer ? 8 : 0));
  const ids = new Set(graphs.get(seed)!.lines.filter((l) => l.kind === 'entity').map((l) => l.id));
  let nonEmpty = 0;
  let anyResult = 0;
  let tellsTheStepRuleApart = 0;
  let longerThanDistance = 0;
  const endpoints = new Set<string>();
  for (let i = 0; i < count; i++) {
    const { url, q, v1 } = randomQuery(rnd, seed, ids.size, options);
    const expected = await checkQuery(ref, url, q, v1, options.api);
    if (expected.targets.length) nonEmpty++;
    const all = ref.run({ ...q, offset: 0, limit: 1000 }).targets;
    if (all.length) anyResult++;
    const wrongReading = loose.run({ ...q, offset: 0, limit: 1000 });
    if (JSON.stringify(wrongReading.targets) !== JSON.stringify(all)) tellsTheStepRuleApart++;
    // A target nearer than min_depth that has a longer path: the breadth-first search alone misses it.
    const distances = ref.distances({ ...q, minDepth: 1, riskFactors: [] });
    if (all.some((t) => t.length > distances.get(t.id)!)) longerThanDistance++;
    endpoints.add(url.split('/').slice(0, -1).join('/'));
  }
  return { nonEmpty, anyResult, endpoints: [...endpoints].sort(), tellsTheStepRuleApart, longerThanDistance };
}

/** Asks the API `url` and checks its page against the reference's answer to `q`: targets, lengths, `next`, valid paths. */
async function checkQuery(ref: ReferenceGraph, url: string, q: RefQuery, v1: boolean, api: Harness = h) {
  const { status, body } = await api.json(url);
  expect({ url, status }).toEqual({ url, status: 200 });
  const expected = ref.run(q);
  const got = body.data.map((d: any) => ({ id: d.target.id, length: d.path.length }));
  expect({ url, targets: got, next: body.next }).toEqual({ url, targets: expected.targets, next: expected.next });
  expect({ url, partial: body.partial_results }).toEqual({ url, partial: false });
  for (const d of body.data) {
    if (v1) expect(d.source).toBe(q.source);
    // The path is valid: consecutive, simple, over allowed facts, through the filters.
    const seen = new Set([q.source]);
    let at = q.source;
    let riskSeen = false;
    for (const segment of d.path) {
      const next = segment.entity.id;
      expect(seen.has(next)).toBe(false);
      seen.add(next);
      const facts = (ref.out.get(at) ?? []).filter((f) => f.to === next && f.type === segment.field);
      expect({ url, step: `${at}-${segment.field}->${next}`, ok: facts.some((f) => ref.factPasses(f, q)) }).toEqual({ url, step: `${at}-${segment.field}->${next}`, ok: true });
      riskSeen = riskSeen || ref.entities.get(next)!.factors.some((f) => q.riskFactors.includes(f));
      at = next;
    }
    expect(at).toBe(d.target.id);
    if (q.riskFactors.length) expect(riskSeen).toBe(true);
  }
  return expected;
}

describe('the API agrees with a reference breadth-first search on random queries', () => {
  test.each(SEEDS)(`graph %i: ${n(60)} random queries`, async (seed) => {
    const { nonEmpty, endpoints, tellsTheStepRuleApart } = await compareWithReference(seed, n(60));
    // The comparison means something only if many queries find targets, some of them
    // through /v1/ubo and /v1/downstream, and if it would catch the wrong step rule.
    expect(nonEmpty).toBeGreaterThan(over(15, 7));
    expect(endpoints).toEqual(['/traversal', '/v1/downstream', '/v1/traversal', '/v1/ubo']);
    stepRuleCatches.set(seed, tellsTheStepRuleApart);
  });

  test(`the random queries of graphs ${SEEDS.join(', ')} would catch the wrong step rule (${ALL_QUERIES ? 'each graph' : 'together'})`, () => {
    expect([...stepRuleCatches.keys()].sort()).toEqual([...SEEDS].sort());
    const counts = [...stepRuleCatches.values()];
    if (ALL_QUERIES) expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  test.each(DENSE_SEEDS)(`graph %i (600 entities): ${n(40)} random queries without path-wide conditions, and the densest sources`, async (seed) => {
    const { nonEmpty, endpoints } = await compareWithReference(seed, n(40), { wide: true });
    expect(nonEmpty).toBeGreaterThan(over(15, 5));
    expect(endpoints).toEqual(['/traversal', '/v1/downstream', '/v1/traversal', '/v1/ubo']);
    // The ten sources with the most facts, over every type: pages ending in the second level,
    // which holds more targets than the first probe.
    const { ref } = graphs.get(seed)!;
    const densest = [...ref.out].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1)).slice(0, 10).map(([id]) => id);
    for (const source of densest) {
      for (const offset of [0, 10, 20]) {
        const q: RefQuery = {
          source, minDepth: 1, maxDepth: 3, types: [...RELATIONSHIP_TYPES], psa: false, countries: [], entityTypes: [], sanctioned: false, pep: false,
          watchlist: false, minShares: 0, includeUnknownShares: true, excludeFormer: false, excludeClosed: false, riskFactors: [],
          offset, limit: 10, today: todayUtc(),
        };
        const expected = await checkQuery(ref, `/v1/traversal/${source}?psa=false&max_depth=3&exclude_former_relationships=false&offset=${offset}`, q, true);
        expect(expected.targets).toHaveLength(10);
      }
    }
  });

  // Past max_depth 5 a search without path-wide conditions goes level by level (levelSearch);
  // the legacy default max_depth is 10.
  test.each(SEEDS)(`graph %i: ${n(40)} deep random queries (max_depth 6-10)`, async (seed) => {
    const { nonEmpty, endpoints } = await compareWithReference(seed, n(40), { deep: true });
    expect(nonEmpty).toBeGreaterThan(over(15, 7));
    // The first half of graph 11's list asks no /v1/ubo; the other graphs' halves do.
    const all = ['/traversal', '/v1/downstream', '/v1/traversal', '/v1/ubo'];
    expect(endpoints).toEqual(ALL_QUERIES || seed !== 11 ? all : all.filter((e) => e !== '/v1/ubo'));
  });

  // min_depth above 1 without risk filters (minLengthSearch): targets at min_depth or more
  // come from the breadth-first search, nearer ones need a longer path of their own.
  test.each(SEEDS)(`graph %i: ${n(40)} random queries with min_depth 2-5`, async (seed) => {
    const { nonEmpty, endpoints, longerThanDistance } = await compareWithReference(seed, n(40), { longer: true });
    expect(nonEmpty).toBeGreaterThan(over(8, 4));
    // Queries where the reference has a target at a greater length than its distance.
    expect(longerThanDistance).toBeGreaterThan(over(3, 1));
    expect(endpoints).toEqual(['/traversal', '/v1/downstream', '/v1/traversal', '/v1/ubo']);
  });

  // The breadth-first search takes its first levels in one statement while they leave from at
  // most TRAVERSAL_FIRST_STATEMENT_FRONTIER entities (1000: every level of these graphs), then
  // one statement a level. Two more services on the same store: one that switches after
  // levels of 2 entities, one that takes a statement a level from the start.
  test.each([[2, SEEDS[0], WATCHLIST_SEEDS[0]], [0, SEEDS[1], WATCHLIST_SEEDS[1]]])(
    `first statement for levels of at most %i entities: graph %i, ${n(40)} deep and ${n(40)} min_depth 2-5 queries; graph %i, ${n(30)} deep for listed targets`, async (frontier, seed, watchlistSeed) => {
      const api = await startHarness({ wipe: false, env: { ...ANSWER_DEADLINE, TRAVERSAL_FIRST_STATEMENT_FRONTIER: String(frontier) } });
      try {
        expect((await compareWithReference(seed, n(40), { deep: true, api })).nonEmpty).toBeGreaterThan(over(15, 7));
        expect((await compareWithReference(seed, n(40), { longer: true, api })).longerThanDistance).toBeGreaterThan(3);
        expect((await compareWithReference(watchlistSeed, n(30), { onWatchlist: true, deep: true, api })).nonEmpty).toBeGreaterThan(3);
      } finally {
        await api.close();
      }
    });

  test.each(WATCHLIST_SEEDS)(`graph %i: ${n(30)} deep random queries for sanctioned or PEP targets`, async (seed) => {
    const { nonEmpty, anyResult } = await compareWithReference(seed, n(30), { onWatchlist: true, deep: true });
    expect(anyResult).toBeGreaterThan(5);
    expect(nonEmpty).toBeGreaterThan(3);
  });

  // Sanctioned / pep / watchlist searches take their own pattern (the last step leaves a
  // :WatchlistAdjacent entity), so they get their own share of the comparison.
  test.each(WATCHLIST_SEEDS)(`graph %i: ${n(60)} random queries for sanctioned or PEP targets`, async (seed) => {
    const { nonEmpty, anyResult, endpoints } = await compareWithReference(seed, n(60), { onWatchlist: true });
    expect(anyResult).toBeGreaterThan(over(10, 5));
    expect(nonEmpty).toBeGreaterThan(3);
    expect(endpoints).toEqual(expect.arrayContaining(['/traversal', '/v1/downstream', '/v1/ubo', '/v1/watchlist']));
  });
});

if (EXTRA > 0) {
  describe(`${EXTRA} more random graphs of each kind (TRAVERSAL_EXTRA_SEEDS)`, () => {
    test.each(EXTRA_SEEDS)('graph %i: 60 random queries, 40 deep ones and 40 with min_depth 2-5', async (seed) => {
      await compareWithReference(seed, 60);
      await compareWithReference(seed, 40, { deep: true });
      await compareWithReference(seed, 40, { longer: true });
    });
    test.each(EXTRA_DENSE_SEEDS)('graph %i (600 entities): 40 random queries without path-wide conditions', async (seed) => {
      await compareWithReference(seed, 40, { wide: true });
    });
    test.each(EXTRA_WATCHLIST_SEEDS)('graph %i: 60 random queries for sanctioned or PEP targets and 30 deep ones', async (seed) => {
      await compareWithReference(seed, 60, { onWatchlist: true });
      await compareWithReference(seed, 30, { onWatchlist: true, deep: true });
    });
  });
}
