/** /traversal, /ubo, /downstream, /watchlist (legacy and /v1), /v1/shortest_path. Thin: parse, call, shape. */
import { GRAPH_EXPORT_TYPES, graphExport } from '../formats/graphExport';
import type { EmbeddedEntity } from '../../graph/mappers';
import { COUNTRY_IDS } from '../../domain/countries';
import { ENTITY_TYPES } from '../../domain/entityTypes';
import { AS_OF_SCHEMA, asOfParameter } from '../../domain/asOf';
import { badParameter } from '../../domain/errors';
import { DOWNSTREAM_TYPES, RELATIONSHIP_TYPES, REQUEST_RELATIONSHIP_VALUES, UBO_TYPES, requestedRelationships } from '../../domain/relationships';
import { RISK_CATEGORIES, RISK_CATEGORY_ALIASES, riskCategoriesNamed } from '../../domain/risk';
import { RISK_FLAGS, factorsForCategories, factorsForFlag } from '../../domain/riskFamilies';
import { Deadline, TraversalRequest, TraversalResult, TraversalService, legacyResults, v1Results } from '../../services/traversal';
import { EffectiveOwnershipService } from '../../services/ownership/effective';
import { OwnedTraversal, decorate, type OwnershipOptions } from '../../services/ownership/ownedTraversal';
import type { JsonSchema, RouteRegistry } from '../registry';

const idParam = { id: { type: 'string', minLength: 1, maxLength: 512 } };
const list = (values: readonly string[], description: string) => ({ type: 'array', items: { type: 'string', enum: values }, maxItems: 300, description });
const bool = (def: boolean | undefined, description: string) => ({ type: 'boolean', ...(def === undefined ? {} : { default: def }), description });

/**
 * `excludeFormer`: the default of exclude_former_relationships on /v1. The published client
 * documents false for /v1/watchlist (a screen counts an ended tie to a listed entity) and true
 * for the others (docs/reference/client-shapes.md).
 */
type Variant = { path: string; relationships: string[]; watchlist: boolean; excludeFormer: boolean; summary: string };
const VARIANTS: Variant[] = [
  { path: 'traversal', relationships: RELATIONSHIP_TYPES as string[], watchlist: false, excludeFormer: true, summary: 'Paths from an entity over the requested relationship types' },
  { path: 'ubo', relationships: UBO_TYPES, watchlist: false, excludeFormer: true, summary: 'Paths to the beneficial owners of an entity' },
  { path: 'downstream', relationships: DOWNSTREAM_TYPES, watchlist: false, excludeFormer: true, summary: 'Paths to the entities an entity owns' },
  { path: 'watchlist', relationships: RELATIONSHIP_TYPES as string[], watchlist: true, excludeFormer: false, summary: 'Paths to sanctioned or PEP entities' },
];

/** Contributing paths listed per result when paths_limit is not given (and in entity-read blocks, which take none). */
const DEFAULT_PATHS_LIMIT = 10;

/** Effective-ownership parameters of /ubo and /downstream (docs/ownership.md). */
const ownershipQuery = (variant: Variant) => (variant.path === 'ubo' || variant.path === 'downstream' ? {
  min_effective_shares: { type: 'number', minimum: 0, maximum: 100, description: 'keep only end entities whose effective ownership (summed over ownership paths) is at least this percentage; judged on the maximum with include_unknown_shares' },
  paths_limit: { type: 'integer', minimum: 0, maximum: 100, default: DEFAULT_PATHS_LIMIT, description: 'contributing ownership paths listed per result' },
} : {});

const commonQuery = (variant: Variant) => ({
  relationships: list(REQUEST_RELATIONSHIP_VALUES, `relationship types to follow; default ${variant.path === 'ubo' || variant.path === 'downstream' ? variant.relationships.join(', ') : 'all'} (possibly_same_as links are followed only with psa; judidical_representative_of and lawyer_of read as judicial_representative_of and lawyer_in)`),
  countries: list(COUNTRY_IDS, 'keep only paths ending at an entity of these countries'),
  types: list(ENTITY_TYPES, 'keep only paths ending at an entity of these types'),
  name: { type: 'string', minLength: 1, maxLength: 500, description: 'substring of the end entity name (case-insensitive)' },
});

