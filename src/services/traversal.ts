/**
 * Traversal engine behind /traversal, /ubo, /downstream, /watchlist (legacy and /v1),
 * /v1/shortest_path and the traversal blocks of /entity.
 *
 * Semantics (ARCHITECTURE.md "Traversal semantics"): one result per distinct target, with a
 * shortest path that satisfies every path filter and visits no entity twice; ordered by
 * path length, then target id; offset/limit page over that order. The work is one native
 * Cypher query (cypher/traversal.cypher): a shortest-path search, or without path-wide
 * conditions a breadth-first search level by level (levels): for sanctioned or PEP targets,
 * for small pages without end filters, and to finish a level a shortest-path probe left open;
 * deep searches go one level per query (levelSearch), and min_depth above 1 adds a search of
 * its own for each target nearer than min_depth (minLengthSearch). It is bounded by a visit budget and by
 * one deadline per request (see Deadline); past either, the best results found are returned
 * with partial_results. docs/traversal.md has the details.
 */
import neo4j, { Neo4jError, Path } from 'neo4j-driver';
import { isPast, todayUtc } from '../domain/dates';
import { notFound, badParameter } from '../domain/errors';
import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, SHARE_BEARING_TYPES, apiRelType, neo4jRelType } from '../domain/relationships';
import { RISK_CATEGORIES, RISK_FLAG_FACTORS, allRiskFactors } from '../domain/risk';
import { familyFactorsOfCategory } from '../domain/riskFamilies';
import { cypher } from '../graph/cypherFiles';
import { EMBEDDED_ENTITY_PROPERTIES, EmbeddedEntity, Props, Surface, embeddedEntity, embeddedEntityProps, relationshipFact } from '../graph/mappers';
import { memoryLimitHit, type Graph } from '../graph/neo4j';

export interface TraversalRequest {
  id: string;
  offset: number;
  limit: number;
  minDepth: number;
  maxDepth: number;
  /** Relationship types to follow (validated against the domain table). */
  relationships: string[];
  psa: boolean;
  countries: string[];
  types: string[];
  name?: string;
  sanctioned: boolean;
  pep: boolean;
  watchlist: boolean;
  minShares: number;
  includeUnknownShares: boolean;
  excludeFormerRelationships: boolean;
  excludeClosedEntities: boolean;
  /** Factor names: a path qualifies when some entity on it other than the source has one. */
  riskFactors: string[];
  /** Also fetch every fact between consecutive entities of the page's paths (the /v1 segments), in the same query. */
  withStepFacts?: boolean;
}

export type StepFacts = Map<string, { type: string; fact: Props; acquisitionDate?: string }[]>;

const pairKey = (a: unknown, b: unknown): string => `${a}\u0000${b}`;
/** The key of StepFacts for a step. */
export const stepKey = (step: Step): string => pairKey(step.from.id, step.to.id);

export interface TraversalLimits {
  visitBudget: number;
  timeoutMs: number;
  /** The largest level the first statement of a breadth-first search leaves from (breadthFirst); 0: a statement a level. */
  firstStatementFrontier: number;
}

interface Hit { target: Props; steps: Step[] }

export interface TraversalResult {
  source: Props;
  hits: { target: Props; steps: Step[] }[];
  /** With `withStepFacts`: every fact between consecutive entities of the hits' paths. */
  stepFacts?: StepFacts;
  next: boolean;
  explored: number;
  partial: boolean;
}

export interface Step { type: string; from: Props; to: Props; fact: Props }

/**
 * Factor names a risk category stands for: those its name test matches (RISK_CATEGORIES), the
 * direct and derived names of its risk families (eu_50_percent_rule is a sanctions factor,
 * owned_by_bis_meu_entity an export-controls one), and the psa_ form of each.
 */
export function factorsForCategories(categories: string[]): string[] {
  if (categories.length === 0) return [];
  const ofFamilies = new Set(categories.flatMap(familyFactorsOfCategory));
  return allRiskFactors().filter((f) => {
    const base = f.startsWith('psa_') ? f.slice(4) : f;
    return ofFamilies.has(base) || categories.some((c) => RISK_CATEGORIES[c]?.(base));
  });
}

/** A boolean risk flag such as `reputational_risk_terrorism` covers its dated variants too. */
export function factorsForFlag(flag: string): string[] {
  const factor = RISK_FLAG_FACTORS[flag] ?? flag;
  const factors = allRiskFactors().filter((f) => f === factor || f.startsWith(`${factor}_`));
  // A flag that names no factor of the enumeration (reputational_risk_modern_slavery) filters on
  // its own name, which no entity can carry: it matches nothing rather than being dropped.
  return factors.length ? factors : [factor];
}

const SHARE_TYPES = [...SHARE_BEARING_TYPES].map(neo4jRelType);
/** The probe reaches this many targets per result the page needs (offset + limit + 1), at least PROBE_MIN_TARGETS. */
const PROBE_TARGETS_PER_RESULT = 4;
const PROBE_MIN_TARGETS = 64;
const PROBE_GROWTH = 16;
const LEVEL_GROWTH = 4;
const ALL_TYPES = RELATIONSHIP_TYPES.map(neo4jRelType);

/** Whether Neo4j stopped the query for running past its time limit. */
function isTimeout(err: unknown): boolean {
  const code = (err as Neo4jError)?.code ?? '';
  return code.includes('TransactionTimedOut') || code.includes('Transaction.Terminated') || code.includes('TransactionTimedOutClientConfiguration');
}

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

const TIMED_OUT = Symbol('timed out');

/** One search's answer: the page, how many results there are, and how far the search got. */
interface SearchResult {
  source?: Props;
  hits: Hit[];
  stepFacts?: StepFacts;
  total: number;
  explored: number;
  /** The page and `next` are exact. */
  decided: boolean;
  /** Time or the visit budget stopped a level-by-level search (the levels before it are complete). */
  cut: boolean;
}

