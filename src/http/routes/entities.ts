/** /entity, /entity_summary, /record, /source, /sources and their /v1 forms. Thin: parse, call, shape. */
import { GRAPH_EXPORT_TYPES, entityExport } from '../formats/graphExport';
import type { EntityAnswer } from '../../export/network';
import { ATTRIBUTE_FIELDS, SUMMARY_ATTRIBUTE_FIELDS } from '../../domain/attributes';
import { COUNTRY_IDS } from '../../domain/countries';
import { AS_OF_SCHEMA, asOfParameter } from '../../domain/asOf';
import { isDateString } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import { RELATIONSHIP_ALIASES, RELATIONSHIP_TYPES, REQUEST_RELATIONSHIP_VALUES, requestedRelationships } from '../../domain/relationships';
import { isRiskFactor } from '../../domain/risk';
import { type EntityService, type RelationshipSelection, relationshipsTokenField } from '../../services/entities';
import type { TraversalService } from '../../services/traversal';
import type { OwnedTraversal } from '../../services/ownership/ownedTraversal';
import type { NewsService } from '../../services/news';
import type { UserAttributeService } from '../../services/userAttributes';
import { entityTraversalBlocks } from './traversal';
import type { PdfRenderer } from '../formats/pdfRenderer';
import { entityCsv } from '../formats/csv';
import { MAX_PAGE, Paging, tokenPaging } from '../../services/paging';
import type { JsonSchema, RouteRegistry } from '../registry';

const idParam = { id: { type: 'string', minLength: 1, maxLength: 512 } };
const offset = { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 };
const limit = (max = MAX_PAGE, def = MAX_PAGE) => ({ type: 'integer', minimum: 0, maximum: max, default: def });
const token = { type: 'string', minLength: 1, maxLength: 512 };
const alternation = (values: readonly string[]) => values.map((v) => v.replace(/[^a-z0-9_]/g, '')).join('|');
const ATTR = alternation(ATTRIBUTE_FIELDS);
const RELS = alternation(RELATIONSHIP_TYPES);

type Query = Record<string, unknown>;
const paging = (q: Query, prefix: string): Paging => ({
  offset: (q[`${prefix}.offset`] as number | undefined) ?? 0,
  limit: (q[`${prefix}.limit`] as number | undefined) ?? MAX_PAGE,
});
const perField = (q: Query, prefix: string): Record<string, Paging> => {
  const out: Record<string, Paging> = {};
  for (const key of Object.keys(q)) {
    const m = new RegExp(`^${prefix.replace('.', '\\.')}\\.([a-z_]+)\\.(offset|limit)$`).exec(key);
    if (m) out[m[1]] = paging(q, `${prefix}.${m[1]}`);
  }
  return out;
};

const legacyEntityQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    'possibly_same_as.offset': offset, 'possibly_same_as.limit': limit(),
    'referenced_by.offset': offset, 'referenced_by.limit': limit(),
    as_of: AS_OF_SCHEMA,
  },
  patternProperties: {
    [`^attributes\\.(${ATTR})\\.offset$`]: { ...offset, description: 'offset of one attribute field' },
    [`^attributes\\.(${ATTR})\\.limit$`]: { ...limit(), description: 'page size of one attribute field (0 drops it)' },
    [`^relationships\\.(${RELS})\\.offset$`]: { ...offset, description: 'offset of one relationship type' },
    [`^relationships\\.(${RELS})\\.limit$`]: { ...limit(), description: 'page size of one relationship type (0 drops it)' },
    '^traversals\\.[0-9]\\.max_depth$': { type: 'integer', minimum: 1, maximum: 10, description: 'embed traversal block <n> (0-9) with this depth' },
    '^traversals\\.[0-9]\\.relationships$': { type: 'array', items: { type: 'string', enum: REQUEST_RELATIONSHIP_VALUES }, description: 'relationship types of traversal block <n> (default all); a block of only ubo types (or only downstream types) adds the effective-ownership fields of /ubo (/downstream) to its results' },
  },
};

