/**
 * Effective ownership arithmetic (pure): the sum over simple ownership paths of the product of
 * their step shares, with a lower and an upper bound where steps have ranges or unknown shares.
 * See docs/ownership.md for the rules.
 *
 * Without a cycle among the entities reached, every walk is a simple path, so the sums are
 * taken level by level (each fact once per depth, ./pathLevels.ts), however many paths there
 * are. With a cycle, the simple paths are walked one by one, up to a step budget.
 */
import { comparePaths, type PathEntry, TopPaths, materialise } from './topPaths';
import { isAcyclicFrom, sumByLevels } from './pathLevels';
import type { EffectiveOwner, OwnershipPath, ShareEdge, ShareGraph, StepShare } from './types';
export type { EffectiveOwner, OwnershipPath, ShareEdge, ShareGraph, StepShare } from './types';




/** Upper bound of path steps walked per request where the entities reached hold a cycle; past it the answer is partial. */
export const EFFECTIVE_STEP_BUDGET = 200_000;

/**
 * A step's share from the known percentages of its parallel facts (every fact between the two
 * entities over the followed ownership types, every share entry of each): the point figure is
 * the largest (as the 50% rule reads it), the range runs from the smallest to the largest; with
 * none known the step is unknown: 0 for the point figure and the minimum, 100 for the maximum.
 */
export function stepShare(known: number[]): StepShare {
  const capped = known.filter((p) => Number.isFinite(p)).map((p) => Math.min(Math.max(p, 0), 100));
  if (capped.length === 0) return { value: null, min: 0, max: 100 };
  return { value: Math.max(...capped), min: Math.min(...capped), max: Math.max(...capped) };
}

export interface EffectiveOptions {
  /** Steps walked at most where the graph has a cycle. */
  budget?: number;
  /** Owners whose contributing paths are listed (all when absent): the others get sums and counts only. */
  listPathsOf?: ReadonlySet<string>;
}

/**
 * Effective ownership of every entity reachable from `root` over simple paths (no entity twice,
 * so an ownership cycle is walked around at most once) of at most `maxDepth` steps.
 */
export function effectiveOwnership(
  root: string, graph: ShareGraph, maxDepth: number, pathsLimit: number, options: EffectiveOptions | number = {},
): { owners: Map<string, EffectiveOwner>; complete: boolean } {
  const opts = typeof options === 'number' ? { budget: options } : options;
  if (isAcyclicFrom(root, graph)) return { owners: sumByLevels(root, graph, maxDepth, pathsLimit, opts.listPathsOf), complete: true };
  return walkSimplePaths(root, graph, maxDepth, pathsLimit, opts.budget ?? EFFECTIVE_STEP_BUDGET, opts.listPathsOf);
}

/** Every simple path walked depth first, at most `budget` steps (any graph; exported for the tests that compare it with sumByLevels). */
export function walkSimplePaths(
  root: string, graph: ShareGraph, maxDepth: number, pathsLimit: number, budget: number, listPathsOf?: ReadonlySet<string>,
): { owners: Map<string, EffectiveOwner>; complete: boolean } {
  const owners = new Map<string, EffectiveOwner>();
  const tops = new Map<string, TopPaths>();
  const onPath = new Set<string>([root]);
  let steps = 0;
  const walk = (node: string, prev: PathEntry, uncertain: boolean): void => {
    for (const edge of graph.get(node) ?? []) {
      if (onPath.has(edge.to)) continue;
      if (++steps > budget) return;
      const s = edge.share;
      const entry: PathEntry = {
        node: edge.to, prev, share: s, len: prev.len + 1,
        value: prev.value * ((s.value ?? 0) / 100), lo: prev.lo * (s.min / 100), hi: prev.hi * (s.max / 100),
      };
      const unsure = uncertain || s.value === null || s.min !== s.max;
      let owner = owners.get(edge.to);
      if (!owner) owners.set(edge.to, (owner = { value: 0, min: 0, max: 0, uncertain: false, paths: [], pathCount: 0 }));
      owner.value += entry.value * 100;
      owner.min += entry.lo * 100;
      owner.max += entry.hi * 100;
      owner.uncertain ||= unsure;
      owner.pathCount++;
      if (pathsLimit > 0 && (!listPathsOf || listPathsOf.has(edge.to))) {
        let top = tops.get(edge.to);
        if (!top) tops.set(edge.to, (top = new TopPaths(pathsLimit, comparePaths)));
        top.offer(entry);
      }
      if (entry.len < maxDepth) {
        onPath.add(edge.to);
        walk(edge.to, entry, unsure);
        onPath.delete(edge.to);
      }
    }
  };
  walk(root, { node: root, prev: null, share: null, len: 0, value: 1, lo: 1, hi: 1 }, false);
  for (const [id, top] of tops) owners.get(id)!.paths = top.sorted().map(materialise);
  return { owners, complete: steps <= budget };
}
