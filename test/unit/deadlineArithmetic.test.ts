import { ABANDON_AFTER_TIMEOUT_MS, Deadline, TraversalRequest, TraversalService, attemptTimeoutMs, nextRoundFits } from '../../src/services/traversal';
import { cypher } from '../../src/graph/cypherFiles';
import type { Graph } from '../../src/graph/neo4j';

/** The arithmetic of the one deadline a traversal request has (TRAVERSAL_TIMEOUT_MS in all). */
describe('Deadline', () => {
  test('counts down on its clock and stops at zero', () => {
    let now = 1_000;
    const deadline = new Deadline(500, () => now);
    expect(deadline.remainingMs()).toBe(500);
    now += 200;
    expect(deadline.remainingMs()).toBe(300);
    now += 1_000;
    expect(deadline.remainingMs()).toBe(0);
  });
});

describe('attemptTimeoutMs', () => {
  test('half of what is left, all of it for the last possible attempt, nothing when nothing is left', () => {
    expect(attemptTimeoutMs(10_000, false)).toBe(5_000);
    expect(attemptTimeoutMs(10_000, true)).toBe(10_000);
    expect(attemptTimeoutMs(1, false)).toBe(0);
    expect(attemptTimeoutMs(0, true)).toBe(0);
  });
});

/**
 * The service's own search loops (TraversalService.traverse), driven through a stand-in for
 * the graph port on which every search attempt runs until its transaction timeout and is then
 * stopped, as Neo4j does: the attempt moves a fake clock on by the timeout it was given and
 * fails with Neo4j's timeout code. Reads without a timeout (the source entity) and the page
 * fetch of the level-by-level search answer at once.
 */
const TOTAL_MS = 10_000;
const SOURCE = { id: 'src', type: 'company', label: 'Source' };

interface Attempt { statement: string; timeoutMs: number; depth?: number }

class TimingOutGraph {
  now = 0;
  readonly attempts: Attempt[] = [];
  sourceReads = 0;

  async read(statement: string, _params: Record<string, unknown> = {}, timeoutMs?: number): Promise<unknown[]> {
    if (statement === cypher('traversal', 'source-entity')) {
      this.sourceReads += 1;
      return [record({ entity: SOURCE })];
    }
    if (statement === cypher('traversal', 'bfs-page')) return [record({ entities: [], facts: [], source: SOURCE })];
    // Planning (planBeforeTiming) is not searching: it answers at once.
    if (statement.startsWith('EXPLAIN ')) return [];
    if (timeoutMs === undefined) throw new Error(`unexpected read without a timeout: ${statement.slice(0, 80)}`);
    this.attempts.push({ statement, timeoutMs, depth: searchDepth(statement) });
    this.now += timeoutMs;
    throw Object.assign(new Error('The transaction has been terminated (timeout)'), {
      code: 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration',
    });
  }
}

/**
 * The depth a one-query search runs to: the `{min,max}` of a shortest-path search's step
 * pattern, or the `range(1, max)` of the levels query's lengths.
 */
function searchDepth(statement: string): number | undefined {
  const bounds = /\)\s*\{(\d+),(\d+)\}/.exec(statement) ?? /\[k IN range\(1, (\d+)\) \|/.exec(statement);
  return bounds ? Number(bounds[bounds.length - 1]) : undefined;
}

function record(values: Record<string, unknown>) {
  return { get: (key: string) => values[key] };
}

function request(overrides: Partial<TraversalRequest>): TraversalRequest {
  return {
    id: 'src', offset: 0, limit: 10, minDepth: 1, maxDepth: 5, relationships: ['has_associate'], psa: false,
    countries: [], types: [], sanctioned: false, pep: false, watchlist: false, minShares: 0,
    includeUnknownShares: true, excludeFormerRelationships: false, excludeClosedEntities: false, riskFactors: [],
    ...overrides,
  };
}

