/** Effective ownership arithmetic (src/services/ownership/arithmetic.ts): pure, no services. */
import { ShareGraph, effectiveOwnership, stepShare, walkSimplePaths } from '../../src/services/ownership/arithmetic';

const graph = (edges: [string, string, number[]][]): ShareGraph => {
  const out: ShareGraph = new Map();
  for (const [from, to, known] of edges) out.set(from, [...(out.get(from) ?? []), { to, share: stepShare(known) }]);
  return out;
};

test('a step pools its known percentages: largest as the figure, smallest to largest as the range, capped at 100', () => {
  expect(stepShare([30, 40])).toEqual({ value: 40, min: 30, max: 40 });
  expect(stepShare([])).toEqual({ value: null, min: 0, max: 100 });
  expect(stepShare([120, -5])).toEqual({ value: 100, min: 0, max: 100 });
});

test('a cycle is walked around once: simple paths only', () => {
  // T held 50% by A; A held 50% by B; B held 50% by A (a cycle between A and B).
  const { owners, complete } = effectiveOwnership('T', graph([['T', 'A', [50]], ['A', 'B', [50]], ['B', 'A', [50]]]), 10, 5);
  expect(complete).toBe(true);
  expect(owners.get('A')!.value).toBeCloseTo(50, 12);
  expect(owners.get('B')!.value).toBeCloseTo(25, 12);
  expect(owners.get('A')!.pathCount).toBe(1);
  expect(owners.has('T')).toBe(false);
});

test('max_depth bounds the path length', () => {
  const g = graph([['T', 'A', [100]], ['A', 'B', [100]], ['B', 'C', [100]]]);
  expect([...effectiveOwnership('T', g, 2, 1).owners.keys()]).toEqual(['A', 'B']);
});

test('unknown shares bound the sum: 0 for the minimum and the figure, 100 for the maximum', () => {
  const { owners } = effectiveOwnership('T', graph([['T', 'H', []], ['H', 'P', [40]], ['T', 'P', [10, 20]]]), 4, 1);
  const p = owners.get('P')!;
  expect([p.value, p.min, p.max]).toEqual([20, 10, 60]);
  expect(p.uncertain).toBe(true);
  expect(p.paths.map((x) => x.entities)).toEqual([['T', 'P']]);
  expect(p.pathCount).toBe(2);
});

test('past the step budget the answer says it is incomplete', () => {
  const edges: [string, string, number[]][] = [];
  for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) if (i !== j) edges.push([`n${i}`, `n${j}`, [10]]);
  expect(effectiveOwnership('n0', graph(edges), 6, 1, 1000).complete).toBe(false);
});

/** Layered diamonds: `depth` layers of `width`, each entity held by every one of the next layer with 100/width %. */
function diamonds(width: number, depth: number): ShareGraph {
  const id = (layer: number, i: number) => (layer === 0 ? 'T' : `L${layer}-${i}`);
  const edges: [string, string, number[]][] = [];
  for (let l = 0; l < depth; l++) for (let i = 0; i < (l === 0 ? 1 : width); i++) for (let j = 0; j < width; j++) edges.push([id(l, i), id(l + 1, j), [100 / width]]);
  return graph(edges);
}

test('without a cycle the sums are exact however many paths there are: 8^10 through layered diamonds', () => {
  const { owners, complete } = effectiveOwnership('T', diamonds(8, 10), 10, 3);
  expect(complete).toBe(true);
  const top = owners.get('L10-0')!;
  expect(top.pathCount).toBe(8 ** 9);
  expect(top.value).toBeCloseTo(12.5, 9);
  expect(top.paths).toHaveLength(3);
  expect(top.paths[0].entities).toEqual(['T', 'L1-0', 'L2-0', 'L3-0', 'L4-0', 'L5-0', 'L6-0', 'L7-0', 'L8-0', 'L9-0', 'L10-0']);
  expect(top.paths[0].effective_shares).toBeCloseTo(100 / 8 ** 10, 12);
});

test('sums by levels equal the path walk on random graphs without cycles: sums, bounds, counts and the listed paths in order', () => {
  let seed = 3;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  let compared = 0;
  for (let n = 0; n < 400; n++) {
    const size = 4 + Math.floor(rnd() * 8);
    const edges: [string, string, number[]][] = [];
    const seen = new Set<string>();
    for (let k = 0; k < size * 2; k++) {
      const [a, b] = [Math.floor(rnd() * size), Math.floor(rnd() * size)].sort((x, y) => x - y);
      if (a === b || seen.has(`${a}-${b}`)) continue;
      seen.add(`${a}-${b}`);
      // Equal shares, zeros and unknowns make ties, which the ids decide.
      const pct = () => [0, 25, 50, 100, Math.round(rnd() * 100)][Math.floor(rnd() * 5)];
      const r = rnd();
      edges.push([`n${a}`, `n${b}`, r < 0.2 ? [] : r < 0.4 ? [pct(), pct()] : [pct()]]);
    }
    const g = graph(edges);
    const depth = 1 + Math.floor(rnd() * 6);
    const limit = Math.floor(rnd() * 4);
    const levels = effectiveOwnership('n0', g, depth, limit);
    const walked = walkSimplePaths('n0', g, depth, limit, Number.MAX_SAFE_INTEGER);
    expect([...levels.owners.keys()].sort()).toEqual([...walked.owners.keys()].sort());
    for (const [id, w] of walked.owners) {
      const l = levels.owners.get(id)!;
      for (const k of ['value', 'min', 'max'] as const) expect(Math.abs(l[k] - w[k])).toBeLessThan(1e-9);
      expect([l.uncertain, l.pathCount]).toEqual([w.uncertain, w.pathCount]);
      expect(l.paths.map((p) => [p.entities, p.step_shares])).toEqual(w.paths.map((p) => [p.entities, p.step_shares]));
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(500);
});

test('only the owners asked for list their paths; every owner has its sums', () => {
  const g = graph([['T', 'A', [50]], ['A', 'B', [50]], ['T', 'B', [10]]]);
  for (const cyclic of [false, true]) {
    const withCycle = cyclic ? graph([['T', 'A', [50]], ['A', 'B', [50]], ['T', 'B', [10]], ['B', 'A', [1]]]) : g;
    const { owners } = effectiveOwnership('T', withCycle, 4, 5, { listPathsOf: new Set(['B']) });
    expect(owners.get('A')!.paths).toEqual([]);
    expect(owners.get('A')!.pathCount).toBeGreaterThan(0);
    expect(owners.get('B')!.paths.map((p) => p.entities)).toEqual([['T', 'A', 'B'], ['T', 'B']]);
  }
});