/**
 * Deeper than this, a traversal without path filters searches level by level (levelSearch);
 * up to it, one query (traverse or levels in cypher/traversal.cypher), which stops as soon as
 * the page is decided, is the faster of the two and its time does not yet grow with the
 * re-tracing levelSearch describes.
 */
export const SINGLE_QUERY_MAX_DEPTH = 5;

/** How much longer a search that needs whole paths takes per extra depth, at most (measured on the sample data: about 5x past depth 7). */
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

/** The Neo4j relationship types a request follows (possibly-same-as too with psa). */
function searchTypes(request: TraversalRequest): string[] {
  // possibly_same_as in the list adds nothing: psa alone decides whether those links are followed.
  const types = [...new Set(request.relationships)].filter((t) => t !== POSSIBLY_SAME_AS).map(neo4jRelType);
  if (request.psa) types.push(neo4jRelType(POSSIBLY_SAME_AS));
  if (types.length === 0) {
    throw badParameter('relationships', request.relationships.includes(POSSIBLY_SAME_AS)
      ? 'possibly_same_as links are followed only with psa=true; name another type or turn psa on'
      : 'at least one relationship type is required');
  }
  return types;
}

/** Every relationship type that joins two entities: facts and possibly-same-as links (ARCHITECTURE.md, graph model). */
const ENTITY_LINK_TYPES = [...ALL_TYPES, neo4jRelType(POSSIBLY_SAME_AS)];

/**
 * The relationship-type expression of an expanding step (`[r<here>]`) over `types`: none when
 * they are every type that joins two entities (the pattern's `:Entity` ends keep other
 * relationships out), otherwise the shorter of the types followed and the negated types not
 * followed. Neo4j tests a relationship against each alternative of a list in turn: with all 80
 * types listed, a level-by-level watchlist search on the 1M graph took about 1.4 times as long.
 */
export function typeExpression(types: string[]): string {
  const followed = new Set(types);
  const skipped = ENTITY_LINK_TYPES.filter((t) => !followed.has(t));
  if (skipped.length === 0) return '';
  return skipped.length < followed.size ? `:${skipped.map((t) => `!${t}`).join('&')}` : `:${[...followed].join('|')}`;
}

/**
 * Whether the levels query in cypher/traversal.cypher can answer a search up to `maxDepth`: no
 * path-wide condition (risk filters, min_depth above 1 need whole paths) and within the
 * one-query depths (deeper ones take levelSearch).
 */
function levelsCanServe(request: TraversalRequest, maxDepth: number): boolean {
  return request.riskFactors.length === 0 && request.minDepth <= 1 && maxDepth <= SINGLE_QUERY_MAX_DEPTH;
}

