/**
 * /resolve/entity and /v1/resolution (GET and POST). Thin: validate, call the resolve use
 * case, shape the reply.
 */
import { isCountryId } from '../../domain/countries';
import { ENTITY_TYPES } from '../../domain/entityTypes';
import { badParameter } from '../../domain/errors';
import type { SearchIndex } from '../../search/port';
import { ResolveField, ResolveParams, ResolveService, checkResolveDates } from '../../services/resolve';
import type { JsonSchema, RouteRegistry } from '../registry';

type Query = Record<string, unknown>;

const bool = (description: string) => ({ type: 'boolean', description });

const strings = (max = 500) => ({ type: 'array', items: { type: 'string', minLength: 1, maxLength: max }, maxItems: 20 });
const fuzzinessPattern = { '^fuzziness\\.(name|identifier|country|address|dob|date_of_birth)$': { type: 'integer', minimum: 0, maximum: 3, description: 'edits allowed per word of that field (default 1); 0 = exact words' } };

const legacyResolveSchema: JsonSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    name: strings(), identifier: strings(200), country: strings(3), address: strings(), dob: strings(10),
    strict: bool('exact values only, no string transformations'),
    limit: { type: 'integer', minimum: 1, maximum: 100, description: 'number of possible matches (default 10)' },
  },
  patternProperties: fuzzinessPattern,
};

const V1_RESOLVE_PROPS = {
  name: strings(), identifier: strings(200), country: strings(3), address: strings(), date_of_birth: strings(10), dob: strings(10),
  contact: strings(), type: { type: 'array', items: { type: 'string', enum: ENTITY_TYPES }, maxItems: 20 },
  profile: { type: 'string', enum: ['corporate', 'suppliers', 'supplier'] },
  name_min_percentage: { type: 'number', minimum: 0, maximum: 100 },
  name_min_tokens: { type: 'integer', minimum: 0, maximum: 50 },
  minimum_score_threshold: { type: 'number', minimum: 0, maximum: 100, description: 'minimum score of listed matches (0..1, or a percentage above 1)' },
  search_fallback: bool('accepted; ignored'), cutoff_threshold: { type: 'number' },
  candidate_pool_size: { type: 'integer', minimum: 1, maximum: 500 },
  skip_post_process: bool('accepted; ignored'), enable_llm_clean: bool('accepted; ignored'),
  strict: bool('exact values only'),
};
const v1ResolveGetSchema: JsonSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...V1_RESOLVE_PROPS, city: strings(200), state: strings(200),
    limit: { type: 'integer', minimum: 1, maximum: 10, description: '1 to 10 (default 10)' },
    offset: { type: 'integer', minimum: 0, maximum: 1000 },
  },
  patternProperties: fuzzinessPattern,
};
const list = (s: JsonSchema) => ({ oneOf: [s, { type: 'array', items: s, maxItems: 20 }] });
export const v1ResolveBodySchema: JsonSchema = {
  type: 'object', additionalProperties: false,
  properties: {
    ...V1_RESOLVE_PROPS,
    name: list({ type: 'string', minLength: 1, maxLength: 500 }), identifier: list({ type: 'string', minLength: 1, maxLength: 200 }),
    country: list({ type: 'string', minLength: 1, maxLength: 3 }), address: list({ type: 'string', minLength: 1, maxLength: 500 }),
    date_of_birth: list({ type: 'string', minLength: 1, maxLength: 10 }), dob: list({ type: 'string', minLength: 1, maxLength: 10 }),
    contact: list({ type: 'string', minLength: 1, maxLength: 500 }),
    type: list({ type: 'string', enum: ENTITY_TYPES }),
    city: { type: 'string', maxLength: 200 }, state: { type: 'string', maxLength: 200 },
    limit: { type: 'integer', minimum: 1, maximum: 10 }, offset: { type: 'integer', minimum: 0, maximum: 1000 },
    fuzziness: { type: 'object', additionalProperties: false, properties: { name: { type: 'integer', minimum: 0, maximum: 3 }, identifier: { type: 'integer', minimum: 0, maximum: 3 }, address: { type: 'integer', minimum: 0, maximum: 3 }, country: { type: 'integer', minimum: 0, maximum: 3 }, dob: { type: 'integer', minimum: 0, maximum: 3 }, date_of_birth: { type: 'integer', minimum: 0, maximum: 3 } } },
  },
  patternProperties: fuzzinessPattern,
};
export const v1ResolvePostQuery: JsonSchema = {
  type: 'object', additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 10 }, offset: { type: 'integer', minimum: 0, maximum: 1000 }, enable_llm_clean: bool('accepted; ignored') },
};