function legacyQuery(variant: Variant): JsonSchema {
  return {
    type: 'object', additionalProperties: false,
    properties: {
      offset: { type: 'integer', minimum: 0, maximum: 1000, default: 0 },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 50 },
      min_depth: { type: 'integer', minimum: 0, maximum: 10, default: 0 },
      max_depth: { type: 'integer', minimum: 1, maximum: 10, default: 10 },
      psa: bool(false, 'also traverse possibly-same-as links'),
      watchlist: bool(undefined, 'end entity on a watchlist or PEP list'),
      ...commonQuery(variant),
      ...ownershipQuery(variant),
      as_of: AS_OF_SCHEMA,
    },
  };
}

function v1Query(variant: Variant): JsonSchema {
  return {
    type: 'object', additionalProperties: false,
    properties: {
      offset: { type: 'integer', minimum: 0, maximum: 1000, default: 0 },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      min_depth: { type: 'integer', minimum: 0, maximum: 10, default: 1 },
      max_depth: { type: 'integer', minimum: 1, maximum: 10, default: 4 },
      psa: bool(true, 'also traverse possibly-same-as links'),
      sanctioned: bool(undefined, 'keep only paths ending at a sanctioned entity'),
      pep: bool(undefined, 'keep only paths ending at a PEP'),
      min_shares: { type: 'integer', minimum: 0, maximum: 100, default: 0, description: 'minimum share percentage on share-bearing steps' },
      include_unknown_shares: bool(true, 'also traverse share-bearing steps of unknown percentage'),
      exclude_former_relationships: bool(variant.excludeFormer, 'skip relationships that ended in the past'),
      exclude_closed_entities: bool(false, 'no closed entity on the path'),
      risk_categories: list([...Object.keys(RISK_CATEGORIES), ...Object.keys(RISK_CATEGORY_ALIASES)], 'keep paths through an entity with a factor of these categories (political_exposure = pep, environmental_risk = esg, sanctions_and_export_control_lists = sanctions or export_controls)'),
      ...Object.fromEntries(RISK_FLAGS.map((f) => [f, bool(undefined, `keep paths through an entity flagged ${f}`)])),
      ...commonQuery(variant),
      ...ownershipQuery(variant),
      as_of: AS_OF_SCHEMA,
    },
  };
}

type Query = Record<string, any>;

function toRequest(id: string, q: Query, variant: Variant, surface: 'legacy' | 'v1'): TraversalRequest {
  if (q.min_depth > q.max_depth) throw badParameter('min_depth', `must not exceed max_depth (${q.max_depth})`);
  const flags = RISK_FLAGS.filter((f) => q[f] === true);
  const riskFactors = [...new Set([...factorsForCategories((q.risk_categories ?? []).flatMap(riskCategoriesNamed)), ...flags.flatMap(factorsForFlag)])];
  return {
    id,
    offset: q.offset,
    limit: q.limit,
    minDepth: q.min_depth,
    maxDepth: q.max_depth,
    relationships: q.relationships ? requestedRelationships(q.relationships) : variant.relationships,
    psa: q.psa,
    countries: q.countries ?? [],
    types: q.types ?? [],
    name: q.name,
    sanctioned: q.sanctioned === true,
    pep: q.pep === true,
    watchlist: variant.watchlist || q.watchlist === true,
    minShares: surface === 'v1' ? q.min_shares : 0,
    includeUnknownShares: surface === 'v1' ? q.include_unknown_shares : true,
    // The legacy surface has no such parameters: it follows every relationship, former or not.
    excludeFormerRelationships: surface === 'v1' ? q.exclude_former_relationships : false,
    excludeClosedEntities: surface === 'v1' ? q.exclude_closed_entities : false,
    riskFactors,
    // /v1 segments show every fact between the steps' entities: fetched with the page.
    withStepFacts: surface === 'v1',
    ...(q.as_of === undefined ? {} : { asOf: asOfParameter(q.as_of) }),
    // 404 for an unknown source before Neo4j plans any search text for it: the text varies with
    // the types and filters, and a client naming ids that do not exist could otherwise keep the
    // planner busy. The service reads the source only before a text this process has not run.
    sourceUnchecked: true,
  };
}

/** /v1 answers echo `as_of` when it was given (and only then, so answers without it are unchanged). */
const asOfEcho = (asOf: string | undefined) => (asOf === undefined ? {} : { as_of: asOf });

