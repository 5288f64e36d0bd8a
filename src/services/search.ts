/**
 * Use case behind /search/entity, /search/record and their /v1 forms: parse and normalise
 * `q`, run it on the configured SearchIndex, shape a Page of EmbeddedEntity /
 * EmbeddedRecord items with `matches` (matched words in <em>), `size` with its qualifier
 * (eq up to 10000, gte 10000 beyond) and, on request, facets over the whole result set.
 */
import { badParameter } from '../domain/errors';
import { Surface, embeddedEntity, embeddedRecord } from '../graph/mappers';
import { compileQuery, highlight, type Target } from '../search/query';
import { Facets, MAX_RESULTS, SearchFilters, SearchIndex } from '../search/port';
import type { Size } from './paging';

export interface SearchParams {
  q: string;
  fields?: string[];
  filters: SearchFilters;
  facets: boolean;
  advanced: boolean;
  offset: number;
  limit: number;
}

export interface SearchPage {
  offset: number;
  limit: number;
  next: boolean;
  size: Size;
  data: Record<string, unknown>[];
  facets?: Facets;
}

export const sizeOf = (total: number): Size =>
  total > MAX_RESULTS ? { count: MAX_RESULTS, qualifier: 'gte' } : { count: total, qualifier: 'eq' };

export class SearchService {
  constructor(private readonly index: SearchIndex) {}

  get backend(): string {
    return this.index.backend;
  }

  async search(target: Target, params: SearchParams, surface: Surface): Promise<SearchPage> {
    if (params.offset > MAX_RESULTS) throw badParameter('offset', `must be at most ${MAX_RESULTS} (results beyond ${MAX_RESULTS} are not served)`);
    const query = compileQuery(params.q, { target, advanced: params.advanced, fields: params.fields });
    const result = await this.index.search({
      target, query, filters: params.filters, offset: params.offset, limit: params.limit, facets: params.facets,
    });
    // Each hit's fields are added to the object its mapper built (no copy of up to 100 per page).
    const data = result.hits.map((hit) => {
      const matches = highlight(hit.values, query);
      const item = (target === 'record' ? embeddedRecord(hit.props, surface) : embeddedEntity(hit.props, surface)) as unknown as Record<string, unknown>;
      item.matches = matches;
      if (target === 'entity' && surface === 'v1') item.coordinates = [];
      return item;
    });
    const reachable = Math.min(result.total, MAX_RESULTS);
    return {
      offset: params.offset,
      limit: params.limit,
      next: params.offset + data.length < reachable,
      size: result.lowerBound ? { count: MAX_RESULTS, qualifier: 'gte' } : sizeOf(result.total),
      data,
      ...(result.facets ? { facets: result.facets } : {}),
    };
  }
}
