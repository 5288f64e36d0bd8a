/**
 * /search/entity, /search/record, /v1/search/entity, /v1/search/record (GET and POST, the
 * same names in the query string and the JSON body). Thin: validate, call the search use
 * case, shape the reply.
 */
import { COUNTRY_IDS, isCountryId } from '../../domain/countries';
import { ENTITY_TYPES, isEntityType } from '../../domain/entityTypes';
import { badParameter } from '../../domain/errors';
import type { Surface } from '../../graph/mappers';
import { ENTITY_SEARCH_FIELDS } from '../../search/fields';
import { MAX_RESULTS, type SearchFilters, type SearchIndex } from '../../search/port';
import type { Target } from '../../search/query';
import { SearchParams, SearchService } from '../../services/search';
import { searchCsv } from '../formats/csv';
import type { JsonSchema, RouteRegistry } from '../registry';

type Query = Record<string, unknown>;

const FILTER_KEYS = ['source', 'country', 'entity_type'] as const;
const SOURCE_ID = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_.:-]+$' };
const q = { type: 'string', minLength: 1, maxLength: 1000, description: 'query in the simple query-string syntax (or the advanced syntax with advanced=true)' };
const limit = { type: 'integer', minimum: 1, maximum: 100, description: 'page size, 1 to 100 (default 100)' };
const offset = { type: 'integer', minimum: 0, maximum: MAX_RESULTS, description: `offset, at most ${MAX_RESULTS} (default 0)` };
const bool = (description: string) => ({ type: 'boolean', description });
const fields = { type: 'array', items: { type: 'string', enum: [...ENTITY_SEARCH_FIELDS] }, maxItems: 10, description: 'fields to search' };
// The spec gives record search the same parameters as entity search; a record's searchable
// text is its label, so the field list is checked and the label searched whatever it holds.
const recordFields = { ...fields, description: 'accepted as for entity search (same values); records are searched by label' };
const getFilters = {
  type: 'array', items: { type: 'string', minLength: 3, maxLength: 250 }, maxItems: 50,
  description: 'repeatable <key>=<value> with key source, country or entity_type',
};
const bodyFilterObject = {
  type: 'object', additionalProperties: false,
  properties: {
    source: { type: 'array', items: SOURCE_ID, maxItems: 50 },
    country: { type: 'array', items: { type: 'string', enum: COUNTRY_IDS }, maxItems: 300 },
    entity_type: { type: 'array', items: { type: 'string', enum: ENTITY_TYPES }, maxItems: 50 },
  },
};

function searchGetSchema(target: Target): JsonSchema {
  return {
    type: 'object', additionalProperties: false, required: ['q'],
    properties: {
      q, limit, offset, filters: getFilters, filter: { ...getFilters, description: 'alias of filters' },
      facets: bool('add facets over the whole result set'), advanced: bool('full query-string syntax with fielded search'),
      ...(target === 'entity' ? { fields, geo_facets: bool('accepted for client compatibility; no geo facets are computed') } : { fields: recordFields }),
    },
  };
}

function searchBodySchema(target: Target): JsonSchema {
  return {
    type: 'object', additionalProperties: false, required: ['q'],
    properties: {
      q, limit, offset, filters: bodyFilterObject, filter: bodyFilterObject,
      facets: bool('add facets'), advanced: bool('advanced syntax'),
      ...(target === 'entity' ? { fields, geo_facets: bool('accepted; ignored') } : { fields: recordFields }),
    },
  };
}

const postQuerySchema: JsonSchema = { type: 'object', additionalProperties: false, properties: { limit, offset } };

