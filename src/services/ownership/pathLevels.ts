/**
 * Effective ownership level by level, for a share graph with no cycle among the entities
 * reached from the root: there every walk is a simple path, so the sum over the paths of d
 * steps to an entity is the sum, over the steps into it, of the sums of d - 1 steps to where
 * they leave from, times the step's share. Each fact is read once per depth, however many
 * paths there are (layered diamonds have exponentially many).
 *
 * The listed paths follow the same recursion: the best paths of d steps to an entity are among
 * the best of d - 1 steps to the entities that lead to it, each extended by one step. Extending
 * by a step of a positive share keeps the order (largest effective share, then upper bound,
 * then ids); a step of share 0 or unknown makes every effective share 0, so the best are then
 * the best by upper bound, and a step whose upper bound is 0 leaves the ids alone to decide.
 * So three best-lists are kept per entity and depth, one per order.
 */
import type { EffectiveOwner, ShareGraph } from './types';
import { type PathEntry, type PathOrder, TopPaths, byIds, byMaximum, comparePaths, materialise } from './topPaths';

/** Whether no cycle is reachable from `root` (so every walk from it is a simple path). */
export function isAcyclicFrom(root: string, graph: ShareGraph): boolean {
  const DONE = 2;
  const OPEN = 1;
  const state = new Map<string, number>([[root, OPEN]]);
  // Iterative depth-first search: each frame is an entity and the index of its next edge.
  const stack: [string, number][] = [[root, 0]];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    const edges = graph.get(frame[0]) ?? [];
    if (frame[1] >= edges.length) {
      state.set(frame[0], DONE);
      stack.pop();
      continue;
    }
    const to = edges[frame[1]++].to;
    const seen = state.get(to);
    if (seen === OPEN) return false;
    if (seen === undefined) {
      state.set(to, OPEN);
      stack.push([to, 0]);
    }
  }
  return true;
}

interface LevelState {
  value: number;
  lo: number;
  hi: number;
  count: number;
  uncertain: boolean;
  /** Best paths of this length by comparePaths, byMaximum and byIds (empty when not listed). */
  best: PathEntry[];
  byMax: PathEntry[];
  byIds: PathEntry[];
}

const emptyState = (): LevelState => ({ value: 0, lo: 0, hi: 0, count: 0, uncertain: false, best: [], byMax: [], byIds: [] });

function trim(entries: PathEntry[], limit: number, order: PathOrder): PathEntry[] {
  if (entries.length <= limit) return entries.sort(order);
  const top = new TopPaths(limit, order);
  for (const e of entries) top.offer(e);
  return top.sorted();
}

const extend = (prev: PathEntry, node: string, share: PathEntry['share'] & object): PathEntry => ({
  node, prev, share, len: prev.len + 1,
  value: prev.value * ((share.value ?? 0) / 100), lo: prev.lo * (share.min / 100), hi: prev.hi * (share.max / 100),
});

/** Effective ownership of every entity reached, for a graph isAcyclicFrom `root`. */
export function sumByLevels(
  root: string, graph: ShareGraph, maxDepth: number, pathsLimit: number, listPathsOf?: ReadonlySet<string>,
): Map<string, EffectiveOwner> {
  const owners = new Map<string, EffectiveOwner>();
  const listed = new Map<string, TopPaths>();
  const lists = pathsLimit > 0 && (!listPathsOf || listPathsOf.size > 0);
  // The lists by upper bound and by ids are needed only behind a step of share 0 or unknown.
  let zeroValue = false;
  let zeroMax = false;
  for (const edges of graph.values()) {
    for (const e of edges) {
      zeroValue ||= !((e.share.value ?? 0) > 0);
      zeroMax ||= !(e.share.max > 0);
    }
  }
  const start: PathEntry = { node: root, prev: null, share: null, len: 0, value: 1, lo: 1, hi: 1 };
  let level = new Map<string, LevelState>([[root, { ...emptyState(), value: 1, lo: 1, hi: 1, count: 1, best: [start], byMax: [start], byIds: [start] }]]);
  for (let depth = 1; depth <= maxDepth && level.size; depth++) {
    const next = new Map<string, LevelState>();
    for (const [from, at] of level) {
      for (const { to, share } of graph.get(from) ?? []) {
        let st = next.get(to);
        if (!st) next.set(to, (st = emptyState()));
        st.value += at.value * ((share.value ?? 0) / 100);
        st.lo += at.lo * (share.min / 100);
        st.hi += at.hi * (share.max / 100);
        st.count += at.count;
        st.uncertain ||= at.uncertain || share.value === null || share.min !== share.max;
        if (!lists) continue;
        const positive = (share.value ?? 0) > 0;
        const someMax = share.max > 0;
        for (const p of positive ? at.best : someMax ? at.byMax : at.byIds) st.best.push(extend(p, to, share));
        if (zeroValue) for (const p of someMax ? at.byMax : at.byIds) st.byMax.push(extend(p, to, share));
        if (zeroMax) for (const p of at.byIds) st.byIds.push(extend(p, to, share));
      }
    }
    for (const [id, st] of next) {
      let owner = owners.get(id);
      if (!owner) owners.set(id, (owner = { value: 0, min: 0, max: 0, uncertain: false, paths: [], pathCount: 0 }));
      owner.value += st.value * 100;
      owner.min += st.lo * 100;
      owner.max += st.hi * 100;
      owner.uncertain ||= st.uncertain;
      owner.pathCount += st.count;
      if (!lists) continue;
      st.best = trim(st.best, pathsLimit, comparePaths);
      // Without such steps the other orders are never read: their lists stay those of the best.
      st.byMax = zeroValue ? trim(st.byMax, pathsLimit, byMaximum) : st.best;
      st.byIds = zeroMax ? trim(st.byIds, pathsLimit, byIds) : st.byMax;
      if (listPathsOf && !listPathsOf.has(id)) continue;
      let top = listed.get(id);
      if (!top) listed.set(id, (top = new TopPaths(pathsLimit, comparePaths)));
      for (const p of st.best) top.offer(p);
    }
    level = next;
  }
  for (const [id, top] of listed) owners.get(id)!.paths = top.sorted().map(materialise);
  return owners;
}
