/**
 * The ownership reads of re-scoring on random graphs in Neo4j: the member reach
 * (src/services/risk/memberReach.ts), searched back from the members, gives every entity the same
 * derived risk and explanations as the full search out from it, from only the steps that lead
 * to a member, and a change's neighbourhood the same entities as the graph searches; a kept
 * reach (or possibly-same-as table) is used only while no ingest has changed the graph.
 */
import { todayUtc as today } from '../../src/domain/dates';
import { UBO_TYPES } from '../../src/domain/relationships';
import { OWNERSHIP_DEPTH, canonicalRisk, deriveRisk, familiesOf, nearTargets, parseRisk, reachTargets, type Adjacency, type RiskMap } from '../../src/services/risk';
import { DOWN_TYPES, UP_TYPES, ownershipClosure, type Run } from '../../src/services/risk/chunkRead';
import { MemberReachCache, readMemberReach, type InReadTx, type MemberReach } from '../../src/services/risk/memberReach';
import { neighbourhood } from '../../src/services/risk/neighbourhood';
import { PsaTableCache } from '../../src/services/risk/psaTable';
import { prng, randomGraphLines } from '../fixtures/randomGraph';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { OFAC, entity, fact, sameAs, source } from '../support/workerFixtures';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** `work` in one read transaction, as the scorer reads a group. */
async function inReadTx<T>(work: (run: Run) => Promise<T>): Promise<T> {
  const session = h.graph.session('READ');
  try {
    return await session.executeRead((tx) => work(async (q, p) => (await tx.run(q, p)).records), { timeout: 60_000 });
  } finally {
    await session.close();
  }
}

const edgeCount = (a: Adjacency) => [...a.values()].reduce((n, edges) => n + edges.length, 0);
const edgeKeys = (a: Adjacency) => [...a].flatMap(([from, edges]) => edges.map((e) => `${from}>${e.to}:${e.percentage}`));

/** What the scorer derives for `root` from one direction pair of adjacencies (no psa, no adjacency factors). */
function derived(root: string, up: Adjacency, down: Adjacency, directs: Map<string, RiskMap>, depth: number) {
  const directOf = (id: string) => directs.get(id);
  const targets = reachTargets(directs.keys(), directOf);
  const out = deriveRisk({
    id: root, direct: directs.get(root) ?? {}, adjacent: [], psa: [], up, down, directOf, maxDepth: depth,
    near: { up: nearTargets(up, targets.up, depth), down: nearTargets(down, targets.down, depth) },
  });
  return { risk: canonicalRisk(out.risk), explanations: JSON.stringify(out.explanations), partial: out.partial };
}