/** `traversals.<n>.max_depth|relationships` as blocks in order of <n>. */
function traversalBlocks(q: Query): { maxDepth: number; relationships: string[] }[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(q)) {
    const m = /^traversals\.([0-9])\./.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  return [...indexes].sort().map((n) => ({
    maxDepth: (q[`traversals.${n}.max_depth`] as number | undefined) ?? 1,
    relationships: requestedRelationships((q[`traversals.${n}.relationships`] as string[] | undefined) ?? RELATIONSHIP_TYPES),
  }));
}

/**
 * The spec's token pages default to 100; the published client documents 200 for the
 * relationships page (docs/reference/client-shapes.md §1), so a client may ask for up to that.
 */
const RELATIONSHIPS_PAGE_MAX = 200;
const dateFilter = (description: string) => ({ type: 'string', pattern: '^\\d{4}(-\\d{2}(-\\d{2})?)?$', description: `${description} (YYYY[-MM[-DD]])` });
/**
 * Trade (shipment) filters of the published client: they keep the trade edges (ships_to,
 * receives_from) with a shipment of that HS code matching them (docs/entities.md).
 */
const TRADE_COUNTRIES = ['arrivalCountry', 'departureCountry'] as const;
const TRADE_PLACES = ['arrivalState', 'arrivalCity', 'departureState', 'departureCity'] as const;
const tradePlace = (what: string) => ({ type: 'string', minLength: 1, maxLength: 500, description: `only trade edges with a shipment whose ${what} contains this (case-insensitive)` });

const v1EntityQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    'relationships.next': token, 'relationships.prev': token, 'relationships.limit': limit(RELATIONSHIPS_PAGE_MAX),
    'relationships.type': { type: 'array', items: { type: 'string', enum: [...RELATIONSHIP_TYPES, ...Object.keys(RELATIONSHIP_ALIASES)] }, description: 'only these relationship types (judidical_representative_of and lawyer_of read as judicial_representative_of and lawyer_in)' },
    'relationships.sort': {
      type: 'string', enum: ['date', '-date', 'shares', '-shares'],
      description: "order of the neighbours: 'date' by their latest fact date, 'shares' by their largest share percentage; '-' descending; neighbours without the key last",
    },
    'relationships.startDate': dateFilter('only facts whose period reaches this date or later'),
    'relationships.endDate': dateFilter('only facts whose period starts on or before this date'),
    'relationships.minShares': { type: 'number', minimum: 0, maximum: 100, description: 'only share-bearing facts with a known percentage of at least this' },
    'relationships.country': { type: 'array', items: { type: 'string', enum: COUNTRY_IDS }, maxItems: 300, description: 'only neighbours with one of these countries' },
    'relationships.partnerName': { type: 'string', minLength: 1, maxLength: 500, description: 'only neighbours with a name containing this (case-insensitive)' },
    'relationships.partnerRisk': {
      type: 'array', items: { type: 'string', pattern: '^[a-z0-9_]{1,100}$' }, maxItems: 300,
      description: 'only neighbours with one of these risk factors (risk factor ids)',
    },
    'relationships.arrivalCountry': { type: 'array', items: { type: 'string', enum: COUNTRY_IDS }, maxItems: 300, description: 'only trade edges with a shipment arriving in one of these countries' },
    'relationships.departureCountry': { type: 'array', items: { type: 'string', enum: COUNTRY_IDS }, maxItems: 300, description: 'only trade edges with a shipment departing from one of these countries' },
    'relationships.arrivalState': tradePlace('arrival state'), 'relationships.arrivalCity': tradePlace('arrival city'),
    'relationships.departureState': tradePlace('departure state'), 'relationships.departureCity': tradePlace('departure city'),
    'relationships.hsCode': { type: 'string', maxLength: 10, description: 'only trade edges whose HS code starts with this (2 to 10 digits)' },
    'possibly_same_as.next': token, 'possibly_same_as.prev': token, 'possibly_same_as.limit': limit(),
    'referenced_by.next': token, 'referenced_by.prev': token, 'referenced_by.limit': limit(),
    as_of: AS_OF_SCHEMA,
  },
  patternProperties: {
    [`^attributes\\.(${ATTR})\\.(next|prev)$`]: { ...token, description: 'page token of one attribute field' },
    [`^attributes\\.(${ATTR})\\.limit$`]: { ...limit(), description: 'page size of one attribute field (0 drops it)' },
  },
};