async function traverseTimingOut(overrides: Partial<TraversalRequest>) {
  const graph = new TimingOutGraph();
  const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: TOTAL_MS, firstStatementFrontier: 1000 });
  const result = await service.traverse(request(overrides), new Deadline(TOTAL_MS, () => graph.now));
  return { graph, result };
}

describe('nextRoundFits', () => {
  test('one round known: 8 times it must fit in half of what is left', () => {
    expect(nextRoundFits([100], 1_600)).toBe(true);
    expect(nextRoundFits([100], 1_599)).toBe(false);
  });
  test('two rounds known: the growth between them, at least 2', () => {
    // 100 -> 400 ms: the next is expected at 1.6 s.
    expect(nextRoundFits([100, 400], 3_200)).toBe(true);
    expect(nextRoundFits([100, 400], 3_199)).toBe(false);
    // Flat rounds still count as doubling.
    expect(nextRoundFits([100, 100], 400)).toBe(true);
    expect(nextRoundFits([100, 100], 399)).toBe(false);
    // A round of 0 ms is taken as 1 ms.
    expect(nextRoundFits([0, 50], 5_000)).toBe(true);
    expect(nextRoundFits([0, 50], 4_999)).toBe(false);
  });
});

describe('a search whose every attempt times out takes the timeout once in all, not once per attempt', () => {
  test('max_depth 5: retried one depth shallower each time, on half of what is left, the shallowest with the rest', async () => {
    const { graph, result } = await traverseTimingOut({ maxDepth: 5 });
    expect(graph.attempts.map((a) => a.depth)).toEqual([5, 4, 3, 2, 1]);
    expect(graph.attempts.map((a) => a.timeoutMs)).toEqual([5_000, 2_500, 1_250, 625, 625]);
    expect(graph.now).toBe(TOTAL_MS);
    expect(result.partial).toBe(true);
    expect(result.hits).toEqual([]);
    expect(result.next).toBe(false);
    expect(result.source).toEqual(SOURCE);
    expect(graph.sourceReads).toBe(1);
  });

  test('max_depth 10 with a risk filter (one query per depth, shallow to deep): the first attempt has all the time and no deeper one starts', async () => {
    const { graph, result } = await traverseTimingOut({ maxDepth: 10, riskFactors: ['state_owned'] });
    expect(graph.attempts.map((a) => a.depth)).toEqual([5]);
    expect(graph.attempts.map((a) => a.timeoutMs)).toEqual([TOTAL_MS]);
    expect(graph.now).toBe(TOTAL_MS);
    expect(result.partial).toBe(true);
    expect(result.hits).toEqual([]);
  });

  test('max_depth 10, min_depth 8 with a risk filter: depth 5 measures first (paths of 4 or 5 steps) on half the time, and nothing deeper starts', async () => {
    const { graph, result } = await traverseTimingOut({ maxDepth: 10, minDepth: 8, riskFactors: ['state_owned'] });
    expect(graph.attempts.map((a) => a.depth)).toEqual([5]);
    expect(graph.attempts[0].statement).toContain('{4,5}');
    expect(graph.attempts.map((a) => a.timeoutMs)).toEqual([TOTAL_MS / 2]);
    expect(result.partial).toBe(true);
    expect(result.hits).toEqual([]);
  });

  test('max_depth 10 without path filters (level by level): the first levels\' statement has half the time, the first level alone the rest, and no later level starts', async () => {
    const { graph, result } = await traverseTimingOut({ maxDepth: 10 });
    expect(graph.attempts.map((a) => a.statement.split('\n')[0])).toEqual([
      cypher('traversal', 'bfs-levels').split('\n')[0], cypher('traversal', 'bfs-level').split('\n')[0],
    ]);
    expect(graph.attempts.map((a) => a.timeoutMs)).toEqual([TOTAL_MS / 2, TOTAL_MS / 2]);
    expect(graph.now).toBe(TOTAL_MS);
    expect(result.partial).toBe(true);
    expect(result.hits).toEqual([]);
  });

  test('with no time left, no attempt is made at all', async () => {
    const graph = new TimingOutGraph();
    const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: TOTAL_MS, firstStatementFrontier: 1000 });
    const result = await service.traverse(request({ maxDepth: 5 }), new Deadline(0, () => graph.now));
    expect(graph.attempts).toEqual([]);
    expect(result.partial).toBe(true);
    expect(result.hits).toEqual([]);
  });
});

