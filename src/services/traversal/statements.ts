/**
 * Every traversal statement's text (cypher/traversal.cypher with its placeholders filled).
 * What goes into the text comes from the domain tables and fixed fragments only; request
 * values stay query parameters, and so do the relationship types followed and the end
 * filters: a text depends only on the statement's shape (depths, path-wide conditions, a
 * search for listed targets) and a type group, so the texts a client can cause are few and
 * bounded (docs/operations-limits.md), and their plans stay in Neo4j's query cache.
 */
import { DOWNSTREAM_TYPES, POSSIBLY_SAME_AS, RELATIONSHIP_TYPES, UBO_TYPES, neo4jRelType } from '../../domain/relationships';
import { cypher, statement } from '../../graph/cypherFiles';
import { OwnershipFactsQuery, TraversalRequest, isListedSearch, searchTypes } from './request';

const ALL_TYPES = RELATIONSHIP_TYPES.map(neo4jRelType);
const PSA = neo4jRelType(POSSIBLY_SAME_AS);

/**
 * The relationship-type groups a step's pattern may name (`[r:<group>]`), each with
 * possibly-same-as: the ownership types up and down (the /ubo and /downstream defaults).
 * Every other set of types gets no type in its pattern (the `:Entity` ends keep other
 * relationships out). Which types are followed is always the parameter $relTypes
 * (step-filter), so the text depends on the group only: three texts per statement shape
 * whatever the types requested (docs/operations-limits.md).
 */
export const TYPE_GROUPS: readonly (readonly string[])[] = [UBO_TYPES, DOWNSTREAM_TYPES].map((group) => [...group.map(neo4jRelType), PSA]);

/**
 * The relationship-type expression of an expanding step (`[r<here>]`) over `types`: the first
 * group of TYPE_GROUPS that holds every one of them (`:A|B|...`), otherwise none. A typed
 * step reads only those types on entities with many facts (docs/traversal.md).
 */
export function typeExpression(types: string[]): string {
  const group = TYPE_GROUPS.find((g) => types.every((t) => g.includes(t)));
  return group ? `:${group.join('|')}` : '';
}

const stepFilter = (rel: string, to: string) => statement('traversal', 'step-filter', { REL: rel, TO: to });
const END_FILTER = () => cypher('traversal', 'end-filter');

/**
 * ownership-subgraph (cypher/ownership.cypher): the ownership facts of one direction's types
 * (which of them: the parameter $ownershipTypes) leaving an entity within `reach` hops of $id.
 */
export function ownershipSubgraphStatement(direction: OwnershipFactsQuery['direction'], reach: number): string {
  const types = direction === 'ubo' ? UBO_TYPES : DOWNSTREAM_TYPES;
  return statement('ownership', 'ownership-subgraph', { TYPES: types.map(neo4jRelType).join('|'), REACH: Math.max(0, Math.trunc(reach)) });
}

/**
 * The end of traverse and levels (page), with the ownership facts in it when the request asks
 * for them and the search goes to its max_depth: their reach (max_depth - 1) then follows from
 * the text's depth, so the texts stay one per search shape (docs/operations-limits.md).
 */
function pageFragment(request: TraversalRequest, depth: number): string {
  const facts = depth === request.maxDepth ? request.ownershipFacts : undefined;
  return statement('traversal', 'page', {
    OWNERSHIP: facts ? `COLLECT { ${ownershipSubgraphStatement(facts.direction, facts.reach)} }` : 'null',
  });
}

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
  const typeExpr = typeExpression(searchTypes(request));
  const steps = toWatchlist
    ? statement('traversal', 'steps-to-watchlist', {
      TYPE_EXPRESSION: typeExpr, STEP_FILTER: stepFilter('r', 'b'), LAST_STEP_FILTER: stepFilter('last', 't'), MIN: minDepth - 1, MAX: depth - 1,
    })
    : statement('traversal', 'steps', { TYPE_EXPRESSION: typeExpr, STEP_FILTER: stepFilter('r', 'b'), MIN: minDepth, MAX: depth });
  return statement('traversal', 'traverse', {
    STEPS: steps,
    PATH_PREDICATE: predicates.length ? predicates.join(' AND ') : 'true',
    END_FILTER: END_FILTER(),
    PAGE: pageFragment(request, depth),
  });
}

