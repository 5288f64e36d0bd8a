/**
 * Effective ownership read from the graph: one statement fetches the ownership facts within
 * max_depth of the root, the arithmetic (./arithmetic.ts) walks their simple paths.
 */
import { todayUtc } from '../../domain/dates';
import { DOWNSTREAM_TYPES, UBO_TYPES, neo4jRelType } from '../../domain/relationships';
import { statement } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
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

export class EffectiveOwnershipService {
  constructor(private readonly graph: Graph, private readonly budget = EFFECTIVE_STEP_BUDGET) {}

  async compute(q: EffectiveQuery): Promise<EffectiveAnswer> {
    const types = ownershipTypes(q.direction, q.relationships);
    if (types.length === 0) return { owners: new Map(), complete: true };
    const subgraph = statement('ownership', 'ownership-subgraph', {
      TYPES: types.map(neo4jRelType).join('|'),
      REACH: Math.max(0, Math.trunc(q.maxDepth) - 1),
    });
    const rows = await this.graph.read(subgraph, { id: q.root, date: q.date ?? todayUtc() });
    // Parallel facts of a pair pool their percentages; a fact without one leaves the pool as it is.
    const pools = new Map<string, Map<string, number[]>>();
    for (const row of rows) {
      const from = row.get('from') as string;
      const to = row.get('to') as string;
      let byTo = pools.get(from);
      if (!byTo) pools.set(from, (byTo = new Map()));
      const pool = byTo.get(to) ?? [];
      pool.push(...factPercentages(row.get('type') as string, row.get('percentage'), row.get('shares')));
      byTo.set(to, pool);
    }
    const graph: ShareGraph = new Map();
    for (const [from, byTo] of pools) {
      graph.set(from, [...byTo].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([to, pool]) => ({ to, share: stepShare(pool) })));
    }
    return effectiveOwnership(q.root, graph, q.maxDepth, q.pathsLimit, this.budget);
  }
}