/**
 * A search Neo4j stops for memory (its transaction memory pool would overflow) fails at once,
 * unlike a timeout: the service falls back to shallower searches, each its own attempt, and
 * says the results are partial. Here attempts deeper than 4 overflow; depth 4 finds nothing
 * to list (an empty, decided page), as a real search past the last result would.
 */
class MemoryBoundGraph {
  readonly depths: (number | undefined)[] = [];

  async read(statement: string): Promise<unknown[]> {
    if (statement === cypher('traversal', 'source-entity')) return [record({ entity: SOURCE })];
    if (statement.startsWith('EXPLAIN ')) return [];
    const depth = searchDepth(statement);
    this.depths.push(depth);
    if (depth === undefined || depth > 4) {
      throw Object.assign(new Error('The allocation of an extra 2.8 MiB would use more than the limit 716.8 MiB.'), {
        code: 'Neo.TransientError.General.MemoryPoolOutOfMemoryError',
      });
    }
    return [record({ entities: [], page: [], stepFacts: [], source: SOURCE, explored: 128, decided: true, total: 0 })];
  }
}

describe('a search stopped for memory', () => {
  const traverseMemoryBound = async (overrides: Partial<TraversalRequest>) => {
    const graph = new MemoryBoundGraph();
    const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: TOTAL_MS, firstStatementFrontier: 1000 });
    return { graph, result: await service.traverse(request(overrides)) };
  };

  test('max_depth 5: answered by the depth-4 search, marked partial, each depth tried once', async () => {
    const { graph, result } = await traverseMemoryBound({ maxDepth: 5, riskFactors: ['state_owned'] });
    expect(graph.depths).toEqual([5, 4]);
    expect(result).toMatchObject({ partial: true, hits: [], next: false, explored: 128 });
  });

  test('max_depth 10 with a risk filter: the deep search stopped at its first depth goes on shallower', async () => {
    const { graph, result } = await traverseMemoryBound({ maxDepth: 10, riskFactors: ['state_owned'] });
    expect(graph.depths).toEqual([5, 4]);
    expect(result).toMatchObject({ partial: true, explored: 128 });
  });
});

/**
 * Neo4j's shortest-path search with a condition on whole paths does not look for its
 * transaction's end while it searches: a statement can run on for minutes past its timeout.
 * Here every search statement never answers; the request must still answer, partial.
 */
describe('a statement that runs on past its timeout', () => {
  test('is left behind ABANDON_AFTER_TIMEOUT_MS after its timeout, logged, and the answer is partial', async () => {
    const warnings: string[] = [];
    const graph = {
      read: (statement: string) => (statement === cypher('traversal', 'source-entity')
        ? Promise.resolve([record({ entity: SOURCE })])
        : new Promise<unknown[]>(() => undefined)),
    };
    const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: 100, firstStatementFrontier: 1000 }, (message) => warnings.push(message));
    const started = Date.now();
    const result = await service.traverse(request({ maxDepth: 5, minDepth: 3, riskFactors: ['state_owned'] }));
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ partial: true, hits: [], next: false, source: SOURCE });
    // The first attempt had half of the 100 ms; the deadline was spent when it was left behind.
    expect(elapsed).toBeGreaterThanOrEqual(50 + ABANDON_AFTER_TIMEOUT_MS - 20);
    expect(elapsed).toBeLessThan(100 + ABANDON_AFTER_TIMEOUT_MS + 1000);
    expect(warnings).toEqual(['a traversal statement ran past its timeout; the request goes on without it']);
  });
});

