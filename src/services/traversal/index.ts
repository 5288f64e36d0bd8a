/**
 * Traversal engine behind /traversal, /ubo, /downstream, /watchlist (legacy and /v1),
 * /v1/shortest_path and the traversal blocks of /entity.
 *
 * Semantics (ARCHITECTURE.md "Traversal semantics"): one result per distinct target, with a
 * shortest path that satisfies every path filter and visits no entity twice; ordered by
 * path length, then target id; offset/limit page over that order. `traverse` picks one search
 * (plan.ts): a shortest-path or level-by-level query up to the depth (shortestPathSearch.ts),
 * a breadth-first search a level per query for deep searches (levelSearch.ts), a search of
 * longer paths for min_depth above 1 (minLengthSearch.ts), or one depth at a time for deep
 * risk-filtered ones (deepRiskSearch.ts). It is bounded by a visit budget and by one deadline
 * per request (Deadline); past either, the best results found are returned with
 * partial_results. docs/traversal.md has the details.
 */
import { closedOn, factHoldsOn } from '../../domain/asOf';
import { notFound } from '../../domain/errors';
import { cypher } from '../../graph/cypherFiles';
import type { Props } from '../../graph/mappers';
import type { Graph } from '../../graph/neo4j';
import type { Path } from '../../graph/driver';
import { deepRiskSearch } from './deepRiskSearch';
import { levelSearch } from './levelSearch';
import { minLengthSearch } from './minLengthSearch';
import { Deadline, SINGLE_QUERY_MAX_DEPTH, attemptTimeoutMs, searchesByLevels, searchesDeepByDepth, usesMinLengthSearch } from './plan';
import { SearchContext, StatementReader, TIMED_OUT } from './reader';
import {
  SearchResult, ShortestPathResult, Step, StepFacts, TraversalLimits, TraversalRequest, TraversalResult, passesEndFilters, stepKey,
} from './request';
import { groupStepFacts, pathSteps } from './rows';
import { descendingSearch } from './shortestPathSearch';
import { shortestPathStatement } from './statements';

export {
  Deadline, SINGLE_QUERY_MAX_DEPTH, attemptTimeoutMs, levelsFollowProbe, levelsFromStart, listedByLevels, nextProbeCap, nextRoundFits,
  searchesByLevels, searchesInOneQuery, usesMinLengthSearch,
} from './plan';
export { ABANDON_AFTER_TIMEOUT_MS } from './reader';
/** Kept for callers that imported them from here; their home is src/domain/riskFamilies.ts. */
export { factorsForCategories, factorsForFlag } from '../../domain/riskFamilies';
export {
  OwnershipFactRow, OwnershipFactsQuery, ShortestPathResult, Step, StepFacts, TraversalLimits, TraversalRequest, TraversalResult, passesEndFilters,
  stepKey,
} from './request';
export { legacyResults, v1Results } from './results';
export { ownershipSubgraphStatement, typeExpression } from './statements';
export type { Surface } from '../../graph/mappers';

/** With `asOf`, only the facts valid that day: a /v1 segment shows the graph as it stood then. */
function factsOn(facts: StepFacts | undefined, asOf?: string): StepFacts | undefined {
  if (!facts || asOf === undefined) return facts;
  return new Map([...facts].map(([key, list]) => [key, list.filter((f) => factHoldsOn(f.fact, asOf))]));
}

export class TraversalService {
  private readonly ctx: SearchContext;

  constructor(
    private readonly graph: Graph,
    private readonly limits: TraversalLimits,
    warn: (message: string, details: Record<string, unknown>) => void = () => undefined,
  ) {
    this.ctx = { reader: new StatementReader(graph, warn), limits };
  }

  /** A fresh deadline of TRAVERSAL_TIMEOUT_MS for one request. */
  startDeadline(): Deadline {
    return new Deadline(this.limits.timeoutMs);
  }

  async source(id: string): Promise<Props> {
    const rows = await this.graph.read(cypher('traversal', 'source-entity'), { id });
    if (rows.length === 0) throw notFound(`entity ${JSON.stringify(id)}`);
    return rows[0].get('entity') as Props;
  }

