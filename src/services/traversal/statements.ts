/**
 * Every traversal statement's text (cypher/traversal.cypher with its placeholders filled).
 * What goes into the text comes from the domain tables and fixed fragments only; request
 * values stay query parameters.
 */
import { POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, neo4jRelType } from '../../domain/relationships';
import { cypher } from '../../graph/cypherFiles';
import { TraversalRequest, endFilter, isListedSearch, searchTypes } from './request';

const ALL_TYPES = RELATIONSHIP_TYPES.map(neo4jRelType);

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

const stepFilter = (rel: string, to: string) => cypher('traversal', 'step-filter').replaceAll('__REL__', rel).replaceAll('__TO__', to);

/** The one-query search (traverse in cypher/traversal.cypher) up to `depth`. */
export function traverseStatement(request: TraversalRequest, depth: number): string {
  const minDepth = Math.max(1, request.minDepth);
  // Only an entity on a watchlist can be a result: the last step may be written on its own
  // and leave only entities next to one (steps-to-watchlist). A one-step search gains nothing.
  const toWatchlist = isListedSearch(request) && depth > 1;
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
    .replaceAll('__MAX__', String(toWatchlist ? depth - 1 : depth));
  return cypher('traversal', 'traverse')
    .replaceAll('__STEPS__', steps)
    .replaceAll('__TYPES__', searchTypes(request).join('|'))
    .replaceAll('__PATH_PREDICATE__', predicates.length ? predicates.join(' AND ') : 'true')
    .replaceAll('__END_FILTER__', endFilter(request))
    .replaceAll('__PAGE__', cypher('traversal', 'page'));
}

/**
 * The level-by-level search (levels) up to `depth`: for sanctioned or PEP targets
 * (`listedOnly`), only listed entities are targets and the last two levels keep only entities
 * that can lead to one; otherwise every entity reached is a target, and each level keeps only
 * entities no level before it holds.
 */
export function levelsStatement(request: TraversalRequest, depth: number, listedOnly: boolean): string {
  const listed = '(b:Sanctioned OR b:Pep)';
  const levels = Array.from({ length: depth }, (_, i) => {
    const k = i + 1;
    const last = k === depth;
    const keep = !listedOnly ? 'AND b <> s AND NOT b IN seen'
      : last ? `AND ${listed}` : k === depth - 1 ? `AND (b:WatchlistAdjacent OR ${listed})` : '';
    return cypher('traversal', 'level')
      .replaceAll('__FROM__', listedOnly && last ? '[a IN levels[-1] WHERE a:WatchlistAdjacent]' : 'levels[-1]')
      .replaceAll('__KEEP__', keep)
      .replaceAll('__TARGET__', listedOnly ? '(t:Sanctioned OR t:Pep) AND' : '')
      .replaceAll('__K__', String(k));
  });
  return cypher('traversal', 'levels')
    .replaceAll('__LEVELS__', levels.join('\n'))
    .replaceAll('__MAX__', String(depth))
    .replaceAll('__STEP_FILTER__', stepFilter('r', 'b'))
    .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
    .replaceAll('__END_FILTER__', endFilter(request))
    .replaceAll('__PAGE__', cypher('traversal', 'page'));
}

/** A statement of minLengthSearch's path searches (detours, longer-paths) before its lengths. */
const pathSearch = (request: TraversalRequest, name: string) => cypher('traversal', name)
  .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
  .replaceAll('__STEP_FILTER__', stepFilter('r', 'b'))
  .replaceAll('__LAST_STEP_FILTER__', stepFilter('last', 't'));

/** detours: a shortest path of 2 to `longest` steps to each near target. */
export function detoursStatement(request: TraversalRequest, longest: number): string {
  return pathSearch(request, 'detours').replaceAll('__MAX_BEFORE__', String(longest - 1));
}

/** longer-paths: a shortest path of `minLen` to `maxLen` steps that repeats no entity to each open target. */
export function longerPathsStatement(request: TraversalRequest, minLen: number, maxLen: number): string {
  return pathSearch(request, 'longer-paths').replaceAll('__MIN__', String(minLen)).replaceAll('__MAX__', String(maxLen));
}

/** A statement of breadthFirst (bfs-levels, bfs-level). */
const breadthFirstStatement = (request: TraversalRequest, name: string) => cypher('traversal', name)
  .replaceAll('__STEP_FILTER__', stepFilter('r', 't'))
  .replaceAll('__TYPES__', typeExpression(searchTypes(request)))
  .replaceAll('__END_FILTER__', endFilter(request));

/** bfs-levels: the first levels of a breadth-first search in one statement. */
export const bfsLevelsStatement = (request: TraversalRequest): string => breadthFirstStatement(request, 'bfs-levels');

/** bfs-level: one level of a breadth-first search. */
export const bfsLevelStatement = (request: TraversalRequest): string => breadthFirstStatement(request, 'bfs-level');

/** shortest-path: between two entities over every relationship type, up to `maxSteps`. */
export function shortestPathStatement(maxSteps: number): string {
  return cypher('traversal', 'shortest-path').replaceAll('__TYPES__', ALL_TYPES.join('|')).replaceAll('__MAX__', String(maxSteps));
}
