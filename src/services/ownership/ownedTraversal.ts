/**
 * /ubo and /downstream with effective ownership: the traversal's answer, filtered by
 * `min_effective_shares` when asked, and each result decorated with its end entity's effective
 * shares. The traversal reads the ownership facts in its own statement where its search allows
 * (TraversalRequest.ownershipFacts); otherwise they are a statement of their own.
 */
import { searchesInOneQuery, type Deadline, type TraversalRequest, type TraversalResult, type TraversalService } from '../traversal';
import type { EffectiveOwner } from './arithmetic';
import { EffectiveOwnershipService, shareGraphOf, type EffectiveAnswer, type OwnershipDirection } from './effective';

export interface OwnershipOptions {
  direction: OwnershipDirection;
  pathsLimit: number;
  /** Keep only results whose end entity owns (or is owned) at least this percentage in effect. */
  minEffectiveShares?: number;
  /** With min_effective_shares: judge on the maximum (unknown shares may reach it) rather than the point figure. */
  includeUnknownShares: boolean;
  date?: string;
}

/** Float products may fall a hair short of a threshold they reach. */
const TOLERANCE = 1e-9;

export function qualifies(owner: EffectiveOwner | undefined, min: number, judgeOnMaximum: boolean): boolean {
  const figure = owner === undefined ? 0 : judgeOnMaximum ? owner.max : owner.value;
  return figure >= min - TOLERANCE;
}

export class OwnedTraversal {
  constructor(private readonly traversal: TraversalService, private readonly effective: EffectiveOwnershipService) {}

  /** `deadline`: the traversal's time budget, shared when several traversals answer one request. */
  async traverse(
    request: TraversalRequest, opts: OwnershipOptions, deadline: Deadline = this.traversal.startDeadline(),
  ): Promise<{ result: TraversalResult; answer: EffectiveAnswer }> {
    const query = {
      root: request.id, direction: opts.direction, relationships: request.relationships, maxDepth: request.maxDepth,
      date: opts.date, pathsLimit: opts.pathsLimit,
    };
    const min = opts.minEffectiveShares;
    if (min === undefined || min <= 0) {
      // The one-query searches read the facts in their own statement: a second statement a
      // request costs more than its work on busy cores (docs/design.md). The other searches run
      // beside a read of their own, both on the request's one deadline; so does a one-query
      // search that ran out of time before reading them.
      const inSearch = searchesInOneQuery(request);
      const reading = inSearch ? undefined : this.effective.subgraph(query, deadline);
      reading?.catch(() => undefined); // awaited below; a failure surfaces there
      const result = await this.traversal.traverse(inSearch ? { ...request, ownershipFacts: this.effective.factsQuery(query) } : request, deadline);
      const graph = result.ownership ? shareGraphOf(result.ownership) : await (reading ?? this.effective.subgraph(query, deadline));
      // Only the page's owners show their paths: the others' need not be listed.
      const answer = this.effective.answer(query, graph, new Set(result.hits.map((h) => h.target.id as string)));
      const { ownership: _facts, ...rest } = result;
      return { result: { ...rest, partial: result.partial || !answer.complete }, answer };
    }
    // With a threshold the owners decide which results are kept: the facts come first.
    const answer = this.effective.answer(query, await this.effective.subgraph(query, deadline));
    // The traversal pages its own results: read its pages (growing) until this page and one
    // more qualifying result are known, or it has no more.
    const keep = (hit: TraversalResult['hits'][number]) => hit.steps.length > 0
      && qualifies(answer.owners.get(hit.target.id as string), min, opts.includeUnknownShares);
    const need = request.offset + request.limit + 1;
    const kept: TraversalResult['hits'] = [];
    let offset = 0;
    let chunk = Math.max(need * 2, 50);
    let last: TraversalResult | undefined;
    let partial = !answer.complete;
    while (kept.length < need) {
      last = await this.traversal.traverse({ ...request, offset, limit: chunk, withStepFacts: false }, deadline);
      partial ||= last.partial;
      kept.push(...last.hits.filter(keep));
      if (!last.next || last.hits.length === 0 || deadline.remainingMs() === 0) break;
      offset += last.hits.length;
      chunk *= 2;
    }
    const hits = kept.slice(request.offset, request.offset + request.limit);
    return {
      result: { source: last!.source, hits, next: kept.length > request.offset + request.limit, explored: last!.explored, partial },
      answer,
    };
  }
}

/**
 * The effective-ownership fields of one result: `effective_shares`, with `effective_shares_min`
 * and `effective_shares_max` when a path has a range or an unknown share, and the largest
 * contributing paths with the count of those left out. A result ending at the source has none.
 */
export function effectiveFields(targetId: string, isSource: boolean, answer: EffectiveAnswer) {
  if (isSource) return {};
  const owner = answer.owners.get(targetId);
  if (!owner) return { effective_shares: 0, effective_paths: [], effective_paths_omitted: 0 };
  return {
    effective_shares: owner.value,
    ...(owner.uncertain ? { effective_shares_min: owner.min, effective_shares_max: owner.max } : {}),
    effective_paths: owner.paths,
    effective_paths_omitted: owner.pathCount - owner.paths.length,
  };
}

/** Adds effectiveFields to each result object of `data` (built from `hits` in the same order). */
export function decorate<T extends object>(data: T[], hits: TraversalResult['hits'], answer: EffectiveAnswer): T[] {
  return data.map((item, i) => ({ ...item, ...effectiveFields(hits[i].target.id as string, hits[i].steps.length === 0, answer) }));
}
