/** The search of deep traversals with risk filters, where whole paths decide: one depth at a time. */
import { Deadline, SINGLE_QUERY_MAX_DEPTH, nextRoundFits } from './plan';
import { SearchContext, TIMED_OUT } from './reader';
import { SearchResult, TraversalRequest } from './request';
import { searchParams, stagedSearch } from './shortestPathSearch';
import { traverseStatement } from './statements';

/**
 * One query per depth, shallow to deep, each about DEPTH_COST_GROWTH times the one before. A
 * depth is started only when that estimate fits the time left (nextRoundFits), because Neo4j
 * does not stop this search at its transaction timeout; the answer is the deepest search that
 * finished. Below min_depth a depth only measures (paths of depth - 1 or depth steps), so that
 * a large min_depth does not start with a search whose cost nothing has shown. Undefined when
 * not even the first depth finished.
 */
export async function deepRiskSearch(
  ctx: SearchContext, request: TraversalRequest, offset: number, limit: number, deadline: Deadline,
): Promise<{ found: SearchResult; partial: boolean } | undefined> {
  const need = offset + limit + 1;
  let best: { found: SearchResult; depth: number } | undefined;
  const roundMs: number[] = [];
  for (let depth = SINGLE_QUERY_MAX_DEPTH; depth <= request.maxDepth; depth++) {
    if (roundMs.length > 0 && !nextRoundFits(roundMs, deadline.remainingMs())) break;
    const measuring = depth < request.minDepth;
    const searched = measuring ? { ...request, minDepth: depth - 1 } : request;
    // Risk filters keep this search on the shortest-path statement (levelsCanServe).
    await ctx.reader.planBeforeTiming(traverseStatement(searched, depth), searchParams(ctx, searched, offset, limit, need, need), deadline);
    const started = Date.now();
    const found = await stagedSearch(ctx, searched, depth, offset, limit, deadline, !measuring);
    if (found === TIMED_OUT) break;
    roundMs.push(Date.now() - started);
    if (measuring) continue;
    best = { found, depth };
    // Enough results within a finished level: deeper searches only add longer paths after them.
    if (found.decided && found.total >= need) break;
  }
  if (!best) return undefined;
  const complete = best.depth === request.maxDepth || (best.found.decided && best.found.total >= need);
  return { found: best.found, partial: !complete || !best.found.decided };
}
