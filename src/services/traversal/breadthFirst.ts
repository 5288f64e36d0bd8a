/** Breadth-first levels from a source (bfs-levels, bfs-level), and the page of their paths (bfs-page). */
import { neo4j } from '../../graph/driver';
import { apiRelType } from '../../domain/relationships';
import { cypher } from '../../graph/cypherFiles';
import { EMBEDDED_ENTITY_PROPERTIES, Props } from '../../graph/mappers';
import { Deadline, attemptTimeoutMs } from './plan';
import { SearchContext, TIMED_OUT, TimedOut } from './reader';
import { Hit, SearchResult, TraversalRequest, endFilterParams, isListedSearch, pairKey, stepFilterParams } from './request';
import { LevelEntity, Via, ViaPath, entityMap, sourceProps, stepFactsOf } from './rows';
import { bfsLevelStatement, bfsLevelsStatement } from './statements';

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
export async function breadthFirst(ctx: SearchContext, request: TraversalRequest, deadline: Deadline, stop: { minLen: number; need: number }) {
  const budget = ctx.limits.visitBudget;
  const toWatchlist = isListedSearch(request);
  const params = { ...stepFilterParams(request), ...endFilterParams(request) };
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

  const maxFrontier = ctx.limits.firstStatementFrontier;
  if (maxFrontier > 0) {
    // Half of the time left at most: a timeout here leaves the rest to the statements a level.
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), false);
    const rows = timeoutMs === 0 ? TIMED_OUT : await ctx.reader.readWithin(bfsLevelsStatement(request), {
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

  const statement = bfsLevelStatement(request);
  for (let len = levels.length + 1; !done && !cut && len <= request.maxDepth; len++) {
    const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
    const rows = timeoutMs === 0 ? TIMED_OUT : await ctx.reader.readWithin(statement, {
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
export async function pageOf(
  ctx: SearchContext, request: TraversalRequest, paths: ViaPath[], deadline: Deadline,
): Promise<Pick<SearchResult, 'source' | 'stepFacts' | 'hits'> | TimedOut> {
  const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
  const pairs = new Map<string, { a: string; b: string }>();
  if (request.withStepFacts) for (const { ids } of paths) for (let i = 1; i < ids.length; i++) pairs.set(pairKey(ids[i - 1], ids[i]), { a: ids[i - 1], b: ids[i] });
  const rows = await ctx.reader.readWithin(cypher('traversal', 'bfs-page'), {
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