const v1Paging = (q: Query, field: string, tokenField = field): Paging =>
  tokenPaging(tokenField, { next: q[`${field}.next`] as string | undefined, prev: q[`${field}.prev`] as string | undefined, limit: (q[`${field}.limit`] as number | undefined) ?? MAX_PAGE }, field);

/** The relationships selection of a /v1 entity request; values the schema cannot check are checked here. */
function relationshipSelection(q: Query): RelationshipSelection {
  for (const name of TRADE_PLACES) {
    const value = q[`relationships.${name}`] as string | undefined;
    if (value !== undefined && !value.trim()) throw badParameter(`relationships.${name}`, 'a blank value matches everything: leave it out instead');
  }
  const hsCode = q['relationships.hsCode'] as string | undefined;
  if (hsCode !== undefined && !/^[0-9]{2,10}$/.test(hsCode)) throw badParameter('relationships.hsCode', `${JSON.stringify(hsCode)} is not an HS code (2 to 10 digits)`);
  const startDate = q['relationships.startDate'] as string | undefined;
  const endDate = q['relationships.endDate'] as string | undefined;
  for (const [name, value] of [['relationships.startDate', startDate], ['relationships.endDate', endDate]] as const) {
    if (value !== undefined && !isDateString(value)) throw badParameter(name, `not a valid date: ${JSON.stringify(value)}`);
  }
  const partnerRisk = q['relationships.partnerRisk'] as string[] | undefined;
  const unknownRisk = partnerRisk?.find((id) => !isRiskFactor(id));
  if (unknownRisk !== undefined) throw badParameter('relationships.partnerRisk', `unknown risk factor ${JSON.stringify(unknownRisk)}`);
  return {
    types: q['relationships.type'] ? requestedRelationships(q['relationships.type'] as string[]) : undefined,
    sort: q['relationships.sort'] as RelationshipSelection['sort'],
    startDate,
    endDate,
    minShares: q['relationships.minShares'] as number | undefined,
    countries: q['relationships.country'] as string[] | undefined,
    partnerName: q['relationships.partnerName'] as string | undefined,
    partnerRisk,
    ...Object.fromEntries([...TRADE_COUNTRIES, ...TRADE_PLACES].map((name) => [name, q[`relationships.${name}`]])),
    hsCode,
    asOf: asOfParameter(q.as_of),
  };
}

