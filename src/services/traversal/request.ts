/** The traversal request, its answer's types, and what the request says about its targets (end filters). */
import { todayUtc } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import { POSSIBLY_SAME_AS, SHARE_BEARING_TYPES, neo4jRelType } from '../../domain/relationships';
import type { Props } from '../../graph/mappers';

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
  /** YYYY-MM-DD: the graph as it stood that day (facts valid then, closure judged then); absent: today's graph. */
  asOf?: string;
  /** Also read the ownership facts of effective ownership around the source (ownership-subgraph), in the search's own statement where it can. */
  ownershipFacts?: OwnershipFactsQuery;
  /**
   * The id comes from a client and may name no entity: it is read before any search statement
   * whose text this process has not run (StatementReader.checkingSource), never after.
   */
  sourceUnchecked?: boolean;
}

/**
 * The ownership facts a traversal reads beside its search (cypher/ownership.cypher,
 * ownership-subgraph): the direction's types from the domain table and `reach` (the validated
 * max_depth minus one) go into the statement text; `types` (Neo4j types of the direction) and
 * `date` (YYYY-MM-DD) are parameters.
 */
export interface OwnershipFactsQuery { direction: 'ubo' | 'downstream'; types: string[]; reach: number; date: string }

/** Ownership facts as ownership-subgraph returns them: [from id, to id, Neo4j type, percentage, shares]. */
export type OwnershipFactRow = [string, string, string, unknown, unknown];

export interface TraversalLimits {
  visitBudget: number;
  timeoutMs: number;
  /** The largest level the first statement of a breadth-first search leaves from (breadthFirst); 0: a statement a level. */
  firstStatementFrontier: number;
}

export interface Step { type: string; from: Props; to: Props; fact: Props }

export interface Hit { target: Props; steps: Step[] }

export type StepFacts = Map<string, { type: string; fact: Props; acquisitionDate?: string }[]>;

export const pairKey = (a: unknown, b: unknown): string => `${a}\u0000${b}`;
/** The key of StepFacts for a step. */
export const stepKey = (step: Step): string => pairKey(step.from.id, step.to.id);

export interface TraversalResult {
  source: Props;
  hits: { target: Props; steps: Step[] }[];
  /** With `withStepFacts`: every fact between consecutive entities of the hits' paths. */
  stepFacts?: StepFacts;
  next: boolean;
  explored: number;
  partial: boolean;
  /** With `ownershipFacts`, when the search's statement read them: the facts (absent: not read; the caller reads them itself). */
  ownership?: OwnershipFactRow[];
}

export interface ShortestPathResult {
  path?: { source: Props; target: Props; steps: Step[] };
  /** The search ran out of time: no path is known, but one may exist. */
  partial: boolean;
}

/** One search's answer: the page, how many results there are, and how far the search got. */
export interface SearchResult {
  source?: Props;
  hits: Hit[];
  stepFacts?: StepFacts;
  total: number;
  explored: number;
  /** The page and `next` are exact. */
  decided: boolean;
  /** Time or the visit budget stopped a level-by-level search (the levels before it are complete). */
  cut: boolean;
  /** The ownership facts, when the request asked for them and this search's statement read them. */
  ownership?: OwnershipFactRow[];
}

/** Whether only sanctioned or PEP entities can be results. */
export function isListedSearch(request: TraversalRequest): boolean {
  return request.sanctioned || request.pep || request.watchlist;
}

/** The Neo4j relationship types a request follows (possibly-same-as too with psa). */
export function searchTypes(request: TraversalRequest): string[] {
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

const SHARE_TYPES = [...SHARE_BEARING_TYPES].map(neo4jRelType);

/** The parameters of the step-filter fragment: the relationship types followed, and the step filters. */
export function stepFilterParams(request: TraversalRequest) {
  return {
    relTypes: searchTypes(request),
    shareTypes: SHARE_TYPES,
    minShares: request.minShares,
    includeUnknownShares: request.includeUnknownShares,
    excludeFormer: request.excludeFormerRelationships,
    // As of a date, a fact that held then was not former then.
    today: request.asOf ?? todayUtc(),
    excludeClosed: request.excludeClosedEntities,
    asOf: request.asOf ?? null,
  };
}

/** The parameters of the end-filter fragment (an empty list, null or false: that filter is off). */
export function endFilterParams(request: TraversalRequest) {
  return {
    countries: request.countries, types: request.types, name: request.name ? request.name.toLowerCase() : null,
    sanctioned: request.sanctioned, pep: request.pep, watchlist: request.watchlist,
  };
}

/** Whether the request has an end filter: otherwise every entity reached is a result. passesEndFilters is the end-filter fragment in code. */
export function hasEndFilters(r: TraversalRequest): boolean {
  return r.countries.length > 0 || r.types.length > 0 || Boolean(r.name) || r.sanctioned || r.pep || r.watchlist;
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