/** Whether a search up to `maxDepth` is one for sanctioned or PEP targets that the levels query answers from the start. */
export function listedByLevels(request: TraversalRequest, maxDepth: number): boolean {
  return isListedSearch(request) && levelsCanServe(request, maxDepth);
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
export function levelsFollowProbe(request: TraversalRequest, maxDepth: number, need: number, found: number): boolean {
  return levelsCanServe(request, maxDepth) && found >= need && need <= LEVELS_MAX_NEED;
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
export function levelsFromStart(request: TraversalRequest, maxDepth: number, need: number, firstCap: number, budget: number): boolean {
  return levelsCanServe(request, maxDepth) && need <= LEVELS_MAX_NEED && endFilterClauses(request).length === 0 && firstCap < budget;
}

/** The parameters of the step-filter fragment. */
function stepFilterParams(request: TraversalRequest) {
  return {
    shareTypes: SHARE_TYPES,
    minShares: request.minShares,
    includeUnknownShares: request.includeUnknownShares,
    excludeFormer: request.excludeFormerRelationships,
    today: todayUtc(),
    excludeClosed: request.excludeClosedEntities,
  };
}

/** The source a search statement returns (EMBEDDED_ENTITY_PROPERTIES values), or undefined for an unknown id. */
const sourceProps = (values: unknown[] | null): Props | undefined => (values ? embeddedEntityProps(values) : undefined);

/** Entity rows of EMBEDDED_ENTITY_PROPERTIES values, by id. */
function entityMap(rows: unknown[][]): Map<string, Props> {
  return new Map(rows.map((values) => {
    const props = embeddedEntityProps(values);
    return [props.id as string, props];
  }));
}

/**
 * The next probe after an undecided one of `cap` targets that found `found` results, when the
 * page needs `need`: 4x when enough results are known and only their length level is
 * unfinished, 16x when too few are (see stagedSearch); never past the visit budget.
 */
export function nextProbeCap(cap: number, found: number, need: number, budget: number): number {
  return Math.min(budget, cap * (found >= need ? LEVEL_GROWTH : PROBE_GROWTH));
}

export interface ShortestPathResult {
  path?: { source: Props; target: Props; steps: Step[] };
  /** The search ran out of time: no path is known, but one may exist. */
  partial: boolean;
}

const stepFilter = (rel: string, to: string) => cypher('traversal', 'step-filter').replaceAll('__REL__', rel).replaceAll('__TO__', to);

/** The one-query search (traverse in cypher/traversal.cypher) up to `maxDepth`. */
function traverseStatement(request: TraversalRequest, maxDepth: number): string {
  const minDepth = Math.max(1, request.minDepth);
  // Only an entity on a watchlist can be a result: the last step may be written on its own
  // and leave only entities next to one (steps-to-watchlist). A one-step search gains nothing.
  const toWatchlist = isListedSearch(request) && maxDepth > 1;
  // The entities of the path after the source.
  const pathEntities = toWatchlist ? '(b + [t])' : 'b';
  const needsSimplePath = request.riskFactors.length > 0 || request.minDepth > 1;
  const predicates = [
    request.riskFactors.length > 0 ? `any(x IN ${pathEntities} WHERE any(f IN coalesce(x.risk_factors, []) WHERE f IN $riskFactors))` : undefined,
    // Shortest paths under per-step filters never repeat an entity; a path-wide condition
    // or a minimum length can prefer a longer walk, so there uniqueness is checked.
    needsSimplePath ? `all(i IN range(0, size(${pathEntities}) - 1) WHERE ${pathEntities}[i] <> s AND NOT ${pathEntities}[i] IN ${pathEntities}[i + 1..])` : undefined,
  ].filter(Boolean);
  const steps = (toWatchlist ? cypher('traversal', 'steps-to-watchlist') : cypher('traversal', 'steps'))
    .replaceAll('__STEP_FILTER__', stepFilter('r', 'b'))
    .replaceAll('__LAST_STEP_FILTER__', stepFilter('last', 't'))
    .replaceAll('__MIN__', String(toWatchlist ? minDepth - 1 : minDepth))
    .replaceAll('__MAX__', String(toWatchlist ? maxDepth - 1 : maxDepth));
  return cypher('traversal', 'traverse')
    .replaceAll('__STEPS__', steps)
    .replaceAll('__TYPES__', searchTypes(request).join('|'))
    .replaceAll('__PATH_PREDICATE__', predicates.length ? predicates.join(' AND ') : 'true')
    .replaceAll('__END_FILTER__', endFilter(request))
    .replaceAll('__PAGE__', cypher('traversal', 'page'));
}

/**
 * The level-by-level search (levels) up to `maxDepth`: for sanctioned or PEP targets
 * (`listedOnly`), only listed entities are targets and the last two levels keep only entities
 * that can lead to one; otherwise every entity reached is a target, and each level keeps only
 * entities no level before it holds.
 */
function levelsStatement(request: TraversalRequest, maxDepth: number, listedOnly: boolean): string {
  const listed = '(b:Sanctioned OR b:Pep)';
  const levels = Array.from({ length: maxDepth }, (_, i) => {
    const k = i + 1;
    const last = k === maxDepth;
    const keep = !listedOnly ? 'AND b <> s AND NOT b IN seen'
      : last ? `AND ${listed}` : k === maxDepth - 1 ? `AND (b:WatchlistAdjacent OR ${listed})` : '';
    return cypher('traversal', 'level')
      .replaceAll('__FROM__', listedOnly && last ? '[a IN levels[-1] WHERE a:WatchlistAdjacent]' : 'levels[-1]')
      .replaceAll('__KEEP__', keep)
      .replaceAll('__TARGET__', listedOnly ? '(t:Sanctioned OR t:Pep) AND' : '')
      .replaceAll('__K__', String(k));
  });
  return cypher('traversal', 'levels')
    .replaceAll('__LEVELS__', levels.join('\n'))
    .replaceAll('__MAX__', String(maxDepth))
    .replaceAll('__STEP_FILTER__', stepFilter('r', 'b'))
    .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
    .replaceAll('__END_FILTER__', endFilter(request))
    .replaceAll('__PAGE__', cypher('traversal', 'page'));
}

/**
 * How long past its transaction timeout a traversal statement is waited for. Neo4j ends a
 * timed-out transaction at its next monitor check (2 s apart by default), but its shortest-path
 * search with a condition on whole paths does not look for that while it searches: such a
 * statement can run on for minutes (a min_depth 8 risk-filtered search on a dense graph). The
 * request then goes on without it, as if it had timed out, and the statement is logged.
 */
export const ABANDON_AFTER_TIMEOUT_MS = 2000;

/** How many statement texts TraversalService remembers as planned (planBeforeTiming) before it starts over. */
const PLANNED_TEXTS_KEPT = 5000;

export class TraversalService {
  /** Texts of timed statements this process has had Neo4j plan (planBeforeTiming). */
  private readonly planned = new Set<string>();

  constructor(
    private readonly graph: Graph,
    private readonly limits: TraversalLimits,
    private readonly warn: (message: string, details: Record<string, unknown>) => void = () => undefined,
  ) {}

  /** A fresh deadline of TRAVERSAL_TIMEOUT_MS for one request. */
  startDeadline(): Deadline {
    return new Deadline(this.limits.timeoutMs);
  }

  async source(id: string): Promise<Props> {
    const rows = await this.graph.read(cypher('traversal', 'source-entity'), { id });
    if (rows.length === 0) throw notFound(`entity ${JSON.stringify(id)}`);
    return rows[0].get('entity') as Props;
  }

  /**
   * Searches to max_depth; when Neo4j stops an attempt for time, retries one depth shallower
   * (a subset of the deeper search, so its results are the best available) while the
   * deadline allows, and says the results are partial.
   */
  async traverse(request: TraversalRequest, deadline: Deadline = this.startDeadline()): Promise<TraversalResult> {
    // The search returns the source too; it is needed first only when it can be a result.
    let source = request.minDepth === 0 ? await this.source(request.id) : undefined;
    // A path of length 0 ends at the source, so the source is a result only if it passes
    // what a target must pass: the end filters and, when asked, not being closed.
    const includeSource = source !== undefined && passesEndFilters(source, request) && request.riskFactors.length === 0
      && !(request.excludeClosedEntities && Boolean(source.closed));
    const sourceOnPage = includeSource && request.offset === 0;
    // The source, when it is a result, is first in the order (path length 0).
    const offset = includeSource ? Math.max(0, request.offset - 1) : request.offset;
    const limit = Math.max(sourceOnPage ? request.limit - 1 : request.limit, 0);

    const answer = (found: SearchResult, partial: boolean): TraversalResult => {
      if (!found.source) throw notFound(`entity ${JSON.stringify(request.id)}`);
      source ??= found.source;
      const total = found.total + (includeSource ? 1 : 0);
      const hits = [...found.hits];
      if (sourceOnPage) hits.unshift({ target: source, steps: [] });
      return { source, hits, stepFacts: found.stepFacts, next: request.offset + hits.length < total, explored: found.explored, partial };
    };

    // The depth the one-query search starts from, going shallower while attempts are stopped.
    let descendFrom = request.maxDepth;
    if (usesMinLengthSearch(request)) {
      const found = await this.minLengthSearch(request, offset, limit, deadline);
      if (found !== TIMED_OUT) return answer(found, !found.decided);
      descendFrom = 0; // its deadline is spent
    } else if (searchesByLevels(request)) {
      const found = await this.levelSearch(request, offset, limit, deadline);
      if (found !== TIMED_OUT) return answer(found, found.cut || !found.decided);
      descendFrom = 0; // its deadline is spent
    } else if (request.maxDepth > SINGLE_QUERY_MAX_DEPTH) {
      // Deep, and whole paths decide (risk filters): one query per depth,
      // shallow to deep, each about DEPTH_COST_GROWTH times the one before. A depth is started
      // only when that estimate fits the time left, because Neo4j does not stop this search at
      // its transaction timeout; the answer is the deepest search that finished.
      // Below min_depth a depth only measures (paths of depth - 1 or depth steps), so that a
      // min_depth of 8 does not start with an 8-step search whose cost nothing has shown.
      const need = offset + limit + 1;
      let best: { found: SearchResult; depth: number } | undefined;
      const roundMs: number[] = [];
      for (let depth = SINGLE_QUERY_MAX_DEPTH; depth <= request.maxDepth; depth++) {
        if (roundMs.length > 0 && !nextRoundFits(roundMs, deadline.remainingMs())) break;
        const measuring = depth < request.minDepth;
        const searched = measuring ? { ...request, minDepth: depth - 1 } : request;
        // Risk filters keep this search on the shortest-path statement (levelsCanServe).
        await this.planBeforeTiming(traverseStatement(searched, depth), this.searchParams(searched, offset, limit, need, need), deadline);
        const started = Date.now();
        const found = await this.stagedSearch(searched, depth, offset, limit, deadline, !measuring);
        if (found === TIMED_OUT) break;
        roundMs.push(Date.now() - started);
        if (measuring) continue;
        best = { found, depth };
        // Enough results within a finished level: deeper searches only add longer paths after them.
        if (found.decided && found.total >= need) break;
      }
      if (best) {
        const complete = best.depth === request.maxDepth || (best.found.decided && best.found.total >= need);
        return answer(best.found, !complete || !best.found.decided);
      }
      // Not even that depth finished (stopped for memory, which comes fast): shallower ones may.
      descendFrom = SINGLE_QUERY_MAX_DEPTH - 1;
    }
    const shallowest = Math.max(1, request.minDepth);
    for (let depth = descendFrom; depth >= shallowest; depth--) {
      if (deadline.remainingMs() === 0) break;
      const found = await this.stagedSearch(request, depth, offset, limit, deadline, depth === shallowest);
      if (found === TIMED_OUT) continue;
      // Undecided means the visit budget cut the search before the page was known.
      return answer(found, depth < request.maxDepth || !found.decided);
    }
    // Out of time before even the shallowest search finished.
    source ??= await this.source(request.id);
    return { source, hits: sourceOnPage ? [{ target: source, steps: [] }] : [], stepFacts: new Map(), next: false, explored: 0, partial: true };
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
   */
  private async stagedSearch(request: TraversalRequest, maxDepth: number, offset: number, limit: number, deadline: Deadline, lastAttempt: boolean) {
    const need = offset + limit + 1;
    const budget = this.limits.visitBudget;
    const firstCap = Math.min(budget, Math.max(PROBE_MIN_TARGETS, need * PROBE_TARGETS_PER_RESULT));
    let byLevels = levelsFromStart(request, maxDepth, need, firstCap, budget);
    for (let cap = firstCap; ;) {
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), lastAttempt);
      if (timeoutMs === 0) return TIMED_OUT;
      const found = await this.search(request, maxDepth, offset, limit, need, cap, timeoutMs, byLevels);
      // A level-by-level search has no probe to grow: cut by the budget, it is as far as it gets.
      if (found === TIMED_OUT || found.decided || found.cut || cap >= budget) return found;
      // The probe knows enough results but not that their last level is complete (a first
      // level larger than the probe, say): searching level by level ends that level at once,
      // where shortest-path probes would stream it again, 4x larger each time.
      byLevels = levelsFollowProbe(request, maxDepth, need, found.total);
      cap = nextProbeCap(cap, found.total, need, budget);
    }
  }

  /** The parameters of the traverse and levels statements. */
  private searchParams(request: TraversalRequest, offset: number, limit: number, need: number, cap: number) {
    return {
      id: request.id,
      ...stepFilterParams(request),
      riskFactors: request.riskFactors,
      entityKeys: EMBEDDED_ENTITY_PROPERTIES,
      withFacts: request.withStepFacts === true,
      cap: neo4j.int(cap),
      need: neo4j.int(need),
      budget: neo4j.int(this.limits.visitBudget),
      countries: request.countries,
      types: request.types,
      name: request.name ? request.name.toLowerCase() : null,
      offset: neo4j.int(offset),
      limit: neo4j.int(limit),
    };
  }

  private async search(request: TraversalRequest, maxDepth: number, offset: number, limit: number, need: number, cap: number, timeoutMs: number, byLevels = false) {
    const listedOnly = listedByLevels(request, maxDepth);
    const levels = listedOnly || byLevels;
    const statement = levels ? levelsStatement(request, maxDepth, listedOnly) : traverseStatement(request, maxDepth);
    const records = await this.readWithin(statement, this.searchParams(request, offset, limit, need, cap), timeoutMs);
    if (records === TIMED_OUT) return TIMED_OUT;
    const [row] = records;
    const entities = entityMap(row.get('entities') as unknown[][]);
    const page = (row.get('page') as { ids: string[]; facts: { type: string; fact: Props }[] }[]).map((h): Hit => ({
      target: entities.get(h.ids[h.ids.length - 1])!,
      steps: h.facts.map((f, i) => ({ type: apiRelType(f.type), from: entities.get(h.ids[i])!, to: entities.get(h.ids[i + 1])!, fact: f.fact })),
    }));
    const stepFacts = request.withStepFacts ? stepFactsOf(row) : undefined;
    return {
      stepFacts,
      source: sourceProps(row.get('source') as unknown[] | null),
      explored: row.get('explored') as number,
      decided: row.get('decided') as boolean,
      // The level-by-level query is undecided only when a level passed the budget.
      cut: levels && !(row.get('decided') as boolean),
      total: row.get('total') as number,
      hits: page,
    };
  }

  /**
   * Breadth-first search one level (one query) at a time, each entity reached once: the
   * engine of deep traversals without path filters (searchesByLevels). Neo4j's shortest-path
   * search, which the shallower ones use, re-traces every entity it reaches again at a greater
   * length; on a graph where each fact is stored both ways, every entity is reached again at
   * every second length, and its time grows about fivefold per level past depth 7 on the
   * sample data (16 s at depth 10, the legacy default, for a 229-entity graph), inside one
   * operator that does not stop for the transaction timeout. Here each level costs what its
   * steps cost. The page is decided when a complete level leaves `need` results known; a
   * level cut by time leaves the levels before it complete (`cut`: the answer is partial).
   */
  private async levelSearch(request: TraversalRequest, offset: number, limit: number, deadline: Deadline): Promise<SearchResult | typeof TIMED_OUT> {
    const need = offset + limit + 1;
    const { via, levels, cut } = await this.breadthFirst(request, deadline, { minLen: 1, need });
    const hits = resultsOf(levels, 1);
    const page = await this.pageOf(request, hits.slice(offset, offset + limit).map((hit) => pathFromVia(via, hit.id)), deadline);
    if (page === TIMED_OUT) return TIMED_OUT;
    const explored = levels.reduce((sum, level) => sum + level.length, 0);
    // Without a cut, the search ended with the page decided, at max_depth, or with nothing left to reach.
    return { ...page, explored: isListedSearch(request) ? hits.length : explored, decided: !cut, cut, total: hits.length };
  }

  /**
   * The search for `min_depth` above 1 without risk filters (usesMinLengthSearch). A target's
   * result is its shortest path of at least min_depth steps that repeats no entity. A target at
   * a distance of min_depth or more has its shortest path, so a breadth-first search
   * (breadthFirst) settles those. Only the targets nearer than min_depth that pass the end
   * filters need a longer path; each gets one with both ends bound: first a shortest path of two
   * steps or more (detours, a breadth-first search, the answer when it is long enough or when
   * there is none), then, for min_depth above 2, a search of simple paths for those whose
   * detour is too short (longerPaths). Searching every simple path from the source instead took
   * 5 s for `/traversal/e-gb-northwind-logistics?min_depth=2&countries=RUS` on the sample, and
   * found nothing in 10 s for `min_depth=10`.
   *
   * The breadth-first search stops after the level where `need` results at min_depth or more
   * are known; longer paths are then searched only up to that level's length, since the page
   * holds nothing longer.
   */
  private async minLengthSearch(request: TraversalRequest, offset: number, limit: number, deadline: Deadline): Promise<SearchResult | typeof TIMED_OUT> {
    const need = offset + limit + 1;
    const minDepth = request.minDepth;
    const { via, levels, cut } = await this.breadthFirst(request, deadline, { minLen: minDepth, need });
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
      ? await this.longerPaths(request, near, longest, deadline)
      : { found: [], settledTo: longest };
    const results = [...far, ...found].sort((x, y) => x.len - y.len || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    // Every result up to settledTo steps is known; the page is exact when it ends there.
    const decided = !cut && (settledTo >= longest || results.filter((r) => r.len <= settledTo).length >= need);
    const page = await this.pageOf(request, results.slice(offset, offset + limit).map((r) => r.path ?? pathFromVia(via, r.id)), deadline);
    if (page === TIMED_OUT) return TIMED_OUT;
    return { ...page, explored: isListedSearch(request) ? results.length : farReached + found.length, decided, cut: !decided, total: results.length };
  }

  /**
   * For each of `near` (entities nearer than min_depth), its shortest path of min_depth to
   * `longest` steps that repeats no entity, if any (see minLengthSearch). `settledTo` is the
   * length up to which every such path is known.
   *
   * Those whose detour is shorter than min_depth take the simple-path search (longer-paths),
   * which Neo4j does not stop at its transaction timeout: on a generated 600-entity graph (about
   * 16 facts per entity), a target with no such path took 0.2 s at 5 steps, 0.7 s at 6, and
   * minutes at 10 (three such statements ran on for 437, 134 and 74 s after their requests). Its cost is
   * therefore found out one length at a time, from 3 steps: below min_depth the rounds only
   * measure (paths of `len - 1` or `len` steps, so that a graph where all paths between two
   * entities have the same parity does not look expensive), from min_depth on they find. A
   * round starts only when nextRoundFits.
   */
  private async longerPaths(request: TraversalRequest, near: string[], longest: number, deadline: Deadline): Promise<{ found: Ranked[]; settledTo: number }> {
    const minDepth = request.minDepth;
    const statement = (name: string) => cypher('traversal', name)
      .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
      .replaceAll('__STEP_FILTER__', stepFilter('r', 'b'))
      .replaceAll('__LAST_STEP_FILTER__', stepFilter('last', 't'));
    const params = (targets: string[]) => ({ id: request.id, near: targets, ...stepFilterParams(request) });
    const paths = async (text: string, targets: string[]) => {
      // Half of the time left at most: the page still has to be read.
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
      const rows = timeoutMs === 0 ? TIMED_OUT : await this.readWithin(text, params(targets), timeoutMs);
      if (rows === TIMED_OUT) return TIMED_OUT;
      return rows.map((row): Ranked => {
        const path = { ids: row.get('ids') as string[], rels: row.get('rels') as string[] };
        return { id: row.get('target') as string, len: path.rels.length, path };
      });
    };
    const detours = await paths(statement('detours').replaceAll('__MAX_BEFORE__', String(longest - 1)), near);
    if (detours === TIMED_OUT) return { found: [], settledTo: minDepth - 1 };
    const found = detours.filter((d) => d.len >= minDepth);
    let open = detours.filter((d) => d.len < minDepth).map((d) => d.id);
    const roundMs: number[] = [];
    for (let len = Math.min(3, minDepth); len <= longest && open.length > 0; len++) {
      const settled = Math.max(minDepth - 1, len - 1);
      if (roundMs.length > 0 && !nextRoundFits(roundMs, deadline.remainingMs())) return { found, settledTo: settled };
      const measuring = len < minDepth;
      const text = statement('longer-paths').replaceAll('__MIN__', String(measuring ? Math.max(3, len - 1) : minDepth)).replaceAll('__MAX__', String(len));
      await this.planBeforeTiming(text, params(open), deadline);
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

  /**
   * Breadth-first levels from the source, each entity once with whether it passes the end
   * filters; `via` says how each was first reached. The search stops after the level at which
   * `stop.need` targets of `stop.minLen` steps or more are known. Time or the visit budget
   * (every entity reached counts) can cut a level: the levels before it are complete (`cut`).
   *
   * The first levels come from one statement (bfs-levels), as long as the level they leave from
   * holds at most `limits.firstStatementFrontier` entities; the rest one statement a level
   * (bfs-level). A search of a few small levels is then one round trip, and a large level keeps
   * a statement of its own, so that a timeout in it leaves the levels before it.
   */
  private async breadthFirst(request: TraversalRequest, deadline: Deadline, stop: { minLen: number; need: number }) {
    const budget = this.limits.visitBudget;
    const toWatchlist = isListedSearch(request);
    const fill = (text: string) => text
      .replaceAll('__STEP_FILTER__', stepFilter('r', 't'))
      .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
      .replaceAll('__END_FILTER__', endFilter(request));
    const params = { ...stepFilterParams(request), countries: request.countries, types: request.types, name: request.name ? request.name.toLowerCase() : null };
    const via: Via = new Map([[request.id, { from: '', rel: '' }]]);
    const levels: LevelEntity[][] = [];
    let frontier = [request.id];
    let previous: string[] = [];
    let explored = 0;
    let found = 0;
    let cut = false;
    let done = false;
    /** Takes level `len` (rows a, b, rel, hit); false when the budget cuts it or the search is over. */
    const take = (len: number, rows: { a: string; b: string; rel: string; hit: boolean }[]): boolean => {
      const level: LevelEntity[] = [];
      for (const row of rows) {
        if (via.has(row.b)) continue;
        via.set(row.b, { from: row.a, rel: row.rel });
        level.push({ id: row.b, hit: row.hit });
      }
      if (explored + level.length > budget) {
        // The visit budget ends the search inside this level: the levels before it are complete.
        cut = true;
        return false;
      }
      explored += level.length;
      level.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
      levels.push(level);
      previous = frontier;
      frontier = level.map((entity) => entity.id);
      if (len >= stop.minLen) found += level.filter((entity) => entity.hit).length;
      done = found >= stop.need || frontier.length === 0 || len === request.maxDepth;
      return !done;
    };

    const maxFrontier = this.limits.firstStatementFrontier;
    if (maxFrontier > 0) {
      const statement = fill(cypher('traversal', 'bfs-levels'));
      // Half of the time left at most: a timeout here leaves the rest to the statements a level.
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
      const rows = timeoutMs === 0 ? TIMED_OUT : await this.readWithin(statement, {
        ...params, id: request.id, maxDepth: neo4j.int(request.maxDepth), maxFrontier: neo4j.int(maxFrontier), need: neo4j.int(stop.need),
        minLen: neo4j.int(stop.minLen), budget: neo4j.int(budget), listedLevel: neo4j.int(toWatchlist ? request.maxDepth : 0),
      }, timeoutMs);
      // No row: the source is not there, and nothing is reached from it.
      if (rows !== TIMED_OUT && rows.length === 0) done = true;
      if (rows !== TIMED_OUT && rows.length > 0) {
        for (const [i, level] of (rows[0].get('levels') as [string, string, string, boolean][][]).entries()) {
          if (!take(i + 1, level.map(([b, a, rel, hit]) => ({ a, b, rel, hit })))) break;
        }
      }
    }

    const statement = fill(cypher('traversal', 'bfs-level'));
    for (let len = levels.length + 1; !done && !cut && len <= request.maxDepth; len++) {
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
      const rows = timeoutMs === 0 ? TIMED_OUT : await this.readWithin(statement, {
        ...params, frontier, recent: [...previous, ...frontier], onlyListed: toWatchlist && len === request.maxDepth,
      }, timeoutMs);
      if (rows === TIMED_OUT) {
        cut = true;
        break;
      }
      if (!take(len, rows.map((row) => ({ a: row.get('a') as string, b: row.get('b') as string, rel: row.get('rel') as string, hit: row.get('hit') as boolean })))) break;
    }
    return { via, levels, cut };
  }

  /** The page's paths (entity ids and facts by element id) read as hits, with the source (bfs-page) and, when asked, the step facts. */
  private async pageOf(request: TraversalRequest, paths: ViaPath[], deadline: Deadline) {
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
    const pairs = new Map<string, { a: string; b: string }>();
    if (request.withStepFacts) for (const { ids } of paths) for (let i = 1; i < ids.length; i++) pairs.set(pairKey(ids[i - 1], ids[i]), { a: ids[i - 1], b: ids[i] });
    const rows = await this.readWithin(cypher('traversal', 'bfs-page'), {
      id: request.id, entityKeys: EMBEDDED_ENTITY_PROPERTIES,
      ids: [...new Set(paths.flatMap((path) => path.ids))], rels: paths.flatMap((path) => path.rels), pairs: [...pairs.values()],
    }, Math.max(timeoutMs, 1000));
    if (rows === TIMED_OUT) return TIMED_OUT;
    const [row] = rows;
    const entities = entityMap(row.get('entities') as unknown[][]);
    const facts = new Map((row.get('facts') as { id: string; type: string; fact: Props }[]).map((f) => [f.id, f]));
    const hits: Hit[] = paths.map((path) => ({
      target: entities.get(path.ids[path.ids.length - 1])!,
      steps: path.rels.map((rel, i) => ({
        type: apiRelType(facts.get(rel)!.type), from: entities.get(path.ids[i])!, to: entities.get(path.ids[i + 1])!, fact: facts.get(rel)!.fact,
      })),
    }));
    return {
      source: sourceProps(row.get('source') as unknown[] | null),
      stepFacts: request.withStepFacts ? stepFactsOf(row) : undefined,
      hits,
    };
  }

  /**
   * Has Neo4j plan a statement whose run is timed for nextRoundFits (a longer-paths length, a
   * depth of a deep risk-filtered search), the first time this process sees its text, so that
   * the round measures the search and not the planning. Planning a longer-paths statement took
   * 0.1-0.3 s here (more on a busy machine), where a round on a small graph takes 10-30 ms; times
   * the growth nextRoundFits assumes after one round (8), a freshly started Neo4j could refuse
   * the next length and answer partial where a warm one answered in full. If the EXPLAIN fails
   * or times out, the round's time includes the planning, as before.
   */
  private async planBeforeTiming(statement: string, params: Record<string, unknown>, deadline: Deadline): Promise<void> {
    if (this.planned.has(statement)) return;
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
    if (timeoutMs === 0) return;
    if (this.planned.size >= PLANNED_TEXTS_KEPT) this.planned.clear();
    try {
      if (await this.readWithin(`EXPLAIN ${statement}`, params, timeoutMs) !== TIMED_OUT) this.planned.add(statement);
    } catch {
      // The round goes on; its time then includes the planning.
    }
  }

  /** Runs a read statement under a Neo4j transaction timeout; TIMED_OUT when Neo4j stopped it for time or memory. */
  private async readWithin(statement: string, params: Record<string, unknown>, timeoutMs: number) {
    const read = this.graph.read(statement, params, timeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const abandoned = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs + ABANDON_AFTER_TIMEOUT_MS);
    });
    try {
      const outcome = await Promise.race([read, abandoned]);
      if (outcome === TIMED_OUT) {
        const started = Date.now();
        const ended = () => this.warn('an abandoned traversal statement ended', { ms: Date.now() - started + timeoutMs + ABANDON_AFTER_TIMEOUT_MS, source: params.id });
        read.then(ended, ended);
        this.warn('a traversal statement ran past its timeout; the request goes on without it', { timeoutMs, source: params.id });
      }
      return outcome;
    } catch (err) {
      // A memory limit is met like time: a risk-filtered search at depth 5 on a dense
      // neighbourhood can hold that many paths, and a shallower search may fit.
      if (isTimeout(err) || memoryLimitHit(err)) return TIMED_OUT;
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Every fact between consecutive entities of the given paths (a query of its own; traverse can fetch them with the page). */
  async stepFacts(results: { steps: Step[] }[]): Promise<StepFacts> {
    const pairs = new Map<string, { a: string; b: string }>();
    for (const r of results) for (const s of r.steps) pairs.set(stepKey(s), { a: s.from.id as string, b: s.to.id as string });
    if (pairs.size === 0) return new Map();
    const rows = await this.graph.read(cypher('traversal', 'step-facts'), { pairs: [...pairs.values()] });
    return groupStepFacts(rows.map((row) => ({
      a: row.get('a') as string, b: row.get('b') as string, type: row.get('type') as string, fact: row.get('fact') as Props,
      acquisitionDate: (row.get('acquisition_date') as string | null) ?? undefined,
    })));
  }

  /**
   * Shortest path between two entities over every relationship type (no possibly-same-as).
   * Out of time, no path is known: `partial` says so, rather than claiming there is none.
   */
  async shortestPath(a: string, b: string, deadline: Deadline = this.startDeadline(), maxDepth = 10): Promise<ShortestPathResult> {
    const [source, target] = [await this.source(a), await this.source(b)];
    if (a === b) return { path: { source, target, steps: [] }, partial: false };
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
    if (timeoutMs === 0) return { partial: true };
    const statement = cypher('traversal', 'shortest-path').replaceAll('__TYPES__', ALL_TYPES.join('|')).replaceAll('__MAX__', String(maxDepth));
    const rows = await this.readWithin(statement, { a, b }, timeoutMs);
    if (rows === TIMED_OUT) return { partial: true };
    return { path: rows.length ? { source, target, steps: steps(rows[0].get('p') as Path) } : undefined, partial: false };
  }
}

/** The `stepFacts` column of a page statement (traverse, levels, bfs-page), grouped by step. */
function stepFactsOf(row: { get(key: string): unknown }): StepFacts {
  return groupStepFacts((row.get('stepFacts') as { a: string; b: string; type: string; fact: Props; acquisition_date: string | null }[])
    .map((f) => ({ a: f.a, b: f.b, type: f.type, fact: f.fact, acquisitionDate: f.acquisition_date ?? undefined })));
}

function groupStepFacts(rows: { a: string; b: string; type: string; fact: Props; acquisitionDate?: string }[]): StepFacts {
  const byPair: StepFacts = new Map();
  for (const row of rows) {
    const key = pairKey(row.a, row.b);
    const list = byPair.get(key) ?? [];
    list.push({ type: apiRelType(row.type), fact: row.fact, acquisitionDate: row.acquisitionDate });
    byPair.set(key, list);
  }
  return byPair;
}

/** An entity of a breadth-first level, and whether it passes the end filters. */
interface LevelEntity { id: string; hit: boolean }
/** How each entity of a breadth-first search was first reached: the entity before it and the fact (element id). */
type Via = Map<string, { from: string; rel: string }>;
/** A path as entity ids from the source and the element ids of its facts. */
interface ViaPath { ids: string[]; rels: string[] }
/** A result by length, with its path when it is not the breadth-first one. */
interface Ranked { id: string; len: number; path?: ViaPath }

/** The targets of breadth-first `levels` (level i at i + 1 steps) that pass the end filters, from `minLen` steps, in result order. */
function resultsOf(levels: LevelEntity[][], minLen: number): Ranked[] {
  return levels.slice(minLen - 1).flatMap((level, i) => level.filter((entity) => entity.hit).map((entity) => ({ id: entity.id, len: minLen + i })));
}

/** The path by which a breadth-first search first reached `target` (a shortest one). */
function pathFromVia(via: Via, target: string): ViaPath {
  const ids = [target];
  const rels: string[] = [];
  for (let at = via.get(target)!; at.from !== ''; at = via.get(at.from)!) {
    rels.unshift(at.rel);
    ids.unshift(at.from);
  }
  return { ids, rels };
}

/** Whether only sanctioned or PEP entities can be results. */
function isListedSearch(request: TraversalRequest): boolean {
  return request.sanctioned || request.pep || request.watchlist;
}

function steps(path: Path): Step[] {
  return path.segments.map((segment) => ({
    type: apiRelType(segment.relationship.type),
    from: segment.start.properties as Props,
    to: segment.end.properties as Props,
    fact: segment.relationship.properties as Props,
  }));
}

/**
 * The target predicate of the traverse query: only the requested end filters, as fixed
 * fragments (values stay parameters). Sanctioned and PEP are labels (see upsert-entities).
 * passesEndFilters is the same test in code, for the source at min_depth 0.
 */
function endFilter(r: TraversalRequest): string {
  const clauses = endFilterClauses(r);
  return clauses.length > 0 ? `(${clauses.join(' AND ')})` : 'true';
}

/** The requested end filters, one fixed fragment each (none: every target passes). */
function endFilterClauses(r: TraversalRequest): string[] {
  return [
    r.countries.length > 0 ? 'any(c IN coalesce(t.countries, []) WHERE c IN $countries)' : undefined,
    r.types.length > 0 ? 't.type IN $types' : undefined,
    r.name ? 'toLower(coalesce(t.search_names, t.label)) CONTAINS $name' : undefined,
    r.sanctioned ? 't:Sanctioned' : undefined,
    r.pep ? 't:Pep' : undefined,
    r.watchlist ? '(t:Sanctioned OR t:Pep)' : undefined,
  ].filter((clause): clause is string => clause !== undefined);
}

export function passesEndFilters(entity: Props, r: TraversalRequest): boolean {
  const countries = (entity.countries as string[] | undefined) ?? [];
  const names = String(entity.search_names ?? entity.label ?? '').toLowerCase();
  return (r.countries.length === 0 || countries.some((c) => r.countries.includes(c)))
    && (r.types.length === 0 || r.types.includes(entity.type as string))
    && (!r.name || names.includes(r.name.toLowerCase()))
    && (!r.sanctioned || Boolean(entity.sanctioned))
    && (!r.pep || Boolean(entity.pep))
    && (!r.watchlist || Boolean(entity.sanctioned) || Boolean(entity.pep));
}

/** embeddedEntity once per entity: the paths of one answer share entities (each target is also its path's last step). */
function embedder(surface: Surface): (e: Props) => EmbeddedEntity {
  const built = new Map<string, EmbeddedEntity>();
  return (e) => {
    let entity = built.get(e.id as string);
    if (!entity) built.set(e.id as string, (entity = embeddedEntity(e, surface)));
    return entity;
  };
}

/** Legacy `data`: each hit's target and its path of legacy PathSegments (each with the fact the path used). */
export function legacyResults(hits: { target: Props; steps: Step[] }[]) {
  const embed = embedder('legacy');
  return hits.map((h) => ({
    target: embed(h.target),
    path: h.steps.map((step) => ({ field: step.type, relationship: relationshipFact(step.fact), entity: embed(step.to) })),
  }));
}

/** /v1 `data`: each hit's source id, target and path of /v1 PathSegments. */
export function v1Results(sourceId: string, hits: { target: Props; steps: Step[] }[], facts: StepFacts) {
  const embed = embedder('v1');
  return hits.map((h) => ({ source: sourceId, target: embed(h.target), path: h.steps.map((step) => v1Segment(step, facts.get(stepKey(step)), embed)) }));
}

interface SegmentGroup { values: unknown[]; former?: boolean; start_date?: string; end_date?: string; last_observed?: string }

/**
 * /v1 PathSegment: every fact between the two entities, grouped by type. Each value carries its
 * dates and whether it is former (ended before today), as in the /v1 entity's relationships; a
 * group is former when all its facts are, starts at its earliest start and, when former, ends
 * at its latest end (the published client's TraversalRelationshipData).
 */
function v1Segment(step: Step, facts: { type: string; fact: Props; acquisitionDate?: string }[] | undefined, embed: (e: Props) => EmbeddedEntity) {
  const relationships: Record<string, SegmentGroup> = {};
  const today = todayUtc();
  for (const { type, fact, acquisitionDate } of facts ?? [{ type: step.type, fact: step.fact }]) {
    const base = relationshipFact(fact);
    const former = typeof fact.to_date === 'string' && isPast(fact.to_date, today);
    const group = (relationships[type] ??= { values: [], former: true });
    group.values.push({ ...base, acquisition_date: acquisitionDate ?? '', former });
    group.former = group.former && former;
    const start = base.from_date ?? base.date;
    if (start && (!group.start_date || start < group.start_date)) group.start_date = start;
    if (base.to_date && (!group.end_date || base.to_date > group.end_date)) group.end_date = base.to_date;
    const observed = (fact.date as string | undefined) ?? acquisitionDate;
    if (observed && (!group.last_observed || observed > group.last_observed)) group.last_observed = observed;
  }
  for (const group of Object.values(relationships)) if (!group.former) delete group.end_date;
  return { field: step.type, entity: embed(step.to), relationships };
}

export type { Surface };
