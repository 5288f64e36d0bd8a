/**
 * The ownership reads of re-scoring (src/services/risk/chunkRead.ts) on random graphs in Neo4j:
 * the search that keeps, in its last two levels, only the steps that lead to a member gives
 * every root the same derived risk and explanations as the full search, while reading fewer steps.
 */
import { UBO_TYPES } from '../../src/domain/relationships';
import { OWNERSHIP_DEPTH, canonicalRisk, deriveRisk, nearTargets, parseRisk, reachTargets, type Adjacency, type RiskMap } from '../../src/services/risk';
import { DOWN_TYPES, UP_TYPES, ownershipClosure, type Run } from '../../src/services/risk/chunkRead';
import { prng, randomGraphLines } from '../fixtures/randomGraph';
import { Harness, startHarness, wipeGraph, writeNdjson } from '../support/harness';
import { OFAC, entity, fact, source } from '../support/workerFixtures';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** `work` in one read transaction, as the scorer reads a group. */
async function inReadTx(work: (run: Run) => Promise<void>): Promise<void> {
  const session = h.graph.session('READ');
  try {
    await session.executeRead((tx) => work(async (q, p) => (await tx.run(q, p)).records), { timeout: 60_000 });
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

describe('ownership search to members', () => {
  // Sparser, deeper graphs than the traversal tests use: chains of four hops and more, hubs,
  // members (sanctioned, state-owned) at every distance.
  test.each([1, 2, 3, 4, 5])('random graph %i: same derivation from fewer steps', async (seed) => {
    await wipeGraph(h.graph);
    const lines = randomGraphLines(100 + seed, 160, 300, 0.08);
    // On odd seeds every fact is an ownership fact, so that the searches reach four hops and more.
    for (const line of lines) if (line.kind === 'relationship' && !UBO_TYPES.includes(line.type) && seed % 2) line.type = 'has_shareholder';
    await h.ingest(writeNdjson(`closure-${seed}.ndjson`, lines));
    const ids = lines.filter((l) => l.kind === 'entity').map((l) => l.id as string);
    const rnd = prng(seed);
    const today = new Date().toISOString().slice(0, 10);

    await inReadTx(async (run) => {
      const directs = new Map<string, RiskMap>();
      for (const r of await run('MATCH (e:Entity) RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct', {})) {
        directs.set(r.get('id') as string, parseRisk(r.get('direct')));
      }
      let fullSteps = 0;
      let prunedSteps = 0;
      for (const depth of [OWNERSHIP_DEPTH, 2, 3]) {
        // Groups of a few roots, as the scorer reads them: levels are the group's, not a root's.
        const roots = ids.filter(() => rnd() < 0.15);
        const full = { up: await ownershipClosure(run, roots, UP_TYPES, today, depth), down: await ownershipClosure(run, roots, DOWN_TYPES, today, depth) };
        const pruned = {
          up: await ownershipClosure(run, roots, UP_TYPES, today, depth, { toMembers: true }),
          down: await ownershipClosure(run, roots, DOWN_TYPES, today, depth, { toMembers: true }),
        };
        for (const dir of ['up', 'down'] as const) {
          // Every step kept is a step of the full search, with the same share.
          const all = new Set(edgeKeys(full[dir].adjacency));
          for (const key of edgeKeys(pruned[dir].adjacency)) expect(all).toContain(key);
          expect([...pruned[dir].members].sort()).toEqual([...full[dir].members].sort());
          fullSteps += edgeCount(full[dir].adjacency);
          prunedSteps += edgeCount(pruned[dir].adjacency);
        }
        for (const root of roots) {
          expect({ root, depth, ...derived(root, pruned.up.adjacency, pruned.down.adjacency, directs, depth) })
            .toEqual({ root, depth, ...derived(root, full.up.adjacency, full.down.adjacency, directs, depth) });
        }
      }
      expect(prunedSteps).toBeLessThan(fullSteps);
    });
  });

  test('a member four hops up is found through the pruned levels, with its 50% rule', async () => {
    await wipeGraph(h.graph);
    // t <-60%- a <-100%- b <-100%- c <-90%- s (sanctioned); a dead end beside every step.
    const lines = [
      source, ...['t', 'a', 'b', 'c', 'x1', 'x2', 'x3', 'x4'].map((id) => entity(id)), entity('s', [OFAC]),
      fact('has_shareholder', 't', 'a', 60), fact('has_shareholder', 'a', 'b', 100), fact('has_shareholder', 'b', 'c', 100),
      fact('has_shareholder', 'c', 's', 90), fact('has_shareholder', 't', 'x1', 40), fact('has_shareholder', 'a', 'x2', 10),
      fact('has_shareholder', 'b', 'x3', 10), fact('has_shareholder', 'c', 'x4', 10),
    ];
    await h.ingest(writeNdjson('closure-chain.ndjson', lines));
    await inReadTx(async (run) => {
      const today = new Date().toISOString().slice(0, 10);
      const { adjacency, members } = await ownershipClosure(run, ['t'], UP_TYPES, today, OWNERSHIP_DEPTH, { toMembers: true });
      expect([...members]).toEqual(['s']);
      // Levels one and two are read whole; the dead ends of levels three and four are not.
      const steps = Object.fromEntries([...adjacency].map(([from, edges]) => [from, edges.map((x) => x.to).sort()]));
      expect(steps).toEqual({ t: ['a', 'x1'], a: ['b', 'x2'], b: ['c'], c: ['s'] });
      const directs = new Map([['s', { sanctioned_usa_ofac_sdn: { value: 1, metadata: { country: ['USA'] }, level: 'critical' } }]]) as Map<string, RiskMap>;
      const { risk } = derived('t', adjacency, new Map(), directs, OWNERSHIP_DEPTH);
      expect(JSON.parse(risk)).toMatchObject({
        owned_by_sanctioned_usa_ofac_sdn_entity: { value: 1 },
        sanctioned_usa_ofac_sdn_50_percent_rule: { value: 54 },
      });
    });
  });
});
