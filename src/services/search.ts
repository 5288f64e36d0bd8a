/**
 * Use case behind /search/entity, /search/record and their /v1 forms: parse and normalise
 * `q`, run it on the configured SearchIndex, shape a Page of EmbeddedEntity /
 * EmbeddedRecord items with `matches` (matched words in <em>), `size` with its qualifier
 * (eq up to 10000, gte 10000 beyond) and, on request, facets over the whole result set.
 */
import { stringify } from 'csv-stringify/sync';
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
    const data = result.hits.map((hit) => {
      const matches = highlight(hit.values, query);
      if (target === 'record') return { ...embeddedRecord(hit.props, surface), matches };
      return surface === 'v1'
        ? { ...embeddedEntity(hit.props, surface), matches, coordinates: [] }
        : { ...embeddedEntity(hit.props, surface), matches };
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

const flat = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(';');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** text/csv of a search page: one row per item, `matches` as field=value pairs. */
export function searchCsv(target: Target, page: SearchPage): string {
  const columns = target === 'entity'
    ? ['id', 'label', 'type', 'countries', 'identifiers', 'addresses', 'date_of_birth', 'sanctioned', 'pep', 'closed', 'entity_url', 'matches']
    : ['id', 'label', 'source', 'publication_date', 'acquisition_date', 'references_count', 'record_url', 'source_url', 'matches'];
  const rows: string[][] = [columns];
  for (const item of page.data) {
    rows.push(columns.map((c) => {
      if (c === 'matches') {
        return Object.entries((item.matches as Record<string, string[]>) ?? {}).flatMap(([f, vs]) => vs.map((v) => `${f}=${v}`)).join(' | ');
      }
      if (c === 'identifiers') return ((item.identifiers as { type: string; value: string }[]) ?? []).map((i) => `${i.type}:${i.value}`).join(';');
      return flat(item[c]);
    }));
  }
  return stringify(rows);
}