/**
 * nextRoundFits judges the next length of a longer-paths search, or the next depth of a deep
 * risk-filtered one, by the time of the last. On a freshly started Neo4j the first run of each
 * statement text includes its planning, which here takes far longer than the search: a graph
 * whose statements cost PLAN_MS the first time they are seen (EXPLAIN or run) and SEARCH_MS
 * each run. Its target nearer than min_depth has only a 2-step detour and no longer path, and
 * its risk-filtered searches find nothing, so every length or depth up to max_depth is searched.
 */
describe('a timed round (nextRoundFits) is timed without its planning', () => {
  const PLAN_MS = 200;
  const SEARCH_MS = 5;
  const sleep = (ms: number) => new Promise((resolve) => { setTimeout(resolve, ms); });

  class ColdPlanGraph {
    readonly seen = new Set<string>();
    readonly statements: string[] = [];

    async read(statement: string): Promise<unknown[]> {
      const explain = statement.startsWith('EXPLAIN ');
      const text = explain ? statement.slice('EXPLAIN '.length) : statement;
      this.statements.push(explain ? 'explain' : text.includes('$riskFactors') ? 'risk-depth' : text.includes('NOT b[i] IN b[i + 1..]') ? 'longer-paths' : 'other');
      if (!this.seen.has(text)) {
        this.seen.add(text);
        await sleep(PLAN_MS);
      }
      if (explain) return [];
      await sleep(SEARCH_MS);
      if (text === cypher('traversal', 'bfs-page')) return [record({ entities: [], facts: [], stepFacts: [], source: SOURCE })];
      if (text.includes('AS levels')) return [record({ levels: [[['near', 'src', 'r1', true]], []] })];
      // detours: a 2-step path to the near target; longer-paths: none.
      // A deep risk-filtered search's depth: nothing found, the search complete.
      if (text.includes('$riskFactors')) return [record({ entities: [], page: [], stepFacts: [], source: SOURCE, explored: 0, decided: true, total: 0 })];
      if (text.includes('b <> t')) return [record({ target: 'near', ids: ['src', 'mid', 'near'], rels: ['r2', 'r3'] })];
      return [];
    }
  }

  test('with min_depth 4, every length to max_depth 5 is searched, and a second request plans nothing again', async () => {
    const graph = new ColdPlanGraph();
    const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: 3_000, firstStatementFrontier: 1000 });
    const first = await service.traverse(request({ minDepth: 4, maxDepth: 5 }));
    // Lengths 3 (measuring), 4 and 5, each planned first. Counted in the round, the planning
    // would have stopped the search after length 3: 205 ms x 8 is more than half of the 2.2 s
    // left then.
    expect(graph.statements.filter((s) => s === 'longer-paths')).toHaveLength(3);
    expect(graph.statements.filter((s) => s === 'explain')).toHaveLength(3);
    expect(first).toMatchObject({ partial: false, hits: [], next: false });
    graph.statements.length = 0;
    const second = await service.traverse(request({ minDepth: 4, maxDepth: 5 }));
    expect(graph.statements.filter((s) => s === 'explain')).toHaveLength(0);
    expect(second).toMatchObject({ partial: false, hits: [] });
  });
  test('a deep risk-filtered search (max_depth 8) searches every depth from 5, each planned first', async () => {
    const graph = new ColdPlanGraph();
    const service = new TraversalService(graph as unknown as Graph, { visitBudget: 10_000, timeoutMs: 3_000, firstStatementFrontier: 1000 });
    const result = await service.traverse(request({ maxDepth: 8, riskFactors: ['state_owned'] }));
    // Counted in the round, depth 5's planning (205 ms x 8) would not have fitted in half of
    // the 2.8 s left, and the answer would have been depth 5's, partial.
    expect(graph.statements.filter((s) => s === 'risk-depth')).toHaveLength(4);
    expect(graph.statements.filter((s) => s === 'explain')).toHaveLength(4);
    expect(result).toMatchObject({ partial: false, hits: [], next: false });
  });
});