function legacyBody(request: TraversalRequest, result: TraversalResult) {
  return {
    min_depth: request.minDepth, max_depth: request.maxDepth, relationships: request.relationships, countries: request.countries,
    types: request.types, name: request.name ?? '', watchlist: request.watchlist, psa: request.psa,
    offset: request.offset, limit: request.limit, next: result.next,
    data: legacyResults(result.hits),
    explored_count: result.explored,
    partial_results: result.partial,
  };
}

async function v1Body(service: TraversalService, request: TraversalRequest, result: TraversalResult, q: Query) {
  const facts = result.stepFacts ?? await service.stepFacts(result.hits, request.asOf);
  return {
    min_depth: request.minDepth, max_depth: request.maxDepth, relationships: request.relationships, countries: request.countries,
    types: request.types, name: request.name ?? '', psa: request.psa, sanctioned: request.sanctioned, pep: request.pep,
    watchlist: request.watchlist, min_shares: request.minShares, include_unknown_shares: request.includeUnknownShares,
    exclude_former_relationships: request.excludeFormerRelationships, exclude_closed_entities: request.excludeClosedEntities,
    risk_categories: q.risk_categories ?? [], ...Object.fromEntries(RISK_FLAGS.filter((f) => q[f] !== undefined).map((f) => [f, q[f]])),
    ...asOfEcho(request.asOf),
    offset: request.offset, limit: request.limit, next: result.next,
    data: v1Results(request.id, result.hits, facts),
    explored_count: result.explored,
    partial_results: result.partial,
  };
}

/**
 * The two ids of /v1/shortest_path. The published client's own example passes them as one
 * value, "A&entities=B", which it sends percent-encoded: that form is read as the two ids.
 */
export function shortestPathEntities(values: string[]): [string, string] {
  const ids = values.flatMap((v) => v.split('&entities='));
  if (ids.length !== 2) throw badParameter('entities', `exactly two entity ids are needed (entities=A&entities=B), got ${ids.length}`);
  const tooLong = ids.find((id) => id.length === 0 || id.length > 512);
  if (tooLong !== undefined) throw badParameter('entities', 'each entity id has 1 to 512 characters');
  return [ids[0], ids[1]];
}

const ownershipEcho = (opts: OwnershipOptions) => ({
  ...(opts.minEffectiveShares === undefined ? {} : { min_effective_shares: opts.minEffectiveShares }), paths_limit: opts.pathsLimit,
});

function ownershipOptions(variant: Variant, q: Query, surface: 'legacy' | 'v1'): OwnershipOptions {
  return {
    direction: variant.path === 'ubo' ? 'ubo' : 'downstream',
    pathsLimit: q.paths_limit,
    minEffectiveShares: q.min_effective_shares,
    includeUnknownShares: surface === 'v1' ? q.include_unknown_shares : true,
    date: asOfParameter(q.as_of),
  };
}

/** A /v1 ubo or downstream answer with its owners' effective shares (docs/ownership.md). */
async function ownedV1Body(traversal: TraversalService, owned: OwnedTraversal, request: TraversalRequest, opts: OwnershipOptions, query: Query) {
  const { result, answer } = await owned.traverse(request, opts);
  const body = await v1Body(traversal, request, result, query);
  return { ...body, ...ownershipEcho(opts), data: decorate(body.data, result.hits, answer) };
}

export interface TraversalRouteDeps {
  /** The embedded form of a traversal's own entity, for the exports' source node. */
  sourceEntity?: (id: string) => Promise<EmbeddedEntity>;
  /** Effective ownership of ubo/downstream answers (docs/ownership.md). */
  effective?: EffectiveOwnershipService;
}

