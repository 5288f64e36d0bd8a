/** The search of deep traversals without path filters (searchesByLevels): breadth first, one level at a time. */
import { breadthFirst, pageOf } from './breadthFirst';
import type { Deadline } from './plan';
import { SearchContext, TIMED_OUT, TimedOut } from './reader';
import { SearchResult, TraversalRequest, isListedSearch } from './request';
import { pathFromVia, resultsOf } from './rows';

/**
 * Breadth-first search one level (one query) at a time, each entity reached once. Neo4j's
 * shortest-path search, which the shallower ones use, re-traces every entity it reaches again
 * at a greater length (on a graph where each fact is stored both ways, at every second
 * length), inside one operator that does not stop for the transaction timeout; here each level
 * costs what its steps cost. The page is decided when a complete level leaves `need` results
 * known; a level cut by time leaves the levels before it complete (`cut`: the answer is partial).
 */
export async function levelSearch(
  ctx: SearchContext, request: TraversalRequest, offset: number, limit: number, deadline: Deadline,
): Promise<SearchResult | TimedOut> {
  const need = offset + limit + 1;
  const { via, levels, cut } = await breadthFirst(ctx, request, deadline, { minLen: 1, need });
  const hits = resultsOf(levels, 1);
  const page = await pageOf(ctx, request, hits.slice(offset, offset + limit).map((hit) => pathFromVia(via, hit.id)), deadline);
  if (page === TIMED_OUT) return TIMED_OUT;
  const explored = levels.reduce((sum, level) => sum + level.length, 0);
  // Without a cut, the search ended with the page decided, at max_depth, or with nothing left to reach.
  return { ...page, explored: isListedSearch(request) ? hits.length : explored, decided: !cut, cut, total: hits.length };
}
