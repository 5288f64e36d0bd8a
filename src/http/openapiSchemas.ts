/**
 * Response schemas of /openapi.json, after the resources of the API specification (Page,
 * EmbeddedEntity, Entity, PathSegment, Record, Source, Project, HistoryInfo), the published
 * client's resolution types (ResolutionResult, ResolutionPersistedResult, MatchExplanation) and
 * the two error envelopes. They name each resource's required fields and the types of the fields a client
 * reads, and leave further fields open: the integration tests validate real answers against them.
 */
import { RISK_FLAGS } from '../domain/riskFamilies';
import type { JsonSchema, RouteSpec } from './registry';

const str = { type: 'string' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const obj = { type: 'object' };
const arrayOf = (items: JsonSchema) => ({ type: 'array', items });
const num = { type: 'number' };
const strings = { type: 'array', items: str };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const object = (required: string[], properties: Record<string, JsonSchema>) => ({ type: 'object', required, properties });
/** Offset pages say `next` with a boolean, token pages with a string (absent or null at the end). */
const next = { type: ['boolean', 'string', 'null'] };
const page = (item: JsonSchema, more: Record<string, JsonSchema> = {}) =>
  object(['data'], { offset: int, limit: int, next, prev: { type: ['string', 'null'] }, size: ref('CountWithQualifier'), data: arrayOf(item), ...more });

export const COMPONENT_SCHEMAS: Record<string, JsonSchema> = {
  CountWithQualifier: object(['count', 'qualifier'], { count: int, qualifier: { type: 'string', enum: ['eq', 'gte'] } }),
  // Fields in the order the answers build them: the compiled serialisers then write them as JSON.stringify does (src/http/serialisers.ts).
  EmbeddedEntity: object(['id', 'label', 'type'], {
    id: str, label: str, type: str, entity_url: str, identifiers: arrayOf(object(['type', 'value'], { type: str, value: str })),
    countries: arrayOf(str), pep: bool, sanctioned: bool, closed: bool, psa_sanctioned: str, psa_count: int, source_count: obj, degree: int,
    addresses: arrayOf(str), date_of_birth: str, withdrawn_date: str, relationship_count: obj, attribute_count: obj, related_entities_count: int,
    risk: { type: 'object', additionalProperties: ref('RiskData') }, trade_count: object(['sent', 'received'], { sent: int, received: int }),
    user_attribute_count: obj, user_record_count: int, user_related_entities_count: int, user_relationship_count: obj, logistics_entity: bool,
    reference_id: str, matches: obj,
  }),
  // The value of an entity's risk map; `explanation` (entity reads only) names what carries a derived factor.
  RiskData: object(['value', 'metadata', 'level'], {
    value: { type: ['number', 'string', 'boolean'] }, metadata: obj, level: str,
    explanation: ref('RiskExplanation'),
  }),
  RiskExplanation: object(['source_entities', 'source_entity_count', 'paths'], {
    source_entities: arrayOf(ref('EntityRef')), source_entity_count: int,
    paths: arrayOf(arrayOf(object(['entity', 'relationship', 'shares', 'former'], {
      entity: ref('EntityRef'), relationship: str, shares: { type: ['number', 'null'] }, from_date: str, to_date: str, former: bool,
    }))),
    owners: arrayOf(object(['id', 'label', 'effective_shares'], { id: str, label: str, effective_shares: { type: 'number' } })),
    aggregate_shares: { type: 'number' },
  }),
  EntityRef: object(['id', 'label'], { id: str, label: str }),
  Entity: {
    allOf: [ref('EmbeddedEntity'), object([], { attributes: obj, relationships: obj, possibly_same_as: obj, referenced_by: obj, adverse_media: obj, traversals: arrayOf(obj) })],
  },
  EmbeddedRecord: object(['id'], { id: str, label: str, source: str, publication_date: str, acquisition_date: str, references_count: int, record_url: str, source_url: str, withdrawn_date: str, matches: obj }),
  Record: object(['id', 'label', 'source'], { id: str, label: str, source: { type: ['string', 'object'] }, source_url: str, record_url: str, references_count: int, document_urls: arrayOf(str), withdrawn_date: str, references: obj }),
  Source: object(['id', 'label'], { id: str, label: str, country: { type: ['string', 'null'] } }),
  PathSegment: object(['entity'], { field: str, entity: ref('EmbeddedEntity'), relationships: obj, relationship: obj }),
  TraversalResult: object(['target', 'path'], { source: str, target: ref('EmbeddedEntity'), path: arrayOf(ref('PathSegment')) }),
  // The request's parameters as the search read them (the /v1 names, in the answer's order), then the page.
  Traversal: object(['data', 'partial_results'], {
    min_depth: int, max_depth: int, relationships: arrayOf(str), countries: arrayOf(str), types: arrayOf(str), name: str, psa: bool,
    sanctioned: bool, pep: bool, watchlist: bool, min_shares: int, include_unknown_shares: bool, exclude_former_relationships: bool,
    exclude_closed_entities: bool, risk_categories: arrayOf(str), ...Object.fromEntries(RISK_FLAGS.map((flag) => [flag, bool])), as_of: str,
    offset: int, limit: int, next: bool, data: arrayOf(ref('TraversalResult')), explored_count: int, partial_results: bool,
  }),
  ShortestPath: object(['entities', 'data', 'partial_results'], { entities: arrayOf(str), data: arrayOf(ref('TraversalResult')), partial_results: bool }),
  Project: object(['id', 'label', 'archived', 'created', 'updated', 'counts', 'type'], {
    id: str, label: str, archived: bool, created: str, updated: str, counts: obj, type: { type: 'string', enum: ['network', 'supply_chain'] }, is_scrm: bool,
  }),
  HistoryInfo: object(['user', 'event', 'timestamp'], { user: str, environment: str, event: str, data: obj, timestamp: str }),
  Token: object(['access_token', 'expires_in', 'token_type'], { access_token: str, expires_in: int, token_type: { type: 'string', enum: ['Bearer'] } }),
  Ontology: object(['data'], { filters: obj, data: arrayOf(obj), total_count: int }),
  Usage: object(['paths', 'credits', 'total'], { paths: arrayOf(obj), credits: { type: 'number' }, since: str, total: {} }),
  History: object(['events'], { size: { type: ['integer', 'object'] }, next_token: { type: ['string', 'null'] }, events: arrayOf(ref('HistoryInfo')) }),
  Data: object(['data'], { data: {} }),
  AttributeResponse: object(['data'], {
    data: object(['properties'], { value: {}, properties: arrayOf(object(['editable', 'record_count', 'id'], { editable: bool, record_count: int, id: str })) }),
  }),
  // One field's explanation of a resolution match: the client's MatchExplanation and what this service adds (conflict, company_form, numbers, tokens).
  MatchExplanation: object([], {
    matched: str, uploaded: str, name_custom_tf_idf_score: num, high_quality_match_name: bool,
    scores: { type: 'object', additionalProperties: num }, n_common_term_matches: num, n_uncommon_term_matches: num,
    match_quality: str, conflict: bool,
  }),
  // One match of /v1/resolution (src/services/resolve/result.ts): the client's ResolutionResult and the screening flags.
  ResolutionResult: object(['profile', 'score', 'entity_id', 'label', 'type', 'identifiers', 'addresses', 'countries', 'sources', 'typed_matched_queries', 'matched_queries', 'highlight', 'explanation', 'match_strength'], {
    profile: str, score: num, entity_id: str, label: str, type: str,
    identifiers: arrayOf(object(['type', 'value'], { type: str, value: str, label: str })), psa_id: num,
    addresses: strings, countries: strings, sources: strings, typed_matched_queries: strings, matched_queries: strings,
    highlight: { type: 'object', additionalProperties: strings },
    explanation: { type: 'object', additionalProperties: arrayOf(ref('MatchExplanation')) },
    match_strength: object(['value'], { value: str }),
    sanctioned: bool, pep: bool, psa_count: int, psa_sanctioned: str, entity_url: str, strict: bool,
  }),
  ResolutionPersistedResult: { allOf: [ref('ResolutionResult'), object(['saved_entity_id'], { saved_entity_id: str })] },
  // The request's fields as the resolution read them.
  ResolutionFields: object([], {
    name: strings, identifier: strings, profile: str, country: strings, address: strings, date_of_birth: strings, contact: strings, type: strings,
  }),
  // /v1/resolution: the client's ResolutionResponse, and the legacy answer's keys over the same matches.
  Resolution: object(['fields', 'data'], {
    fields: ref('ResolutionFields'), data: arrayOf(ref('ResolutionResult')),
    best_match: { anyOf: [ref('ResolutionResult'), { type: 'null' }] }, other_matches: arrayOf(ref('ResolutionResult')),
    strict: bool, fuzziness: { type: 'object', additionalProperties: num }, resolvers: strings,
  }),
  ResolutionPersisted: object(['fields', 'data'], { fields: ref('ResolutionFields'), data: arrayOf(ref('ResolutionPersistedResult')) }),
  LegacyResolution: object(['best_match', 'other_matches', 'strict', 'fuzziness', 'resolvers'], {
    best_match: { anyOf: [ref('EmbeddedEntity'), { type: 'null' }] }, other_matches: arrayOf(ref('EmbeddedEntity')),
    strict: bool, fuzziness: { type: 'object', additionalProperties: num }, resolvers: strings,
  }),
  // GET /v1/negative_news (the client's Article), with the fields it ignores (id, topics, language).
  Article: object(['title', 'snippet', 'url', 'source', 'published', 'risk_flags'], {
    id: str, title: str, snippet: str, url: str, source: str, published: str, risk_flags: strings, search_term: {}, topics: strings, language: str,
  }),
  HsCodes: object(['filters', 'data', 'total_count'], {
    filters: obj, total_count: int,
    data: arrayOf(object(['code', 'short_description', 'long_description'], { code: str, short_description: str, long_description: str })),
  }),
  TradeComponent: object(['hs_code', 'arrival_countries', 'departure_countries'], {
    hs_code: str, arrival_countries: strings, departure_countries: strings, min_date: str, max_date: str,
  }),
  UpstreamTradeTraversal: object(['filters', 'data', 'explored_count', 'partial_results'], {
    filters: obj, explored_count: int, partial_results: bool,
    data: object(['paths', 'entities'], {
      paths: arrayOf(object(['source_entity_id', 'path'], {
        source_entity_id: str,
        path: arrayOf(object(['tier', 'entity_id', 'components'], { tier: int, entity_id: str, components: arrayOf(ref('TradeComponent')) })),
      })),
      entities: { type: 'object', additionalProperties: object(['id', 'type', 'label', 'risk_factors', 'countries'], { id: str, type: str, label: str, risk_factors: strings, countries: strings }) },
    }),
  }),
  ShipmentSearch: object(['limit', 'size', 'offset', 'next', 'data'], {
    limit: int, offset: int, next: bool, size: ref('CountWithQualifier'),
    data: arrayOf(object(['id', 'type', 'buyer', 'supplier', 'hs_codes', 'record'], {
      id: str, type: str, buyer: arrayOf(obj), supplier: arrayOf(obj), hs_codes: arrayOf(object(['code', 'description'], { code: str, description: str })), record: str,
    })),
  }),
  // Suppliers and buyers: the /v1 entity with the client's metadata casing.
  TradePartySearch: object(['limit', 'size', 'offset', 'next', 'data'], {
    limit: int, offset: int, next: bool, size: ref('CountWithQualifier'),
    data: arrayOf({ allOf: [ref('EmbeddedEntity'), object(['metadata'], { metadata: object(['shipments', 'hsCodes'], {
      latestShipmentDate: str, shipments: int, hsCodes: arrayOf(object(['key', 'doc_count', 'value'], { key: str, doc_count: int, value: str })),
    }) })] }),
  }),
  V1Error: object(['status', 'message', 'success'], { status: int, message: arrayOf(str), success: { const: false } }),
  LegacyError: object(['status', 'success', 'messages'], { status: int, success: { const: false }, messages: arrayOf(str) }),
};

/** The JSON schema of a route's success answer, or undefined where the document leaves it open. */
export function successSchema(spec: RouteSpec): JsonSchema | undefined {
  const path = spec.path.replace(/^\/v1(?=\/)/, '');
  const v1 = spec.path.startsWith('/v1/');
  if (spec.path === '/oauth/token') return ref('Token');
  if (path === '/entity/:id') return ref('Entity');
  if (spec.path === '/v1/negative_news') return arrayOf(ref('Article'));
  if (spec.path === '/v1/entity/:id/adverse_media') return page({ allOf: [ref('Article'), object(['entity_id', 'path'], { entity_id: str, path: arrayOf(object(['from', 'relationship', 'to'], { from: str, relationship: str, to: str })) })] });
  if (spec.path === '/v1/entity/:id/adverse_media/:article_id') return object(['entity_id', 'article_id', 'removed'], { entity_id: str, article_id: str, removed: { const: true } });
  if (path === '/entity_summary/:id') return ref('EmbeddedEntity');
  if (path === '/record/:id') return ref('Record');
  if (path === '/source/:id') return ref('Source');
  if (path === '/sources') return page(ref('Source'));
  if (/^\/(traversal|ubo|downstream|watchlist)\/:id$/.test(path)) return ref('Traversal');
  if (path === '/shortest_path') return ref('ShortestPath');
  if (path === '/search/entity') return page(ref('EmbeddedEntity'));
  if (path === '/search/record') return page(ref('EmbeddedRecord'));
  if (spec.path.startsWith('/v1/ontology/')) return ref('Ontology');
  if (spec.path === '/v1/hs_codes') return ref('HsCodes');
  if (spec.path === '/v1/supply_chain/upstream/:id' || spec.path.endsWith('/supply_chain/upstream')) return ref('UpstreamTradeTraversal');
  if (spec.path === '/v1/trade/search/shipments') return ref('ShipmentSearch');
  if (/^\/v1\/trade\/search\/(suppliers|buyers)$/.test(spec.path)) return ref('TradePartySearch');
  if (spec.path === '/v1/ontology') return object(['data'], { data: obj });
  if (path === '/metadata') return object(['version', 'master_release', 'watchlist_release', 'user'], { version: str, master_release: str, watchlist_release: str, user: object(['id'], { id: str }) });
  if (spec.path === '/v1/history') return ref('History');
  if (spec.path === '/v1/resolution') return ref('Resolution');
  if (spec.path === '/v1/resolution/persisted/:project_id') return ref('ResolutionPersisted');
  if (spec.path === '/resolve/entity') return ref('LegacyResolution');
  // NDJSON: the schema of one line.
  if (spec.path === '/v1/history/export') return ref('HistoryInfo');
  if (spec.path.startsWith('/v1/notifications/') && spec.method === 'get') return page(obj);
  if (spec.path.startsWith('/v1/attribute')) return ref('AttributeResponse');
  if (path === '/usage') return ref('Usage');
  if (spec.path === '/v1/projects' && spec.method === 'get') return page(obj, { first: {}, last: {} });
  if (spec.path === '/v1/projects' || (spec.path === '/v1/projects/:project_id' && spec.method === 'delete')) return object(['data'], { data: ref('Project') });
  if (spec.path === '/v1/projects/:project_id') return object(['data'], { data: { allOf: [ref('Project')] } });
  if (v1 && /entities(\/create)?$|contents\/entity$|snapshots$/.test(spec.path) && spec.method === 'get') return page(obj);
  if (v1 && spec.path.startsWith('/v1/projects') || spec.path.startsWith('/v1/resource')) return ref('Data');
  return undefined;
}

/** The error answers every operation may give, in its surface's envelope. */
export function errorResponses(spec: RouteSpec): Record<string, { description: string; content: unknown }> {
  const v1 = spec.path.startsWith('/v1/');
  const body = (description: string) => ({ description, content: { 'application/json': { schema: ref(v1 ? 'V1Error' : 'LegacyError') } } });
  const out: Record<string, { description: string; content: unknown }> = {};
  if (spec.query || spec.body || spec.params) out[v1 ? '400' : '406'] = body('a parameter is not valid; the message names it');
  if (spec.auth !== false) out['401'] = body('no valid bearer token');
  if (v1 || spec.tag === 'traversal' || spec.path === '/oauth/token') out['429'] = body('over the rate limit or the concurrent expensive requests of the client; see Retry-After');
  out['500'] = body('internal error');
  out['503'] = body('a backend is unavailable; see Retry-After');
  return out;
}
