/**
 * The ownership walks of risk derivation (./derivation.ts): aggregate shares for the 50% rule,
 * shortest paths to owners and owned entities, and the member distances that prune them. Pure.
 */

/** Hops followed for ownership factors (up and down), and for the re-scoring neighbourhood. */
export const OWNERSHIP_DEPTH = 4;
/** Upper bound of ownership path steps walked per entity for the 50% rule. */
export const PATH_STEP_BUDGET = 200_000;

/** An ownership step from an entity to an owner (upward) or to an owned entity (downward). */
export interface OwnershipEdge { to: string; percentage: number | null }
export type Adjacency = Map<string, OwnershipEdge[]>;

/**
 * Aggregate ownership of `root` by the members of each list (a risk family), in percent: the sum
 * over simple upward paths of at most `maxDepth` hops of the product of their shares, where a path
 * counts for a list at its first member of that list and no further. Edges with an
 * unknown share contribute nothing. Also returns, per list, the owners that contributed.
 */
export function aggregateOwnership<List>(
  root: string,
  up: Adjacency,
  listsOf: (id: string) => Iterable<List> | undefined,
  maxDepth = OWNERSHIP_DEPTH,
  budget = PATH_STEP_BUDGET,
): OwnershipTotals<List> {
  const totals = new Map<List, number>();
  const owners = new Map<List, Set<string>>();
  const shares = new Map<List, Map<string, number>>();
  const contributions = new Map<List, Contribution[]>();
  const onPath = new Set<string>([root]);
  const stack: string[] = [];
  let steps = 0;
  const walk = (node: string, fraction: number, depth: number, blocked: ReadonlySet<List>): void => {
    for (const edge of up.get(node) ?? []) {
      if (edge.percentage === null || !(edge.percentage > 0) || onPath.has(edge.to)) continue;
      if (++steps > budget) return;
      const share = fraction * (Math.min(edge.percentage, 100) / 100);
      const lists = [...(listsOf(edge.to) ?? [])];
      let nextBlocked = blocked;
      stack.push(edge.to);
      if (lists.length) {
        nextBlocked = new Set(blocked);
        for (const list of lists) {
          if (blocked.has(list)) continue;
          totals.set(list, (totals.get(list) ?? 0) + share * 100);
          if (!owners.has(list)) owners.set(list, new Set());
          owners.get(list)!.add(edge.to);
          if (!shares.has(list)) shares.set(list, new Map());
          shares.get(list)!.set(edge.to, (shares.get(list)!.get(edge.to) ?? 0) + share * 100);
          keepContribution(contributions, list, { path: [...stack], share: share * 100 });
          (nextBlocked as Set<List>).add(list);
        }
      }
      if (depth + 1 < maxDepth) {
        onPath.add(edge.to);
        walk(edge.to, share, depth + 1, nextBlocked);
        onPath.delete(edge.to);
      }
      stack.pop();
    }
  };
  walk(root, 1, 0, new Set());
  for (const kept of contributions.values()) trimContributions(kept);
  return { totals, owners, shares, contributions, complete: steps <= budget };
}

/** A path's part of a 50% rule aggregate: the ids from the owned entity's first owner up to the member, and its product in percent. */
export interface Contribution { path: string[]; share: number }

export interface OwnershipTotals<List> {
  totals: Map<List, number>;
  owners: Map<List, Set<string>>;
  /** Per list, each member's effective share: the sum of the products of the paths that count at it. */
  shares: Map<List, Map<string, number>>;
  /** Per list, the largest contributions (at most CONTRIBUTIONS_KEPT), largest first. */
  contributions: Map<List, Contribution[]>;
  complete: boolean;
}

/** Contributing paths kept per list for the explanation. */
export const CONTRIBUTIONS_KEPT = 20;

const byShare = (a: Contribution, b: Contribution) => b.share - a.share || a.path.join('\u0000').localeCompare(b.path.join('\u0000'));
function trimContributions(kept: Contribution[]): void {
  kept.sort(byShare);
  kept.length = Math.min(kept.length, CONTRIBUTIONS_KEPT);
}
function keepContribution<List>(all: Map<List, Contribution[]>, list: List, c: Contribution): void {
  let kept = all.get(list);
  if (!kept) all.set(list, (kept = []));
  kept.push(c);
  // Bounded memory on large walks: trim once the list holds a few times what is kept.
  if (kept.length > 4 * CONTRIBUTIONS_KEPT) trimContributions(kept);
}

