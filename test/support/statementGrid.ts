import { DOWNSTREAM_TYPES, RELATIONSHIP_TYPES, UBO_TYPES } from '../../src/domain/relationships';
import type { TraversalRequest } from '../../src/services/traversal';

/** The traversal statement builders whose texts the grid records. */
export interface StatementBuilders {
  traverse(request: TraversalRequest, depth: number): string;
  levels(request: TraversalRequest, depth: number, listedOnly: boolean): string;
  detours(request: TraversalRequest, longest: number): string;
  longerPaths(request: TraversalRequest, minLen: number, maxLen: number): string;
  bfsLevels(request: TraversalRequest): string;
  bfsLevel(request: TraversalRequest): string;
  shortestPath(maxDepth: number): string;
}

const base: TraversalRequest = {
  id: 'x', offset: 0, limit: 10, minDepth: 1, maxDepth: 10, relationships: [], psa: false, countries: [], types: [],
  sanctioned: false, pep: false, watchlist: false, minShares: 0, includeUnknownShares: true,
  excludeFormerRelationships: false, excludeClosedEntities: false, riskFactors: [],
};

/** Relationship lists: a few, one, every type, every type but one (each with psa off and on). */
const RELATIONSHIP_SETS: Record<string, string[]> = {
  ubo: UBO_TYPES,
  downstream: DOWNSTREAM_TYPES,
  director: ['has_director'],
  all: [...RELATIONSHIP_TYPES],
  allButOne: RELATIONSHIP_TYPES.slice(1),
};

const END_FILTERS: Record<string, Partial<TraversalRequest>> = {
  none: {},
  countries: { countries: ['GBR'] },
  typesName: { types: ['company'], name: 'acme' },
  sanctioned: { sanctioned: true },
  pepCountries: { pep: true, countries: ['RUS'] },
  watchlist: { watchlist: true },
};

function requests(): { key: string; request: TraversalRequest }[] {
  const out: { key: string; request: TraversalRequest }[] = [];
  for (const [rels, relationships] of Object.entries(RELATIONSHIP_SETS)) {
    for (const psa of [false, true]) {
      for (const [end, filters] of Object.entries(END_FILTERS)) {
        out.push({ key: `${rels}/psa=${psa}/${end}`, request: { ...base, relationships, psa, ...filters } });
      }
    }
  }
  return out;
}

/**
 * Every statement of the grid, by a key naming the builder and its inputs: each relationship
 * list and end filter set, with risk filters and minimum lengths where they change the text.
 */
export function statementGrid(b: StatementBuilders): Map<string, string> {
  const grid = new Map<string, string>();
  for (const { key, request } of requests()) {
    for (const risk of [[], ['sanctioned']]) {
      for (const minDepth of [1, 2, 6]) {
        for (const depth of [1, 2, 3, 5, 6, 10]) {
          const r = { ...request, riskFactors: risk, minDepth };
          grid.set(`traverse/${key}/risk=${risk.length}/min=${minDepth}/depth=${depth}`, b.traverse(r, depth));
        }
      }
    }
    for (let depth = 1; depth <= 5; depth++) {
      for (const listedOnly of [false, true]) grid.set(`levels/${key}/depth=${depth}/listed=${listedOnly}`, b.levels(request, depth, listedOnly));
    }
    grid.set(`bfsLevels/${key}`, b.bfsLevels(request));
    grid.set(`bfsLevel/${key}`, b.bfsLevel(request));
    if (key.endsWith('/none')) {
      for (const longest of [2, 3, 10]) grid.set(`detours/${key}/longest=${longest}`, b.detours({ ...request, minDepth: 2 }, longest));
      for (const [minLen, maxLen] of [[3, 3], [3, 4], [5, 6], [6, 6], [10, 10]]) {
        grid.set(`longerPaths/${key}/${minLen}-${maxLen}`, b.longerPaths({ ...request, minDepth: 6 }, minLen, maxLen));
      }
    }
  }
  // /ubo and /downstream with effective ownership: the page also reads the ownership facts, in
  // a search to max_depth (shallower retries leave them to a statement of their own).
  for (const [direction, relationships] of [['ubo', UBO_TYPES], ['downstream', DOWNSTREAM_TYPES]] as const) {
    for (let depth = 1; depth <= 5; depth++) {
      const request = { ...base, relationships, maxDepth: depth, ownershipFacts: { direction, types: [], reach: depth - 1, date: '2026-01-01' } };
      grid.set(`traverse/${direction}/psa=false/ownership/depth=${depth}`, b.traverse(request, depth));
      grid.set(`levels/${direction}/psa=false/ownership/depth=${depth}`, b.levels(request, depth, false));
    }
  }
  for (let depth = 1; depth <= 10; depth++) grid.set(`shortestPath/${depth}`, b.shortestPath(depth));
  return grid;
}
