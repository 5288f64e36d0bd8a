/** Effective ownership arithmetic (src/services/ownership/arithmetic.ts): pure, no services. */
import { ShareGraph, effectiveOwnership, stepShare } from '../../src/services/ownership/arithmetic';

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
