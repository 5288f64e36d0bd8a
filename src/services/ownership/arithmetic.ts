/**
 * Effective ownership arithmetic (pure): the sum over simple ownership paths of the product of
 * their step shares, with a lower and an upper bound where steps have ranges or unknown shares.
 * See docs/ownership.md for the rules.
 */

/** One step's share in percent: `value` is the point figure (null: unknown), `min`..`max` its range. */
export interface StepShare { value: number | null; min: number; max: number }
export interface ShareEdge { to: string; share: StepShare }
/** Ownership steps leaving each entity (upward for /ubo, downward for /downstream). */
export type ShareGraph = Map<string, ShareEdge[]>;

export interface OwnershipPath {
  entities: string[];
  step_shares: StepShare[];
  effective_shares: number;
  effective_shares_min: number;
  effective_shares_max: number;
}

export interface EffectiveOwner {
  value: number;
  min: number;
  max: number;
  /** Some path has a step with a range or an unknown share. */
  uncertain: boolean;
  /** The largest paths by effective share (ties by entity ids), at most the limit. */
  paths: OwnershipPath[];
  pathCount: number;
}

/** Upper bound of path steps walked per request; past it the answer is partial. */
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

const byShare = (a: OwnershipPath, b: OwnershipPath): number =>
  b.effective_shares - a.effective_shares || b.effective_shares_max - a.effective_shares_max
  || (a.entities.join('\u0000') < b.entities.join('\u0000') ? -1 : a.entities.join('\u0000') > b.entities.join('\u0000') ? 1 : 0);

/**
 * Effective ownership of every entity reachable from `root` over simple paths (no entity twice,
 * so an ownership cycle is walked around at most once) of at most `maxDepth` steps.
 */
export function effectiveOwnership(
  root: string, graph: ShareGraph, maxDepth: number, pathsLimit: number, budget = EFFECTIVE_STEP_BUDGET,
): { owners: Map<string, EffectiveOwner>; complete: boolean } {
  const owners = new Map<string, EffectiveOwner>();
  const entities = [root];
  const shares: StepShare[] = [];
  const onPath = new Set<string>([root]);
  let steps = 0;
  const walk = (node: string, value: number, min: number, max: number, uncertain: boolean): void => {
    for (const edge of graph.get(node) ?? []) {
      if (onPath.has(edge.to)) continue;
      if (++steps > budget) return;
      const s = edge.share;
      const v = value * ((s.value ?? 0) / 100);
      const lo = min * (s.min / 100);
      const hi = max * (s.max / 100);
      const unsure = uncertain || s.value === null || s.min !== s.max;
      entities.push(edge.to);
      shares.push(s);
      let owner = owners.get(edge.to);
      if (!owner) owners.set(edge.to, (owner = { value: 0, min: 0, max: 0, uncertain: false, paths: [], pathCount: 0 }));
      owner.value += v * 100;
      owner.min += lo * 100;
      owner.max += hi * 100;
      owner.uncertain ||= unsure;
      owner.pathCount++;
      if (pathsLimit > 0) {
        owner.paths.push({ entities: [...entities], step_shares: [...shares], effective_shares: v * 100, effective_shares_min: lo * 100, effective_shares_max: hi * 100 });
        if (owner.paths.length >= 2 * pathsLimit) owner.paths = owner.paths.sort(byShare).slice(0, pathsLimit);
      }
      if (entities.length <= maxDepth) {
        onPath.add(edge.to);
        walk(edge.to, v, lo, hi, unsure);
        onPath.delete(edge.to);
      }
      entities.pop();
      shares.pop();
    }
  };
  walk(root, 1, 1, 1, false);
  for (const owner of owners.values()) owner.paths = owner.paths.sort(byShare).slice(0, pathsLimit);
  return { owners, complete: steps <= budget };
}
