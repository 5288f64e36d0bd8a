/**
 * Which search answers a request, and how long each attempt may take: the request's one
 * deadline, the time of one attempt, the probe sizes, and whether a longer round fits.
 */
import { TraversalRequest, hasEndFilters, isListedSearch } from './request';

/**
 * The one time budget of a request (TRAVERSAL_TIMEOUT_MS in all): every search attempt of a
 * traversal, and every traversal block of one /entity request, draws on the same deadline.
 */
export class Deadline {
  private readonly endsAt: number;

  constructor(totalMs: number, private readonly clock: () => number = Date.now) {
    this.endsAt = clock() + totalMs;
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - this.clock());
  }
}

/**
 * The time limit of one search attempt: half of what is left, so that the shallower retries
 * after a timeout still have time, and all of it for the last possible attempt. 0 means no
 * attempt (to Neo4j a timeout of 0 would mean no limit at all).
 */
export function attemptTimeoutMs(remainingMs: number, lastAttempt: boolean): number {
  return Math.max(0, Math.floor(lastAttempt ? remainingMs : remainingMs / 2));
}

/**
 * Deeper than this, a traversal without path filters searches level by level (levelSearch);
 * up to it, one query (traverse or levels in cypher/traversal.cypher), which stops as soon as
 * the page is decided, is the faster of the two.
 */
export const SINGLE_QUERY_MAX_DEPTH = 5;

/** How much longer a search that needs whole paths takes per extra depth, at most (docs/traversal.md). */
const DEPTH_COST_GROWTH = 8;

/**
 * Whether a search one step longer than the last of `roundMs` (the times of the searches so
 * far, one step apart) is expected to fit in half of `remainingMs`: the last time, times the
 * growth between the last two (at least 2; DEPTH_COST_GROWTH before there are two). Neo4j
 * does not stop a search on whole paths at its timeout, so one is started only when it fits.
 */
export function nextRoundFits(roundMs: number[], remainingMs: number): boolean {
  const last = roundMs[roundMs.length - 1];
  const before = roundMs[roundMs.length - 2];
  const growth = before === undefined ? DEPTH_COST_GROWTH : Math.max(2, last / Math.max(before, 1));
  return last * growth <= remainingMs / 2;
}

/**
 * Whether a request takes minLengthSearch: a minimum length above 1 and no risk filter (with
 * one, whole paths decide; the shortest-path searches take it).
 */
export function usesMinLengthSearch(request: TraversalRequest): boolean {
  return request.minDepth > 1 && request.riskFactors.length === 0;
}

/** Whether a request is searched level by level: deep, no risk filter, no minimum length above 1 (those need whole paths). */
export function searchesByLevels(request: TraversalRequest): boolean {
  return request.maxDepth > SINGLE_QUERY_MAX_DEPTH && request.riskFactors.length === 0 && request.minDepth <= 1;
}

/** Whether a request is deep and risk-filtered: deepRiskSearch, one depth at a time. */
export function searchesDeepByDepth(request: TraversalRequest): boolean {
  return request.maxDepth > SINGLE_QUERY_MAX_DEPTH && !usesMinLengthSearch(request) && !searchesByLevels(request);
}

/**
 * Whether a request is answered by the one-query searches (traverse or levels, retried
 * shallower), whose statement can also read a request's ownership facts; the other searches
 * leave those to a statement of their own.
 */
export function searchesInOneQuery(request: TraversalRequest): boolean {
  return !usesMinLengthSearch(request) && !searchesByLevels(request) && !searchesDeepByDepth(request);
}

/**
 * Whether the levels query in cypher/traversal.cypher can answer a search up to
 * `attemptDepth`: no path-wide condition (risk filters, min_depth above 1 need whole paths) and
 * within the one-query depths (deeper ones take levelSearch).
 */
function levelsCanServe(request: TraversalRequest, attemptDepth: number): boolean {
  return request.riskFactors.length === 0 && request.minDepth <= 1 && attemptDepth <= SINGLE_QUERY_MAX_DEPTH;
}

/** Whether a search up to `attemptDepth` is one for sanctioned or PEP targets that the levels query answers from the start. */
export function listedByLevels(request: TraversalRequest, attemptDepth: number): boolean {
  return isListedSearch(request) && levelsCanServe(request, attemptDepth);
}

/**
 * The largest page (offset + limit + 1) the levels query serves for targets other than listed
 * ones (levelsFromStart, levelsFollowProbe). It picks a page by selection, (offset + limit) x the
 * results of one length in a single expression, which no deadline stops, so deeper pages keep
 * growing probes.
 */
const LEVELS_MAX_NEED = 64;

/**
 * Whether an undecided shortest-path probe that found `found` results, where the page needs
 * `need`, is followed by the level-by-level search: a search the levels query can serve,
 * enough results known (so their level is the one left open), and a small page.
 */
export function levelsFollowProbe(request: TraversalRequest, attemptDepth: number, need: number, found: number): boolean {
  return levelsCanServe(request, attemptDepth) && found >= need && need <= LEVELS_MAX_NEED;
}

/**
 * Whether a search starts with the levels query instead of a shortest-path probe of
 * `firstCap` targets: one the levels query can serve, with a small page and no end filter.
 * Every entity reached is then a result, so a probe short of the visit budget either decides
 * the page within its targets, as the levels query does, or stops with the page found inside
 * an open level, which levelsFollowProbe hands to the levels query. Starting there gives the
 * same answer without the probe. A first probe as large as the budget is the whole search,
 * and its answer past the budget (the first targets streamed) is not the levels query's (the
 * complete levels before the one that passed it), so it stays.
 */
export function levelsFromStart(request: TraversalRequest, attemptDepth: number, need: number, firstCap: number, budget: number): boolean {
  return levelsCanServe(request, attemptDepth) && need <= LEVELS_MAX_NEED && !hasEndFilters(request) && firstCap < budget;
}

/** The probe reaches this many targets per result the page needs (offset + limit + 1), at least PROBE_MIN_TARGETS. */
const PROBE_TARGETS_PER_RESULT = 4;
const PROBE_MIN_TARGETS = 64;
const PROBE_GROWTH = 16;
const LEVEL_GROWTH = 4;

/** The first probe's size for a page that needs `need` results (never past the visit budget). */
export function firstProbeCap(need: number, budget: number): number {
  return Math.min(budget, Math.max(PROBE_MIN_TARGETS, need * PROBE_TARGETS_PER_RESULT));
}

/**
 * The next probe after an undecided one of `cap` targets that found `found` results, when the
 * page needs `need`: 4x when enough results are known and only their length level is
 * unfinished, 16x when too few are (see stagedSearch); never past the visit budget.
 */
export function nextProbeCap(cap: number, found: number, need: number, budget: number): number {
  return Math.min(budget, cap * (found >= need ? LEVEL_GROWTH : PROBE_GROWTH));
}