/**
 * The level-by-level search (levels) up to `depth`: for sanctioned or PEP targets
 * (`listedOnly`), only listed entities are targets and the last two levels keep only entities
 * that can lead to one; otherwise every entity reached is a target, and each level keeps only
 * entities no level before it holds.
 */
export function levelsStatement(request: TraversalRequest, depth: number, listedOnly: boolean): string {
  const listed = '(b:Sanctioned OR b:Pep)';
  const typeExpr = typeExpression(searchTypes(request));
  const levels = Array.from({ length: depth }, (_, i) => {
    const k = i + 1;
    const last = k === depth;
    const keep = !listedOnly ? 'AND b <> s AND NOT b IN seen'
      : last ? `AND ${listed}` : k === depth - 1 ? `AND (b:WatchlistAdjacent OR ${listed})` : '';
    return statement('traversal', 'level', {
      FROM: listedOnly && last ? '[a IN levels[-1] WHERE a:WatchlistAdjacent]' : 'levels[-1]',
      KEEP: keep,
      TARGET: listedOnly ? '(t:Sanctioned OR t:Pep) AND' : '',
      K: k,
      TYPE_EXPRESSION: typeExpr,
      STEP_FILTER: stepFilter('r', 'b'),
      END_FILTER: END_FILTER(),
    });
  });
  return statement('traversal', 'levels', {
    LEVELS: levels.join('\n'),
    MAX: depth,
    STEP_FILTER: stepFilter('r', 'b'),
    TYPE_EXPRESSION: typeExpr,
    PAGE: pageFragment(request, depth),
  });
}

/** detours: a shortest path of 2 to `longest` steps to each near target. */
export function detoursStatement(request: TraversalRequest, longest: number): string {
  return statement('traversal', 'detours', {
    TYPE_EXPRESSION: typeExpression(searchTypes(request)),
    STEP_FILTER: stepFilter('r', 'b'),
    LAST_STEP_FILTER: stepFilter('last', 't'),
    MAX_BEFORE: longest - 1,
  });
}

/**
 * longer-paths: a shortest path of `minLen` to `maxLen` steps that repeats no entity to each open
 * target. Unlike the other searches it names the requested types themselves (sorted, so a set
 * has one text): it searches walks from both ends, which Neo4j cannot stop at the timeout, and
 * on an untyped pattern it reads every fact of each entity it visits, which made min_depth
 * searches over a few types of many run out of time (docs/operations-limits.md).
 */
export function longerPathsStatement(request: TraversalRequest, minLen: number, maxLen: number): string {
  const types = [...new Set(searchTypes(request))].sort();
  return statement('traversal', 'longer-paths', {
    TYPE_EXPRESSION: types.length > 0 ? `:${types.join('|')}` : '', STEP_FILTER: stepFilter('r', 'b'), MIN: minLen, MAX: maxLen,
  });
}

/** A statement of breadthFirst (bfs-levels, bfs-level). */
const breadthFirstStatement = (request: TraversalRequest, name: string) => statement('traversal', name, {
  STEP_FILTER: stepFilter('r', 't'), TYPE_EXPRESSION: typeExpression(searchTypes(request)), END_FILTER: END_FILTER(),
});

/** bfs-levels: the first levels of a breadth-first search in one statement. */
export const bfsLevelsStatement = (request: TraversalRequest): string => breadthFirstStatement(request, 'bfs-levels');

/** bfs-level: one level of a breadth-first search. */
export const bfsLevelStatement = (request: TraversalRequest): string => breadthFirstStatement(request, 'bfs-level');

/** shortest-path: between two entities over every relationship type, up to `maxSteps`. */
export function shortestPathStatement(maxSteps: number): string {
  return statement('traversal', 'shortest-path', { TYPES: ALL_TYPES.join('|'), MAX: maxSteps });
}