describe('member reach', () => {
  // Sparser, deeper graphs than the traversal tests use: chains of four hops and more, hubs,
  // members (sanctioned, state-owned) at every distance.
  test.each([1, 2, 3, 4, 5])('random graph %i: same derivation as the full search, from steps that lead to members', async (seed) => {
    await wipeGraph(h.graph);
    const lines = randomGraphLines(100 + seed, 160, 300, 0.08);
    // On odd seeds every fact is an ownership fact, so that the searches reach four hops and more.
    for (const line of lines) if (line.kind === 'relationship' && !UBO_TYPES.includes(line.type) && seed % 2) line.type = 'has_shareholder';
    await h.ingest(writeNdjson(`closure-${seed}.ndjson`, lines));
    const ids = lines.filter((l) => l.kind === 'entity').map((l) => l.id as string);
    const rnd = prng(seed);

    await inReadTx(async (run) => {
      const directs = new Map<string, RiskMap>();
      for (const r of await run('MATCH (e:Entity) RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct', {})) {
        directs.set(r.get('id') as string, parseRisk(r.get('direct')));
      }
      let fullSteps = 0;
      let reachSteps = 0;
      for (const depth of [OWNERSHIP_DEPTH, 2, 3]) {
        const reach = await readMemberReach(inReadTx, today(), depth);
        // The members, read from the :DirectRisk label, are every entity with risk of a family.
        expect([...reach.directs.keys()].sort()).toEqual([...directs].filter(([, d]) => familiesOf(d).size).map(([id]) => id).sort());
        // Every entity's full search, as the scorer searched per group before.
        const all = { up: await ownershipClosure(run, ids, UP_TYPES, today(), depth), down: await ownershipClosure(run, ids, DOWN_TYPES, today(), depth) };
        const targets = reachTargets(reach.directs.keys(), (id) => reach.directs.get(id));
        for (const dir of ['up', 'down'] as const) {
          // The hops the search back gives are the breadth-first search's over the steps it read.
          expect(new Map(reach.near[dir])).toEqual(nearTargets(reach[dir], targets[dir], depth));
          // Every step of the reach is a step of the graph, with the same share, and leads to a
          // target within the hops left after it.
          const steps = new Set(edgeKeys(all[dir]));
          for (const key of edgeKeys(reach[dir])) expect(steps).toContain(key);
          for (const edges of reach[dir].values()) for (const e of edges) expect(reach.near[dir].get(e.to)).toBeLessThanOrEqual(depth - 1);
          fullSteps += edgeCount(all[dir]);
          reachSteps += edgeCount(reach[dir]);
        }
        for (const root of ids.filter(() => rnd() < 0.3)) {
          const full = { up: await ownershipClosure(run, [root], UP_TYPES, today(), depth), down: await ownershipClosure(run, [root], DOWN_TYPES, today(), depth) };
          expect({ root, depth, ...derived(root, reach.up, reach.down, directs, depth) })
            .toEqual({ root, depth, ...derived(root, full.up, full.down, directs, depth) });
        }
      }
      expect(reachSteps).toBeGreaterThan(0);
      expect(reachSteps).toBeLessThan(fullSteps);
    });
  });

  // t <-60%- a <-100%- b <-100%- c <-90%- s (sanctioned); a dead end beside every step.
  const chain = [
    source, ...['t', 'a', 'b', 'c', 'x1', 'x2', 'x3', 'x4'].map((id) => entity(id)), entity('s', [OFAC]),
    fact('has_shareholder', 't', 'a', 60), fact('has_shareholder', 'a', 'b', 100), fact('has_shareholder', 'b', 'c', 100),
    fact('has_shareholder', 'c', 's', 90), fact('has_shareholder', 't', 'x1', 40), fact('has_shareholder', 'a', 'x2', 10),
    fact('has_shareholder', 'b', 'x3', 10), fact('has_shareholder', 'c', 'x4', 10),
  ];
  const upSteps = (reach: MemberReach) => Object.fromEntries([...reach.up].map(([from, edges]) => [from, edges.map((x) => x.to).sort()]));

  test('a member four hops up is reached back through the chain, with its 50% rule, without the dead ends', async () => {
    await wipeGraph(h.graph);
    await h.ingest(writeNdjson('closure-chain.ndjson', chain));
    await inReadTx(async (run) => {
      const reach = await readMemberReach(inReadTx, today(), OWNERSHIP_DEPTH);
      expect([...reach.directs.keys()]).toEqual(['s']);
      expect(upSteps(reach)).toEqual({ t: ['a'], a: ['b'], b: ['c'], c: ['s'] });
      const { risk } = derived('t', reach.up, reach.down, reach.directs, OWNERSHIP_DEPTH);
      expect(JSON.parse(risk)).toMatchObject({
        owned_by_sanctioned_usa_ofac_sdn_entity: { value: 1 },
        sanctioned_usa_ofac_sdn_50_percent_rule: { value: 54 },
      });
    });
  });

  test('a kept reach serves the next group until an ingest changes the graph; one read while an ingest commits is not kept', async () => {
    await wipeGraph(h.graph);
    await h.ingest(writeNdjson('closure-kept.ndjson', chain));
    // The cache's own transactions, with an ingest committed once, when armed, right after the
    // members are read: an ingest that commits while the search runs.
    let armed = false;
    let searches = 0;
    const cacheTx: InReadTx = (work) => inReadTx((run) => work(async (q, p) => {
      const rows = await run(q, p);
      if (q.includes('direct_risk')) searches += 1;
      if (armed && q.includes('direct_risk')) {
        armed = false;
        await h.ingest(writeNdjson('closure-kept-3.ndjson', [source, fact('has_shareholder', 'x2', 's', 30)]));
      }
      return rows;
    }));
    const cache = new MemberReachCache(OWNERSHIP_DEPTH, cacheTx);
    const get = (day = today()) => inReadTx((run) => cache.get(run, day));
    const first = await get();
    expect(await get()).toBe(first);
    expect(searches).toBe(1);
    // Another day is another reach: facts end by date.
    expect(await get('2999-01-01')).not.toBe(first);

    // An ingest adds a dead end's step to the member: the kept reach is not used. The reach is
    // read ahead, before any group's states, and the groups after take it while the graph stays.
    await h.ingest(writeNdjson('closure-kept-2.ndjson', [source, fact('has_shareholder', 'x1', 's', 30)]));
    searches = 0;
    cache.prefetch(today());
    const second = await get();
    expect(second).not.toBe(first);
    expect(upSteps(second)).toMatchObject({ t: ['a', 'x1'], x1: ['s'] });
    expect(await get()).toBe(second);
    expect(searches).toBe(1);

    // An ingest commits while the search runs: the group gets what was read after its states,
    // which is not kept; the next group searches again and sees the new step.
    await h.ingest(writeNdjson('closure-kept-2b.ndjson', [source, fact('has_shareholder', 'x3', 's', 30)]));
    armed = true;
    const during = await get();
    expect(armed).toBe(false);
    expect(upSteps(during)).toMatchObject({ x3: ['s'] });
    const after = await get();
    expect(after).not.toBe(during);
    expect(upSteps(after)).toMatchObject({ x2: ['s'], x3: ['s'] });
    expect(await get()).toBe(after);
  });

  test('the possibly-same-as table: links both ways with the risk and labels they lead to, kept until an ingest', async () => {
    await wipeGraph(h.graph);
    await h.ingest(writeNdjson('psa-table.ndjson', [source, entity('p1'), entity('p2', [OFAC]), entity('p3'), sameAs('p1', 'p2')]));
    let reads = 0;
    const cacheTx: InReadTx = (work) => inReadTx((run) => work(async (q, p) => {
      if (q.includes('POSSIBLY_SAME_AS')) reads += 1;
      return run(q, p);
    }));
    const cache = new PsaTableCache(cacheTx);
    const get = () => inReadTx((run) => cache.get(run, today()));
    const first = await get();
    expect(Object.fromEntries(first.links)).toEqual({ p1: ['p2'], p2: ['p1'] });
    expect(Object.keys(first.directs.get('p2')!)).toEqual(['sanctioned_usa_ofac_sdn']);
    expect(first.directs.get('p1')).toEqual({});
    expect(first.labels.get('p2')).toBe('P2');
    expect(await get()).toBe(first);
    expect(reads).toBe(1);

    // A link added by an ingest is seen by the next reader, not the kept table's.
    await h.ingest(writeNdjson('psa-table-2.ndjson', [source, sameAs('p3', 'p2')]));
    const second = await get();
    expect(second).not.toBe(first);
    expect(Object.fromEntries(second.links)).toEqual({ p1: ['p2'], p2: ['p1', 'p3'], p3: ['p2'] });
    expect(reads).toBe(2);
  });
});