const asList = (v: unknown): string[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)]).map((s) => s.trim()).filter(Boolean);

function fuzziness(source: Query, nested?: Record<string, number>): Partial<Record<ResolveField, number>> {
  const out: Partial<Record<ResolveField, number>> = {};
  const set = (key: string, value: number) => {
    const field = (key === 'date_of_birth' ? 'dob' : key) as ResolveField;
    out[field] = value;
  };
  for (const [key, value] of Object.entries(source)) {
    const m = /^fuzziness\.(\w+)$/.exec(key);
    if (m) set(m[1], value as number);
  }
  for (const [key, value] of Object.entries(nested ?? {})) set(key, value);
  return out;
}

function countries(values: string[]): string[] {
  return values.map((c) => {
    const id = c.toUpperCase();
    if (!isCountryId(id)) throw badParameter('country', `"${c}" is not a country id (ISO 3166 alpha-3)`);
    return id;
  });
}

export function v1ResolveParams(source: Query, paging: Query): { params: ResolveParams; profile: string; echo: Record<string, string[]> } {
  const address = asList(source.address);
  const place = [...asList(source.city), ...asList(source.state)].join(' ');
  if (place) {
    if (address.length) for (let i = 0; i < address.length; i++) address[i] = `${address[i]} ${place}`;
    else address.push(place);
  }
  // Checked under each name, so a bad value is reported under the parameter the client sent.
  const dob = [...checkResolveDates(asList(source.date_of_birth), 'date_of_birth'), ...checkResolveDates(asList(source.dob))];
  const minScore = source.minimum_score_threshold as number | undefined;
  const params: ResolveParams = {
    name: asList(source.name),
    identifier: asList(source.identifier),
    country: countries(asList(source.country)),
    address,
    dob,
    types: asList(source.type).length ? asList(source.type) : undefined,
    fuzziness: fuzziness(source, source.fuzziness as Record<string, number> | undefined),
    strict: Boolean(source.strict),
    limit: (paging.limit as number | undefined) ?? (source.limit as number | undefined) ?? 10,
    offset: (paging.offset as number | undefined) ?? (source.offset as number | undefined) ?? 0,
    pool: source.candidate_pool_size as number | undefined,
    minScore: minScore === undefined ? undefined : minScore > 1 ? minScore / 100 : minScore,
    minNameSimilarity: source.name_min_percentage === undefined ? undefined : (source.name_min_percentage as number) / 100,
  };
  const echo: Record<string, string[]> = {};
  for (const key of ['name', 'identifier', 'country', 'address', 'contact', 'type'] as const) {
    const v = asList(source[key]);
    if (v.length) echo[key] = v;
  }
  if (dob.length) echo.date_of_birth = dob;
  return { params, profile: (source.profile as string | undefined) === 'supplier' ? 'suppliers' : (source.profile as string | undefined) ?? 'corporate', echo };
}

export function registerResolveRoutes(registry: RouteRegistry, index: SearchIndex): void {
  const resolve = new ResolveService(index);

  registry.add<Query>({
    method: 'get', path: '/resolve/entity', tag: 'resolve', summary: 'Resolve an entity from name, identifier, country, address, date of birth',
    query: legacyResolveSchema, responses: { 200: 'best_match, other_matches, strict, fuzziness, resolvers', 406: 'bad parameter' },
    handler: async ({ query }) => ({
      body: await resolve.legacy({
        name: asList(query.name), identifier: asList(query.identifier), country: countries(asList(query.country)),
        address: asList(query.address), dob: asList(query.dob), fuzziness: fuzziness(query), strict: Boolean(query.strict),
        limit: (query.limit as number | undefined) ?? 10,
      }),
    }),
  });
  registry.add<Query>({
    method: 'get', path: '/v1/resolution', tag: 'resolve', summary: 'Resolve an entity; each match with its score and explanation',
    query: v1ResolveGetSchema, responses: { 200: 'ResolutionResponse {fields, data} plus best_match, other_matches', 400: 'bad parameter' },
    handler: async ({ query }) => {
      const { params, profile, echo } = v1ResolveParams(query, {});
      return { body: await resolve.v1(params, profile, echo) };
    },
  });
  registry.add<Query, Query>({
    method: 'post', path: '/v1/resolution', tag: 'resolve', summary: 'Resolve an entity (JSON body)',
    query: v1ResolvePostQuery, body: v1ResolveBodySchema, responses: { 200: 'ResolutionResponse', 400: 'bad parameter' },
    handler: async ({ query, body }) => {
      const { params, profile, echo } = v1ResolveParams(body, query);
      return { body: await resolve.v1(params, profile, echo) };
    },
  });
}
