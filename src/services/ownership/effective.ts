/**
 * Effective ownership read from the graph: the ownership facts within max_depth of the root
 * (ownership-subgraph, a statement of its own or read by the traversal's), the arithmetic
 * (./arithmetic.ts) sums their simple paths.
 */
import { todayUtc } from '../../domain/dates';
import { DOWNSTREAM_TYPES, UBO_TYPES, neo4jRelType } from '../../domain/relationships';
import type { Graph } from '../../graph/neo4j';
import { Deadline, attemptTimeoutMs } from '../traversal/plan';
import { StatementReader, TIMED_OUT } from '../traversal/reader';
import type { OwnershipFactRow, OwnershipFactsQuery } from '../traversal/request';
import { ownershipSubgraphStatement } from '../traversal/statements';
import { EFFECTIVE_STEP_BUDGET, EffectiveOwner, ShareGraph, effectiveOwnership, stepShare } from './arithmetic';

export type OwnershipDirection = 'ubo' | 'downstream';

/** `branch_of` / `has_branch` facts without a percentage count as 100%: a branch is wholly its company's. */
const WHOLLY_OWNED = new Set([neo4jRelType('branch_of'), neo4jRelType('has_branch')]);

export interface EffectiveQuery {
  root: string;
  direction: OwnershipDirection;
  /** The request's relationship types: only ownership types of the direction among them count. */
  relationships: string[];
  maxDepth: number;
  /** YYYY-MM-DD: facts current on that day count (default today). */
  date?: string;
  pathsLimit: number;
}

export interface EffectiveAnswer { owners: Map<string, EffectiveOwner>; complete: boolean }

/** Ownership types of a direction among the requested relationship types. */
export function ownershipTypes(direction: OwnershipDirection, relationships: string[]): string[] {
  const table = direction === 'ubo' ? UBO_TYPES : DOWNSTREAM_TYPES;
  return table.filter((t) => relationships.includes(t));
}

/** The percentages of a fact: its stored share list (JSON) and its largest known percentage. */
function factPercentages(type: string, percentage: unknown, shares: unknown): number[] {
  const out: number[] = [];
  if (typeof percentage === 'number') out.push(percentage);
  if (typeof shares === 'string') {
    try {
      for (const s of JSON.parse(shares) as { percentage?: unknown }[]) if (typeof s?.percentage === 'number') out.push(s.percentage);
    } catch { /* a malformed list adds nothing beyond `percentage` */ }
  }
  if (out.length === 0 && WHOLLY_OWNED.has(type)) out.push(100);
  return out;
}

/** The share graph of ownership facts: parallel facts of a pair pool their percentages (a fact without one leaves the pool as it is). */
export function shareGraphOf(facts: readonly OwnershipFactRow[]): ShareGraph {
  const pools = new Map<string, Map<string, number[]>>();
  for (const [from, to, type, percentage, shares] of facts) {
    let byTo = pools.get(from);
    if (!byTo) pools.set(from, (byTo = new Map()));
    const pool = byTo.get(to) ?? [];
    pool.push(...factPercentages(type, percentage, shares));
    byTo.set(to, pool);
  }
  const graph: ShareGraph = new Map();
  for (const [from, byTo] of pools) {
    graph.set(from, [...byTo].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([to, pool]) => ({ to, share: stepShare(pool) })));
  }
  return graph;
}

export class EffectiveOwnershipService {
  private readonly reader: StatementReader;

  constructor(
    private readonly graph: Graph, private readonly budget = EFFECTIVE_STEP_BUDGET,
    warn: (message: string, details: Record<string, unknown>) => void = () => undefined,
  ) {
    this.reader = new StatementReader(graph, warn);
  }

  /** What a traversal reads for `q` beside its search (TraversalRequest.ownershipFacts); undefined: no ownership type is followed. */
  factsQuery(q: EffectiveQuery): OwnershipFactsQuery | undefined {
    const types = ownershipTypes(q.direction, q.relationships);
    if (types.length === 0) return undefined;
    return { direction: q.direction, types: types.map(neo4jRelType), reach: Math.max(0, Math.trunc(q.maxDepth) - 1), date: q.date ?? todayUtc() };
  }

  /**
   * The ownership steps of the query's direction within its max_depth, current on its date;
   * undefined when the deadline ran out first (or Neo4j stopped the read for time or memory):
   * the answer is then partial, not an error. Without a deadline, a read past QUERY_TIMEOUT_MS fails.
   */
  async subgraph(q: EffectiveQuery, deadline?: Deadline): Promise<ShareGraph | undefined> {
    const facts = this.factsQuery(q);
    if (!facts) return new Map();
    const subgraph = ownershipSubgraphStatement(facts.direction, facts.reach);
    const params = { id: q.root, ownershipTypes: facts.types, ownershipDate: facts.date };
    let rows;
    if (deadline) {
      const timeoutMs = attemptTimeoutMs(deadline.remainingMs(), true);
      if (timeoutMs === 0) return undefined;
      rows = await this.reader.readWithin(subgraph, params, timeoutMs);
      if (rows === TIMED_OUT) return undefined;
    } else {
      // No request deadline (a caller of its own): the read timeout of every statement.
      rows = await this.graph.read(subgraph, params);
    }
    return shareGraphOf(rows.map((row) => row.get('fact') as OwnershipFactRow));
  }

  /**
   * The sums over `graph` (from subgraph; undefined: not read in time, no owners and
   * incomplete). `listPathsOf`: the owners whose paths are listed (all when absent).
   */
  answer(q: EffectiveQuery, graph: ShareGraph | undefined, listPathsOf?: ReadonlySet<string>): EffectiveAnswer {
    if (!graph) return { owners: new Map(), complete: false };
    return effectiveOwnership(q.root, graph, q.maxDepth, q.pathsLimit, { budget: this.budget, listPathsOf });
  }

  async compute(q: EffectiveQuery, deadline?: Deadline, listPathsOf?: ReadonlySet<string>): Promise<EffectiveAnswer> {
    return this.answer(q, await this.subgraph(q, deadline), listPathsOf);
  }
}
