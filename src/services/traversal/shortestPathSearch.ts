/**
 * The one-query searches up to a depth (traverse or levels in cypher/traversal.cypher): staged
 * shortest-path probes, or the levels query where it serves, retried shallower after a timeout.
 */
import { neo4j } from '../../graph/driver';
import { apiRelType } from '../../domain/relationships';
import { EMBEDDED_ENTITY_PROPERTIES, Props } from '../../graph/mappers';
import { Deadline, attemptTimeoutMs, firstProbeCap, levelsFollowProbe, levelsFromStart, listedByLevels, nextProbeCap } from './plan';
import { SearchContext, TIMED_OUT, TimedOut } from './reader';
import { Hit, OwnershipFactRow, SearchResult, TraversalRequest, endFilterParams, stepFilterParams } from './request';
import { entityMap, sourceProps, stepFactsOf } from './rows';
import { levelsStatement, traverseStatement } from './statements';

/** The parameters of the traverse and levels statements. */
export function searchParams(ctx: SearchContext, request: TraversalRequest, offset: number, limit: number, need: number, cap: number) {
  return {
    id: request.id,
    ...stepFilterParams(request),
    riskFactors: request.riskFactors,
    entityKeys: EMBEDDED_ENTITY_PROPERTIES,
    withFacts: request.withStepFacts === true,
    cap: neo4j.int(cap),
    need: neo4j.int(need),
    budget: neo4j.int(ctx.limits.visitBudget),
    ...endFilterParams(request),
    offset: neo4j.int(offset),
    limit: neo4j.int(limit),
    ...(request.ownershipFacts ? { ownershipTypes: request.ownershipFacts.types, ownershipDate: request.ownershipFacts.date } : {}),
  };
}

/**
 * A search without end filters and with a small page runs the levels query at once
 * (levelsFromStart). The others take a small probe first: most pages are decided within the
 * first few hundred targets of the breadth-first stream (see `traverse` in
 * cypher/traversal.cypher), and then the rest of the neighbourhood is never searched. An
 * undecided probe is followed by a larger one, up to the visit budget, grown by what held the
 * page back: when the probe already found the results the page needs and only their last
 * length level was unfinished, a little more of the stream settles it (LEVEL_GROWTH); when it
 * found too few (selective end filters), much more of the neighbourhood must be searched
 * (PROBE_GROWTH), and the probes it repeats stay a small fraction of the final search.
 * Ownership facts, when asked, are read by the first probe to max_depth that completes, not again.
 */
export async function stagedSearch(
  ctx: SearchContext, request: TraversalRequest, attemptDepth: number, offset: number, limit: number, deadline: Deadline, lastAttempt: boolean,
): Promise<SearchResult | TimedOut> {
  const need = offset + limit + 1;
  const budget = ctx.limits.visitBudget;
  const firstCap = firstProbeCap(need, budget);
  let byLevels = levelsFromStart(request, attemptDepth, need, firstCap, budget);
  let ownership: SearchResult['ownership'];
  for (let cap = firstCap; ;) {
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), lastAttempt);
    if (timeoutMs === 0) return TIMED_OUT;
    const probe = ownership ? { ...request, ownershipFacts: undefined } : request;
    const found = await search(ctx, probe, attemptDepth, searchParams(ctx, probe, offset, limit, need, cap), timeoutMs, byLevels);
    if (found !== TIMED_OUT) found.ownership = ownership ??= found.ownership;
    // A level-by-level search has no probe to grow: cut by the budget, it is as far as it gets.
    if (found === TIMED_OUT || found.decided || found.cut || cap >= budget) return found;
    // The probe knows enough results but not that their last level is complete (a first
    // level larger than the probe, say): searching level by level ends that level at once,
    // where shortest-path probes would stream it again, 4x larger each time.
    byLevels = levelsFollowProbe(request, attemptDepth, need, found.total);
    cap = nextProbeCap(cap, found.total, need, budget);
  }
}

async function search(
  ctx: SearchContext, request: TraversalRequest, attemptDepth: number, params: Record<string, unknown>, timeoutMs: number, byLevels: boolean,
): Promise<SearchResult | TimedOut> {
  const listedOnly = listedByLevels(request, attemptDepth);
  const levels = listedOnly || byLevels;
  const statement = levels ? levelsStatement(request, attemptDepth, listedOnly) : traverseStatement(request, attemptDepth);
  const records = await ctx.reader.readWithin(statement, params, timeoutMs);
  if (records === TIMED_OUT) return TIMED_OUT;
  const [row] = records;
  const entities = entityMap(row.get('entities') as unknown[][]);
  const page = (row.get('page') as { ids: string[]; facts: { type: string; fact: Props }[] }[]).map((h): Hit => ({
    target: entities.get(h.ids[h.ids.length - 1])!,
    steps: h.facts.map((f, i) => ({ type: apiRelType(f.type), from: entities.get(h.ids[i])!, to: entities.get(h.ids[i + 1])!, fact: f.fact })),
  }));
  return {
    stepFacts: request.withStepFacts ? stepFactsOf(row) : undefined,
    source: sourceProps(row.get('source') as unknown[] | null),
    explored: row.get('explored') as number,
    decided: row.get('decided') as boolean,
    // The level-by-level query is undecided only when a level passed the budget.
    cut: levels && !(row.get('decided') as boolean),
    total: row.get('total') as number,
    hits: page,
    // Null when the statement did not read them (a search shallower than max_depth).
    ownership: (row.get('ownership') as OwnershipFactRow[] | null) ?? undefined,
  };
}

/**
 * Searches up to `fromDepth`; when Neo4j stops an attempt for time, retries one depth
 * shallower (a subset of the deeper search, so its results are the best available) while the
 * deadline allows. Undefined when not even the shallowest search finished.
 */
export async function descendingSearch(
  ctx: SearchContext, request: TraversalRequest, fromDepth: number, offset: number, limit: number, deadline: Deadline,
): Promise<{ found: SearchResult; partial: boolean } | undefined> {
  const shallowest = Math.max(1, request.minDepth);
  for (let depth = fromDepth; depth >= shallowest; depth--) {
    if (deadline.remainingMs() === 0) break;
    const found = await stagedSearch(ctx, request, depth, offset, limit, deadline, depth === shallowest);
    if (found === TIMED_OUT) continue;
    // Undecided means the visit budget cut the search before the page was known.
    return { found, partial: depth < request.maxDepth || !found.decided };
  }
  return undefined;
}