describe('the neighbourhood of a change', () => {
  /** A reach with no members: every seed's neighbourhood is searched in the graph. */
  const noMembers: MemberReach = {
    up: new Map(), down: new Map(), directs: new Map(), near: { up: new Map(), down: new Map() },
    steps: { get: () => undefined }, labels: new Map(), adjacent: new Map(),
  };

  test.each([1, 2, 3, 4])('random graph %i: members walked back through the reach, the rest searched, the same entities as searching all', async (seed) => {
    await wipeGraph(h.graph);
    const lines = randomGraphLines(200 + seed, 160, 300, 0.1);
    if (seed % 2) for (const line of lines) if (line.kind === 'relationship' && !UBO_TYPES.includes(line.type)) line.type = 'has_shareholder';
    await h.ingest(writeNdjson(`hood-${seed}.ndjson`, lines));
    const ids = lines.filter((l) => l.kind === 'entity').map((l) => l.id as string);
    const rnd = prng(seed);
    await inReadTx(async (run) => {
      const reach = await readMemberReach(inReadTx, today(), OWNERSHIP_DEPTH);
      const psa = await new PsaTableCache(inReadTx).get(run, today());
      const bothWays = [...reach.directs.keys()].filter((id) => reach.near.up.get(id) === 0 && reach.near.down.get(id) === 0);
      const others = ids.filter((id) => !bothWays.includes(id));
      const sets = { members: bothWays.filter(() => rnd() < 0.3), mixed: [...bothWays.filter(() => rnd() < 0.2), ...others.filter(() => rnd() < 0.1)] };
      for (const [name, seeds] of Object.entries(sets)) {
        expect(seeds.filter((id) => bothWays.includes(id)).length).toBeGreaterThan(0);
        // Ids searched from in the graph.
        let searches = 0;
        const counted: Run = (q, p) => {
          if (/MATCH \(a:Entity \{id: id\}\)-\[r:/.test(q)) searches += (p.ids as string[]).length;
          return run(q, p);
        };
        const input = { today: today(), maxDepth: OWNERSHIP_DEPTH, psa: async () => psa };
        const walked = await neighbourhood(counted, seeds, { ...input, reach: async () => reach });
        const walkedSearches = searches;
        searches = 0;
        const searched = await neighbourhood(counted, seeds, { ...input, reach: async () => noMembers });
        expect({ name, entities: new Set(walked) }).toEqual({ name, entities: new Set(searched) });
        expect(walked.length).toBeGreaterThan(seeds.length);
        // Seeds that are members both ways are walked in memory; the others are searched.
        expect({ name, searched: walkedSearches > 0 }).toEqual({ name, searched: name === 'mixed' });
        expect(searches).toBeGreaterThan(walkedSearches);
      }
    });
  });
});
