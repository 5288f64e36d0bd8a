/**
 * The scorer's shortcut for a set of entities sharing one adjacency (nearTargets given to
 * deriveRisk as `near`): each entity's search skips what reaches no member in the hops left.
 * On random graphs larger and sparser in members than riskDerivation.test.ts's (so that the
 * shortcut does leave entities out), deriving every entity with and without it gives the same
 * risk and the same explanations, paths included.
 */
import {
  OWNERSHIP_DEPTH, deriveRisk, nearTargets, reachTargets, shortestPaths, type Adjacency, type RiskMap,
} from '../../src/services/risk';

function rng(seed: number) {
  let a = seed;
  return () => ((a = (Math.imul(a, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff);
}

const FACTORS: [string, string][] = [
  ['sanctioned_usa_ofac_sdn', 'USA'], ['state_owned_rus', 'RUS'], ['export_controls_bis_meu', 'USA'], ['pep', 'GBR'],
];

interface Case { ids: string[]; up: Adjacency; down: Adjacency; directs: Map<string, RiskMap> }

function randomCase(seed: number): Case {
  const rnd = rng(seed);
  const n = 10 + Math.floor(rnd() * 30);
  const ids = Array.from({ length: n }, (_, i) => `e${String(i).padStart(2, '0')}`);
  const directs = new Map<string, RiskMap>();
  for (const id of ids) {
    if (rnd() > 0.1) continue;
    const [factor, country] = FACTORS[Math.floor(rnd() * FACTORS.length)];
    directs.set(id, { [factor]: { value: 1, metadata: { country: [country] }, level: 'high' } });
  }
  const up: Adjacency = new Map();
  const down: Adjacency = new Map();
  for (const from of ids) {
    // A few hubs own many; most own one or two.
    const degree = rnd() < 0.1 ? 8 : Math.floor(rnd() * 3);
    for (let k = 0; k < degree; k++) {
      const to = ids[Math.floor(rnd() * n)];
      if (to === from || up.get(from)?.some((e) => e.to === to)) continue;
      const r = rnd();
      const percentage = r < 0.2 ? null : Math.round(rnd() * 100);
      up.set(from, [...(up.get(from) ?? []), { to, percentage }]);
      down.set(to, [...(down.get(to) ?? []), { to: from, percentage }]);
    }
  }
  return { ids, up, down, directs };
}

/** Hops to the nearest of `targets` by brute force (every walk of up to maxDepth hops). */
function hopsByWalks(adjacency: Adjacency, from: string, targets: Set<string>, maxDepth: number): number | undefined {
  let frontier = new Set([from]);
  for (let depth = 0; depth <= maxDepth; depth++) {
    if ([...frontier].some((id) => targets.has(id))) return depth;
    frontier = new Set([...frontier].flatMap((id) => (adjacency.get(id) ?? []).map((e) => e.to)));
  }
  return undefined;
}

test('nearTargets gives the hops to the nearest target, for the entities within maxDepth of one', () => {
  for (let seed = 1; seed <= 100; seed++) {
    const c = randomCase(seed);
    const targets = new Set(reachTargets(c.ids, (id) => c.directs.get(id)).up);
    const near = nearTargets(c.up, targets, OWNERSHIP_DEPTH);
    for (const id of c.ids) expect([seed, id, near.get(id)]).toEqual([seed, id, hopsByWalks(c.up, id, targets, OWNERSHIP_DEPTH)]);
  }
});

test('deriving with `near` gives the same risk and explanations as without, and visits fewer entities', () => {
  let skipped = 0;
  let withFactors = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const c = randomCase(seed);
    const targets = reachTargets(c.ids, (id) => c.directs.get(id));
    const near = { up: nearTargets(c.up, targets.up), down: nearTargets(c.down, targets.down) };
    for (const id of c.ids) {
      const input = {
        id, direct: c.directs.get(id) ?? {}, adjacent: [], psa: [], up: c.up, down: c.down,
        directOf: (n: string) => c.directs.get(n),
        stepOf: (from: string, to: string) => ({ relationship: `${from}>${to}`, shares: null }),
        labelOf: (n: string) => `label of ${n}`,
      };
      const plain = deriveRisk(input);
      const fast = deriveRisk({ ...input, near });
      expect({ seed, id, risk: fast.risk, explanations: fast.explanations }).toEqual({ seed, id, risk: plain.risk, explanations: plain.explanations });
      if (Object.keys(plain.explanations).length) withFactors += 1;
      skipped += shortestPaths(id, c.up).size - shortestPaths(id, c.up, OWNERSHIP_DEPTH, near.up).size;
    }
  }
  // Not vacuous: entities with ownership factors, and searches the shortcut made smaller.
  expect(withFactors).toBeGreaterThan(100);
  expect(skipped).toBeGreaterThan(100);
});