  /** The request's results: one search (plan.ts), and the source first when min_depth 0 makes it one. */
  async traverse(request: TraversalRequest, deadline: Deadline = this.startDeadline()): Promise<TraversalResult> {
    // The search returns the source too; it is needed first only when it can be a result.
    let source = request.minDepth === 0 ? await this.source(request.id) : undefined;
    // A path of length 0 ends at the source, so the source is a result only if it passes
    // what a target must pass: the end filters and, when asked, not being closed.
    const includeSource = source !== undefined && passesEndFilters(source, request) && request.riskFactors.length === 0
      && !(request.excludeClosedEntities && closedOn(source, request.asOf));
    const sourceOnPage = includeSource && request.offset === 0;
    // The source, when it is a result, is first in the order (path length 0).
    const offset = includeSource ? Math.max(0, request.offset - 1) : request.offset;
    const limit = Math.max(sourceOnPage ? request.limit - 1 : request.limit, 0);

    const outcome = await this.search(request, offset, limit, deadline);
    if (!outcome) {
      // Out of time before even the shallowest search finished.
      source ??= await this.source(request.id);
      return { source, hits: sourceOnPage ? [{ target: source, steps: [] }] : [], stepFacts: new Map(), next: false, explored: 0, partial: true };
    }
    const { found, partial } = outcome;
    if (!found.source) throw notFound(`entity ${JSON.stringify(request.id)}`);
    source ??= found.source;
    const total = found.total + (includeSource ? 1 : 0);
    const hits = [...found.hits];
    if (sourceOnPage) hits.unshift({ target: source, steps: [] });
    return {
      source, hits, stepFacts: factsOn(found.stepFacts, request.asOf), next: request.offset + hits.length < total, explored: found.explored, partial,
      ownership: found.ownership,
    };
  }

  /**
   * The search plan.ts picks; a strategy stopped by time falls back to the one-query searches,
   * one depth shallower at a time, with what is left of the deadline.
   */
  private async search(request: TraversalRequest, offset: number, limit: number, deadline: Deadline): Promise<{ found: SearchResult; partial: boolean } | undefined> {
    const ctx = request.sourceUnchecked ? { ...this.ctx, reader: this.ctx.reader.checkingSource(async () => void (await this.source(request.id))) } : this.ctx;
    let descendFrom = request.maxDepth;
    if (usesMinLengthSearch(request)) {
      const found = await minLengthSearch(ctx, request, offset, limit, deadline);
      if (found !== TIMED_OUT) return { found, partial: !found.decided };
      descendFrom = 0; // its deadline is spent
    } else if (searchesByLevels(request)) {
      const found = await levelSearch(ctx, request, offset, limit, deadline);
      if (found !== TIMED_OUT) return { found, partial: found.cut || !found.decided };
      descendFrom = 0; // its deadline is spent
    } else if (searchesDeepByDepth(request)) {
      const outcome = await deepRiskSearch(ctx, request, offset, limit, deadline);
      if (outcome) return outcome;
      // Not even the first depth finished (stopped for memory, which comes fast): shallower ones may.
      descendFrom = SINGLE_QUERY_MAX_DEPTH - 1;
    }
    return descendingSearch(ctx, request, descendFrom, offset, limit, deadline);
  }

  /** Every fact between consecutive entities of the given paths (a query of its own; traverse can fetch them with the page). */
  async stepFacts(results: { steps: Step[] }[], asOf?: string): Promise<StepFacts> {
    const pairs = new Map<string, { a: string; b: string }>();
    for (const r of results) for (const s of r.steps) pairs.set(stepKey(s), { a: s.from.id as string, b: s.to.id as string });
    if (pairs.size === 0) return new Map();
    const rows = await this.graph.read(cypher('traversal', 'step-facts'), { pairs: [...pairs.values()] });
    return factsOn(groupStepFacts(rows.map((row) => ({
      a: row.get('a') as string, b: row.get('b') as string, type: row.get('type') as string, fact: row.get('fact') as Props,
      acquisitionDate: (row.get('acquisition_date') as string | null) ?? undefined,
    }))), asOf)!;
  }

  /**
   * Shortest path between two entities over every relationship type (no possibly-same-as), of
   * at most `maxSteps`. Out of time, no path is known: `partial` says so, rather than claiming
   * there is none.
   */
  async shortestPath(a: string, b: string, deadline: Deadline = this.startDeadline(), maxSteps = 10, asOf?: string): Promise<ShortestPathResult> {
    const [source, target] = [await this.source(a), await this.source(b)];
    if (a === b) return { path: { source, target, steps: [] }, partial: false };
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
    if (timeoutMs === 0) return { partial: true };
    const rows = await this.ctx.reader.readWithin(shortestPathStatement(maxSteps), { a, b, asOf: asOf ?? null }, timeoutMs);
    if (rows === TIMED_OUT) return { partial: true };
    return { path: rows.length ? { source, target, steps: pathSteps(rows[0].get('p') as Path) } : undefined, partial: false };
  }
}