/** `filters=<key>=<value>` strings (GET) into a filter object, each value checked. */
function parseGetFilters(values: string[], parameter: string): SearchFilters {
  const out: SearchFilters = {};
  for (const raw of values) {
    const at = raw.indexOf('=');
    const key = at > 0 ? raw.slice(0, at) : '';
    const value = at > 0 ? raw.slice(at + 1) : '';
    if (!(FILTER_KEYS as readonly string[]).includes(key) || value === '') {
      throw badParameter(parameter, `"${raw}" must be <key>=<value> with key ${FILTER_KEYS.join(', ')}`);
    }
    checkFilterValue(key as (typeof FILTER_KEYS)[number], value, parameter);
    (out[key as keyof SearchFilters] ??= []).push(value);
  }
  return out;
}

function checkFilterValue(key: (typeof FILTER_KEYS)[number], value: string, parameter: string): void {
  if (key === 'country' && !isCountryId(value)) throw badParameter(parameter, `country "${value}" is not a country id`);
  if (key === 'entity_type' && !isEntityType(value)) throw badParameter(parameter, `entity_type "${value}" is not one of ${ENTITY_TYPES.join(', ')}`);
  if (key === 'source' && !new RegExp(SOURCE_ID.pattern).test(value)) throw badParameter(parameter, `source "${value}" is not a source id`);
}

function mergeFilters(a: SearchFilters | undefined, b: SearchFilters | undefined): SearchFilters {
  const out: SearchFilters = {};
  for (const key of FILTER_KEYS) {
    const values = [...(a?.[key] ?? []), ...(b?.[key] ?? [])];
    if (values.length) out[key] = [...new Set(values)];
  }
  return out;
}

function getParams(query: Query): SearchParams {
  const filters = mergeFilters(
    query.filters ? parseGetFilters(query.filters as string[], 'filters') : undefined,
    query.filter ? parseGetFilters(query.filter as string[], 'filter') : undefined,
  );
  return {
    q: query.q as string,
    fields: query.fields as string[] | undefined,
    filters,
    facets: Boolean(query.facets),
    advanced: Boolean(query.advanced),
    offset: (query.offset as number | undefined) ?? 0,
    limit: (query.limit as number | undefined) ?? 100,
  };
}

function postParams(query: Query, body: Query): SearchParams {
  return {
    q: body.q as string,
    fields: body.fields as string[] | undefined,
    filters: mergeFilters(body.filters as SearchFilters | undefined, body.filter as SearchFilters | undefined),
    facets: Boolean(body.facets),
    advanced: Boolean(body.advanced),
    offset: (query.offset as number | undefined) ?? (body.offset as number | undefined) ?? 0,
    limit: (query.limit as number | undefined) ?? (body.limit as number | undefined) ?? 100,
  };
}


export function registerSearchRoutes(registry: RouteRegistry, index: SearchIndex): void {
  const search = new SearchService(index);

  for (const surface of ['legacy', 'v1'] as Surface[]) {
    const prefix = surface === 'v1' ? '/v1' : '';
    for (const target of ['entity', 'record'] as Target[]) {
      const path = `${prefix}/search/${target}`;
      const responses = { 200: `Page of ${target === 'entity' ? 'EmbeddedEntity' : 'EmbeddedRecord'} with matches`, [surface === 'v1' ? 400 : 406]: 'bad parameter (q syntax, filters, bounds)', 415: 'unsupported Accept' };
      const reply = async (params: SearchParams, accept: string) => {
        const page = await search.search(target, params, surface);
        return accept === 'text/csv' ? { body: searchCsv(target, page), contentType: 'text/csv' } : { body: page };
      };
      registry.add<Query>({
        method: 'get', path, tag: 'search', summary: `Full-text ${target} search`,
        query: searchGetSchema(target), produces: ['application/json', 'text/csv'], responses,
        handler: async ({ query, accept }) => reply(getParams(query), accept),
      });
      registry.add<Query, Query>({
        method: 'post', path, tag: 'search', summary: `Full-text ${target} search (JSON body)`,
        query: postQuerySchema, body: searchBodySchema(target), produces: ['application/json', 'text/csv'], responses,
        handler: async ({ query, body, accept }) => reply(postParams(query, body), accept),
      });
    }
  }
}
