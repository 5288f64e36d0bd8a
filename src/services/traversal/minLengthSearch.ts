/** The search for min_depth above 1 without risk filters (usesMinLengthSearch). */
import { breadthFirst, pageOf } from './breadthFirst';
import { Deadline, attemptTimeoutMs, nextRoundFits } from './plan';
import { SearchContext, TIMED_OUT, TimedOut } from './reader';
import { SearchResult, TraversalRequest, isListedSearch, stepFilterParams } from './request';
import { Ranked, pathFromVia, resultsOf } from './rows';
import { detoursStatement, longerPathsStatement } from './statements';

/**
 * A target's result is its shortest path of at least min_depth steps that repeats no entity. A
 * target at a distance of min_depth or more has its shortest path, so a breadth-first search
 * (breadthFirst) settles those. Only the targets nearer than min_depth that pass the end
 * filters need a longer path; each gets one with both ends bound: first a shortest path of two
 * steps or more (detours, a breadth-first search, the answer when it is long enough or when
 * there is none), then, for min_depth above 2, a search of simple paths for those whose
 * detour is too short (longerPaths). A search of every simple path from the source instead
 * grows too fast to answer within the deadline.
 *
 * The breadth-first search stops after the level where `need` results at min_depth or more
 * are known; longer paths are then searched only up to that level's length, since the page
 * holds nothing longer.
 */
export async function minLengthSearch(
  ctx: SearchContext, request: TraversalRequest, offset: number, limit: number, deadline: Deadline,
): Promise<SearchResult | TimedOut> {
  const need = offset + limit + 1;
  const minDepth = request.minDepth;
  const { via, levels, cut } = await breadthFirst(ctx, request, deadline, { minLen: minDepth, need });
  const far = resultsOf(levels, minDepth);
  const farReached = levels.slice(minDepth - 1).reduce((sum, level) => sum + level.length, 0);
  const longest = far.length >= need ? levels.length : request.maxDepth;
  // `far` is in result order (levels in order, each in id order). When its first level already
  // holds `need` results, a nearer target gets on the page only with a path of exactly that
  // length and an id before the need-th of them; the others are left unsearched.
  const beforeId = far.length >= need && longest === minDepth ? far[need - 1].id : undefined;
  const near = levels.slice(0, minDepth - 1).flat()
    .filter((entity) => entity.hit && (beforeId === undefined || entity.id < beforeId)).map((entity) => entity.id);
  const { found, settledTo } = !cut && near.length > 0 && minDepth <= longest
    ? await longerPaths(ctx, request, near, longest, deadline)
    : { found: [], settledTo: longest };
  const results = [...far, ...found].sort((x, y) => x.len - y.len || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  // Every result up to settledTo steps is known; the page is exact when it ends there.
  const decided = !cut && (settledTo >= longest || results.filter((r) => r.len <= settledTo).length >= need);
  const page = await pageOf(ctx, request, results.slice(offset, offset + limit).map((r) => r.path ?? pathFromVia(via, r.id)), deadline);
  if (page === TIMED_OUT) return TIMED_OUT;
  return { ...page, explored: isListedSearch(request) ? results.length : farReached + found.length, decided, cut: !decided, total: results.length };
}

/**
 * For each of `near` (entities nearer than min_depth), its shortest path of min_depth to
 * `longest` steps that repeats no entity, if any. `settledTo` is the length up to which every
 * such path is known.
 *
 * Those whose detour is shorter than min_depth take the simple-path search (longer-paths),
 * which Neo4j does not stop at its transaction timeout and whose cost grows steeply with the
 * length, so it is found out one length at a time, from 3 steps: below min_depth the rounds
 * only measure (paths of `len - 1` or `len` steps, so that a graph where all paths between two
 * entities have the same parity does not look expensive), from min_depth on they find. A
 * round starts only when nextRoundFits.
 */
async function longerPaths(
  ctx: SearchContext, request: TraversalRequest, near: string[], longest: number, deadline: Deadline,
): Promise<{ found: Ranked[]; settledTo: number }> {
  const minDepth = request.minDepth;
  const params = (targets: string[]) => ({ id: request.id, near: targets, ...stepFilterParams(request) });
  const paths = async (text: string, targets: string[]) => {
    // Half of the time left at most: the page still has to be read.
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
    const rows = timeoutMs === 0 ? TIMED_OUT : await ctx.reader.readWithin(text, params(targets), timeoutMs);
    if (rows === TIMED_OUT) return TIMED_OUT;
    return rows.map((row): Ranked => {
      const path = { ids: row.get('ids') as string[], rels: row.get('rels') as string[] };
      return { id: row.get('target') as string, len: path.rels.length, path };
    });
  };
  const detours = await paths(detoursStatement(request, longest), near);
  if (detours === TIMED_OUT) return { found: [], settledTo: minDepth - 1 };
  const found = detours.filter((d) => d.len >= minDepth);
  let open = detours.filter((d) => d.len < minDepth).map((d) => d.id);
  const roundMs: number[] = [];
  for (let len = Math.min(3, minDepth); len <= longest && open.length > 0; len++) {
    const settled = Math.max(minDepth - 1, len - 1);
    if (roundMs.length > 0 && !nextRoundFits(roundMs, deadline.remainingMs())) return { found, settledTo: settled };
    const measuring = len < minDepth;
    const text = longerPathsStatement(request, measuring ? Math.max(3, len - 1) : minDepth, len);
    await ctx.reader.planBeforeTiming(text, params(open), deadline);
    const started = Date.now();
    const longer = await paths(text, open);
    if (longer === TIMED_OUT) return { found, settledTo: settled };
    roundMs.push(Date.now() - started);
    if (measuring) continue;
    found.push(...longer);
    const reached = new Set(longer.map((l) => l.id));
    open = open.filter((id) => !reached.has(id));
  }
  return { found, settledTo: longest };
}