/** `owned`: effective ownership of the ubo and downstream traversal blocks (docs/ownership.md); without it, blocks carry none. */
export function registerEntityRoutes(
  registry: RouteRegistry, entities: EntityService, traversal: TraversalService, pdf: PdfRenderer, userAttributes?: UserAttributeService, owned?: OwnedTraversal,
  news?: NewsService,
): void {
  registry.add<Query>({
    method: 'get', path: '/entity/:id', tag: 'entity', summary: 'Entity with per-field offset paging',
    params: idParam, query: legacyEntityQuery, produces: ['application/json', 'text/csv', 'application/pdf'],
    responses: { 200: 'Entity', 404: 'unknown id', 406: 'bad parameter', 415: 'unsupported Accept', 503: 'PDF rendering busy (Retry-After)' },
    handler: async ({ params, query, accept, principal }) => {
      const asOf = asOfParameter(query.as_of);
      const body = await entities.legacyEntity(params.id, {
        asOf,
        attributes: perField(query, 'attributes'),
        attributeDefault: { offset: 0, limit: MAX_PAGE },
        relationships: perField(query, 'relationships'),
        relationshipDefault: { offset: 0, limit: MAX_PAGE },
        possiblySameAs: paging(query, 'possibly_same_as'),
        referencedBy: paging(query, 'referenced_by'),
      });
      // The caller's organisation's own attributes and retirements, in every format of this read.
      await userAttributes?.overlay(principal, params.id, body, { surface: 'legacy' });
      const blocks = traversalBlocks(query);
      if (blocks.length) body.traversals = await entityTraversalBlocks(traversal, params.id, blocks, undefined, asOf, owned);
      if (accept === 'text/csv') return { body: entityCsv(body), contentType: 'text/csv' };
      if (accept === 'application/pdf') {
        const file = `${params.id.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
        return { body: await pdf.entity(body), contentType: 'application/pdf', headers: { 'content-disposition': `inline; filename="${file}"` } };
      }
      return { body };
    },
  });

  registry.add<Query>({
    method: 'get', path: '/v1/entity/:id', tag: 'entity', summary: 'Entity with per-field token paging',
    params: idParam, query: v1EntityQuery, produces: ['application/json', ...GRAPH_EXPORT_TYPES],
    responses: { 200: 'Entity (JSON, FtM NDJSON or GraphML by Accept)', 400: 'bad parameter or page token', 404: 'unknown id' },
    handler: async ({ params, query, accept, principal }) => {
      const attributes: Record<string, Paging> = {};
      for (const key of Object.keys(query)) {
        const m = /^attributes\.([a-z_]+)\.(next|prev|limit)$/.exec(key);
        if (m) attributes[m[1]] = v1Paging(query, `attributes.${m[1]}`);
      }
      const selection = relationshipSelection(query);
      const relationships = {
        ...v1Paging(query, 'relationships', relationshipsTokenField(selection)),
        selection,
      };
      // The adverse-media block is read beside the entity, so it adds no wait of its own.
      const [body, adverseMedia] = await Promise.all([entities.v1Entity(params.id, {
        attributes,
        attributeDefault: { offset: 0, limit: MAX_PAGE },
        relationships,
        possiblySameAs: v1Paging(query, 'possibly_same_as'),
        referencedBy: v1Paging(query, 'referenced_by'),
      }), news?.entitySummary(principal, params.id)]);
      if (adverseMedia) (body as Record<string, unknown>).adverse_media = adverseMedia;
      // The caller's organisation's own attributes (POST /v1/attribute) show in its reads only.
      await userAttributes?.overlay(principal, params.id, body, { surface: 'v1' });
      return accept === 'application/json' ? { body } : entityExport(accept, body as unknown as EntityAnswer);
    },
  });

  for (const surface of ['legacy', 'v1'] as const) {
    const prefix = surface === 'v1' ? '/v1' : '';
    registry.add({
      method: 'get', path: `${prefix}/entity_summary/:id`, tag: 'entity',
      summary: 'Reduced entity: 50 values per listed attribute, 50 possibly-same-as, 100 records',
      params: idParam, query: { type: 'object', additionalProperties: false, properties: {} },
      handler: async ({ params, principal }) => {
        const body = await entities.summary(params.id, surface);
        // The summary's fields only: an added attribute of another field is not summarised.
        await userAttributes?.overlay(principal, params.id, body, { surface, fields: SUMMARY_ATTRIBUTE_FIELDS });
        return { body };
      },
    });
    registry.add<Query>({
      method: 'get', path: `${prefix}/record/:id`, tag: 'record', summary: 'Record with paged references',
      params: idParam,
      query: { type: 'object', additionalProperties: false, properties: { 'references.offset': offset, 'references.limit': limit() } },
      handler: async ({ params, query }) => ({ body: await entities.record(params.id, paging(query, 'references'), surface) }),
    });
    registry.add({
      method: 'get', path: `${prefix}/source/:id`, tag: 'source', summary: 'One data source',
      params: idParam, query: { type: 'object', additionalProperties: false, properties: {} },
      handler: async ({ params }) => ({ body: await entities.source(params.id, surface) }),
    });
    registry.add<{ offset: number; limit: number }>({
      method: 'get', path: `${prefix}/sources`, tag: 'source', summary: 'Page of data sources',
      query: {
        type: 'object', additionalProperties: false,
        properties: { offset, limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: MAX_PAGE } },
      },
      handler: async ({ query }) => ({ body: await entities.sources({ offset: query.offset, limit: query.limit }, surface) }),
    });
  }
}