/** Whether an aggregate share reaches the 50% rule (with a tolerance for float products). */
export const reachesFiftyPercent = (percent: number): boolean => percent >= 50 - 1e-9;

/** The `to` ids of each edge list walked, in id order, by the list (a list replaced is sorted again). */
const sortedTos = new WeakMap<readonly OwnershipEdge[], readonly string[]>();

/**
 * The `to` ids of `edges` in id order, sorted once per list: the member reach's adjacency is
 * walked from every root of a change, and sorting a hub's list on every visit was most of
 * shortestPaths' time in the worker's profile. Edge lists are replaced, never changed in place.
 */
function tosInOrder(edges: readonly OwnershipEdge[] | undefined): readonly string[] {
  if (!edges) return [];
  let tos = sortedTos.get(edges);
  if (!tos) sortedTos.set(edges, (tos = edges.map((e) => e.to).sort()));
  return tos;
}

/**
 * Entities within `maxDepth` hops of `root` along `adjacency` (root excluded), each with the
 * entity it was first reached from: breadth first with neighbours in id order, so each has a
 * shortest path, the same on every run.
 */
export function shortestPaths(root: string, adjacency: Adjacency, maxDepth = OWNERSHIP_DEPTH, near?: Near): Map<string, string> {
  const parent = new Map<string, string>();
  const seen = new Set<string>([root]);
  let frontier = [root];
  for (let depth = 0; depth < maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    // With `near`, entities that reach no target in the hops left are left out.
    const left = maxDepth - depth - 1;
    for (const node of frontier) {
      for (const to of tosInOrder(adjacency.get(node))) {
        if (seen.has(to) || (near && !((near.get(to) ?? Infinity) <= left))) continue;
        seen.add(to);
        parent.set(to, node);
        next.push(to);
      }
    }
    frontier = next;
  }
  return parent;
}

/**
 * Hops from an entity to the nearest target along an adjacency, for entities within some depth
 * of one (targets at 0); an entity not in it is farther. Given to shortestPaths, it leaves out
 * the entities from which no target is in reach: a target's shortest path, and so its parent, is
 * the same (every entity on it reaches the target in the hops left, and the entities kept are
 * met in the same order), and a set's entities share the one map instead of each walking all
 * the levels of a hub.
 */
export type Near = ReadonlyMap<string, number>;

/** Near for `targets` along `adjacency`, up to `maxDepth` hops. */
export function nearTargets(adjacency: Adjacency, targets: Iterable<string>, maxDepth = OWNERSHIP_DEPTH): Near {
  const reverse = new Map<string, string[]>();
  for (const [from, edges] of adjacency) {
    for (const e of edges) {
      let into = reverse.get(e.to);
      if (!into) reverse.set(e.to, (into = []));
      into.push(from);
    }
  }
  const hops = new Map<string, number>();
  let frontier = [...new Set(targets)];
  for (const t of frontier) hops.set(t, 0);
  for (let depth = 1; depth <= maxDepth && frontier.length; depth++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const from of reverse.get(node) ?? []) {
        if (hops.has(from)) continue;
        hops.set(from, depth);
        next.push(from);
      }
    }
    frontier = next;
  }
  return hops;
}

/** The ids from the first step after `root` to `id`, following `parent`. */
export function pathTo(id: string, root: string, parent: Map<string, string>): string[] {
  const ids = [id];
  for (let p = parent.get(id); p !== undefined && p !== root; p = parent.get(p)) ids.unshift(p);
  return ids;
}

/** Entities within `maxDepth` hops of `root` along `adjacency` (root excluded), breadth first. */
export function reachable(root: string, adjacency: Adjacency, maxDepth = OWNERSHIP_DEPTH): Set<string> {
  return new Set(shortestPaths(root, adjacency, maxDepth).keys());
}