export function registerTraversalRoutes(registry: RouteRegistry, traversal: TraversalService, deps: TraversalRouteDeps = {}): void {
  const { sourceEntity, effective } = deps;
  const owned = effective ? new OwnedTraversal(traversal, effective) : undefined;
  for (const variant of VARIANTS) {
    const ownership = owned && (variant.path === 'ubo' || variant.path === 'downstream') ? owned : undefined;
    registry.add<Query>({
      method: 'get', path: `/${variant.path}/:id`, tag: 'traversal', summary: `${variant.summary} (legacy)`,
      params: idParam, query: legacyQuery(variant),
      handler: async ({ params, query }) => {
        const request = toRequest(params.id, query, variant, 'legacy');
        if (!ownership) return { body: legacyBody(request, await traversal.traverse(request)) };
        const opts = ownershipOptions(variant, query, 'legacy');
        const { result, answer } = await ownership.traverse(request, opts);
        const body = legacyBody(request, result);
        // The legacy envelope keeps its top-level fields: only the results gain the effective-ownership fields.
        return { body: { ...body, data: decorate(body.data, result.hits, answer) } };
      },
    });
    registry.add<Query>({
      method: 'get', path: `/v1/${variant.path}/:id`, tag: 'traversal', summary: variant.summary,
      params: idParam, query: v1Query(variant), produces: ['application/json', ...GRAPH_EXPORT_TYPES],
      responses: { 200: 'traversal (JSON, FtM NDJSON or GraphML by Accept)', 400: 'bad parameter', 404: 'unknown entity' },
      handler: async ({ params, query, accept }) => {
        const request = toRequest(params.id, query, variant, 'v1');
        const body = ownership
          ? await ownedV1Body(traversal, ownership, request, ownershipOptions(variant, query, 'v1'), query)
          : await v1Body(traversal, request, await traversal.traverse(request), query);
        if (accept !== 'application/json') return graphExport(accept, params.id, body, await sourceEntity?.(params.id));
        return { body };
      },
    });
  }

  registry.add<{ entities: string[]; as_of?: string }>({
    method: 'get', path: '/v1/shortest_path', tag: 'traversal', summary: 'Shortest path between two entities over every relationship type',
    query: {
      type: 'object', additionalProperties: false, required: ['entities'],
      properties: {
        entities: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 1034 }, minItems: 1, maxItems: 2, description: 'exactly two entity ids: entities=A&entities=B' },
        as_of: AS_OF_SCHEMA,
      },
    },
    handler: async ({ query }) => {
      const entities = shortestPathEntities(query.entities);
      const asOf = asOfParameter(query.as_of);
      const [a, b] = entities;
      // Out of time is not a server fault: 200 with no path and partial_results true.
      const { path, partial } = await traversal.shortestPath(a, b, undefined, undefined, asOf);
      if (!path) return { body: { entities, ...asOfEcho(asOf), data: [], partial_results: partial } };
      const facts = await traversal.stepFacts([path], asOf);
      return {
        body: {
          entities,
          ...asOfEcho(asOf),
          data: v1Results(a, [path], facts),
          partial_results: false,
        },
      };
    },
  });
}

/**
 * The ownership variant a block's relationships select: /ubo when every one of them is a ubo
 * type, /downstream when every one is a downstream type, none otherwise (a mixed or
 * non-ownership block has no single direction to sum shares along).
 */
export function blockOwnershipVariant(relationships: string[]): Variant | undefined {
  if (relationships.length === 0) return undefined;
  return VARIANTS.find((v) => (v.path === 'ubo' || v.path === 'downstream') && relationships.every((r) => v.relationships.includes(r)));
}

/**
 * Traversal blocks embedded in GET /entity/:id (`traversals.<n>.max_depth|relationships`).
 * The blocks share one deadline, so ten of them take no longer than one request may. A block
 * whose relationships are all of one ownership direction carries the effective-ownership
 * fields of legacy /ubo (/downstream) with the default paths_limit, on `asOf` (docs/ownership.md).
 */
export async function entityTraversalBlocks(
  traversal: TraversalService, id: string, blocks: { maxDepth: number; relationships: string[] }[], deadline: Deadline = traversal.startDeadline(),
  asOf?: string, owned?: OwnedTraversal,
) {
  const out = [];
  for (const block of blocks) {
    const query = { offset: 0, limit: 50, min_depth: 1, max_depth: block.maxDepth, psa: false, relationships: block.relationships, as_of: asOf, paths_limit: DEFAULT_PATHS_LIMIT };
    const variant = owned && blockOwnershipVariant(block.relationships);
    const request = toRequest(id, query, variant ?? VARIANTS[0], 'legacy');
    let body: ReturnType<typeof legacyBody>;
    if (variant && owned) {
      const { result, answer } = await owned.traverse(request, ownershipOptions(variant, query, 'legacy'), deadline);
      body = legacyBody(request, result);
      body = { ...body, data: decorate(body.data, result.hits, answer) };
    } else {
      body = legacyBody(request, await traversal.traverse(request, deadline));
    }
    out.push({
      min_depth: body.min_depth, max_depth: body.max_depth, relationships: body.relationships, offset: body.offset, limit: body.limit,
      next: body.next, data: body.data, partial_results: body.partial_results,
    });
  }
  return out;
}
