/**
 * /v1/projects: projects, project entities and matches (supply chains and snapshots:
 * projectEntitySupplyChain.ts). Thin: parse,
 * call ProjectService, shape. Access rules and status codes: src/services/access.ts and
 * src/services/projects.ts. Routes are registered before any route whose path could swallow
 * theirs (`entities/create` before `entities/:project_entity_id`).
 */
import { ROLES } from '../../services/access';
import { CUSTOM_FIELD, SORT_VALUES, customFieldsOf, parseContentsQuery } from '../../services/projects/contents';
import { MAX_MATCHES, PROJECT_TYPES, ProjectService } from '../../services/projects/projects';
import { ENTITY_TYPES } from '../../domain/entityTypes';
import { badParameter } from '../../domain/errors';
import { CLIENT_FILTER_KEY, clientFilter } from '../../services/projects/clientFilter';
import type { RouteRegistry } from '../registry';
import { ProjectEntityService } from '../../services/projects/entities';
import { registerProjectEntityRoutes } from './projectEntities';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const projectParams = { project_id: id };
const entityParams = { project_id: id, project_entity_id: id };
const token = { type: 'string', minLength: 1, maxLength: 1024 };
const entityId = { type: 'string', minLength: 1, maxLength: 512 };
/** Custom fields of a saved entity: the spec's rule (keys start with custom_, values are strings). */
const CUSTOM_FIELDS_MAX = 50;
const customFieldMap = {
  type: 'object', additionalProperties: false, maxProperties: CUSTOM_FIELDS_MAX,
  patternProperties: { [CUSTOM_FIELD.source]: { type: 'string', maxLength: 1000 } },
};
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project (or project entity, snapshot) not found or not visible', 409: 'project archived', 429: 'rate limit exceeded' };

interface CursorQuery { limit: number; next?: string; prev?: string }

export function registerProjectRoutes(registry: RouteRegistry, projects: ProjectService, entities: ProjectEntityService): void {
  registry.add<unknown, { label: string; type: 'network' | 'supply_chain'; share?: { org: (typeof ROLES)[number] } }>({
    method: 'post', creates: true, path: '/v1/projects', tag: 'projects', summary: 'Create a project', credits: 0,
    body: {
      type: 'object', additionalProperties: false, required: ['label'],
      properties: {
        label: { type: 'string', minLength: 1, maxLength: 256, pattern: '\\S', description: 'project name' },
        type: { type: 'string', enum: PROJECT_TYPES, default: 'network' },
        share: {
          type: 'object', additionalProperties: false, required: ['org'],
          properties: { org: { type: 'string', enum: ROLES, description: 'role of the members of your organisation' } },
        },
      },
    },
    responses: { 200: '{data: Project}', ...errors },
    handler: async ({ principal, body }) => ({ body: { data: await projects.create(principal, { label: body.label.trim(), type: body.type, share: body.share }) } }),
  });

  registry.add<CursorQuery & { archived: boolean }>({
    method: 'get', path: '/v1/projects', tag: 'projects', summary: 'Projects visible to the caller, newest first', credits: 0,
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        next: token, prev: token,
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
        archived: { type: 'boolean', default: false, description: 'list archived projects instead of active ones' },
      },
    },
    responses: { 200: '{limit, next?, prev?, first, last, data: ProjectWithMembers[]}', ...errors },
    handler: async ({ principal, query }) => ({ body: await projects.list(principal, query) }),
  });

  registry.add({
    method: 'get', path: '/v1/projects/:project_id', tag: 'projects', summary: 'One project', credits: 0,
    params: projectParams, responses: { 200: '{data: ProjectWithMembers}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await projects.get(principal, params.project_id) } }),
  });

  registry.add({
    method: 'delete', path: '/v1/projects/:project_id', tag: 'projects', summary: 'Archive a project (soft delete; admin)', credits: 0,
    params: projectParams, responses: { 200: '{data: Project}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await projects.archive(principal, params.project_id) } }),
  });

  registerProjectEntityRoutes(registry, projects, entities);

  // The published client's resource calls: saveEntity saves one entity to a project (a project
  // entity with that one match), deleteResource removes a saved entity by its id alone.
  registry.add<unknown, { type: 'entity'; project: string; entity_id: string; custom_fields?: Record<string, unknown> }>({
    method: 'post', creates: true, path: '/v1/resource/entity', tag: 'projects', summary: 'Save an entity to a project (published client saveEntity; editor)', credits: 0,
    body: {
      type: 'object', additionalProperties: false, required: ['type', 'project', 'entity_id'],
      properties: {
        type: { type: 'string', enum: ['entity'], description: 'resource type (entity is the only one)' },
        project: { type: 'string', minLength: 1, maxLength: 512, description: 'project id' },
        entity_id: { ...entityId, description: 'graph entity id' },
        custom_fields: {
          type: 'object', maxProperties: CUSTOM_FIELDS_MAX + 1, additionalProperties: false,
          description: `the project entity's custom fields: custom_<name> -> string (at most ${CUSTOM_FIELDS_MAX}), flat or under "properties"`,
          properties: { properties: customFieldMap },
          patternProperties: customFieldMap.patternProperties,
        },
      },
    },
    responses: { 200: '{data: ProjectEntity}', ...errors },
    handler: async ({ principal, body }) => ({
      body: { data: await projects.addEntity(principal, body.project, [body.entity_id], customFieldsOf(body.custom_fields, CUSTOM_FIELDS_MAX)) },
    }),
  });

  registry.add({
    method: 'delete', path: '/v1/resource/:type/:resource_id', tag: 'projects', summary: 'Delete a saved entity by its id (published client deleteResource; admin)', credits: 0,
    params: { type: { type: 'string', enum: ['entity'] }, resource_id: { type: 'string', minLength: 1, maxLength: 512 } },
    responses: { 200: '{data: ProjectEntity} as it was', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await projects.deleteResource(principal, params.resource_id) } }),
  });

  const listEntities = (path: string, summary: string, maxLimit: number, defaultLimit: number) =>
    registry.add<CursorQuery & { entity_types?: string[] } & Record<string, unknown>>({
      method: 'get', path, tag: 'projects', summary, credits: 0, params: projectParams,
      query: {
        type: 'object', additionalProperties: false,
        properties: {
          next: token, prev: token, limit: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
          token: { ...token, description: 'the same as next (an earlier client names the page token so)' },
          entity_types: { type: 'array', items: { type: 'string', enum: [...ENTITY_TYPES] }, maxItems: ENTITY_TYPES.length, description: 'only project entities whose primary entity has one of these types (repeatable)' },
          sort: { type: 'string', maxLength: 80, description: `order of the list: ${SORT_VALUES.filter((v) => !v.startsWith('-')).join(', ')} or custom_<name>; a leading - is descending; default oldest first (created)` },
          filters: {
            type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, maxItems: 100,
            description: 'field=value (the = encoded as %3D), repeatable: risk, upstream_risk, country, upstream_country, risk_category, label_fuzzy, identifier_fuzzy, source_exact, status_exact, match_strength, match_entity_id, case_status, tag; values of one field are alternatives, fields must all match',
          },
          case_status: {
            type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, maxItems: 50,
            description: 'case statuses (not_assigned, in_review, approved, rejected), each plain or JSON-encoded as an earlier client sends them; the same as filter[case_status]',
          },
          tags: {
            type: 'array', items: { type: 'string', minLength: 1, maxLength: 5000 }, maxItems: 50,
            description: 'tag ids, each plain or a JSON-encoded list as an earlier client sends them; the same as filter[tag]',
          },
          aggregations: {
            type: 'array', items: { type: 'string', pattern: '^[a-z0-9_]{1,120}$' }, maxItems: 50,
            description: 'counts over the filtered list, repeatable: hit_count, country, risk, source, upstream_risk, upstream_country, receiver_of, shipper_of, or a risk factor id',
          },
        },
        patternProperties: {
          [CLIENT_FILTER_KEY.source]: {
            type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, maxItems: 100,
            description: 'the newer client\'s filter object (filter[risk_factor]=..., filter[label][fuzzy]=..., filter.attribute.custom_x=...)',
          },
          '^filters\\[[A-Za-z0-9_]+\\](\\[[0-9]*\\])?$': {
            type: 'array', items: { type: 'string', minLength: 1, maxLength: 500 }, maxItems: 100,
            description: 'the same filter as filters=field=value, in the form the published client serializes its filter object',
          },
        },
      },
      responses: { 200: '{limit, size, next?, prev?, first, last, data: ProjectEntity[], aggregations?}', ...errors },
      handler: async ({ principal, params, query }) => {
        if (query.token !== undefined && query.next !== undefined) throw badParameter('token', 'cannot be combined with next');
        const client = clientFilter(query);
        const unknownType = client.entityTypes.find((t) => !(ENTITY_TYPES as readonly string[]).includes(t));
        if (unknownType !== undefined) throw badParameter('filter.entity_type', `${JSON.stringify(unknownType)}: one of ${ENTITY_TYPES.join(', ')}`);
        const types = [...(query.entity_types ?? []), ...client.entityTypes];
        const view = parseContentsQuery({ ...query, ...client.filters }, client.names);
        const paging = { limit: query.limit, next: query.next ?? (query.token as string | undefined), prev: query.prev };
        const page = await projects.listEntities(principal, params.project_id, paging, types, view);
        // Both generations' page tokens: next/prev (older), next_token/prev_token (newer).
        const body = { ...page, ...(page.next ? { next_token: page.next } : {}), ...(page.prev ? { prev_token: page.prev } : {}) };
        return { body: path.endsWith('/contents/entity') ? { aggregations: {}, ...body } : body };
      },
    });
  listEntities('/v1/projects/:project_id/entities', 'Entities of a project, oldest first unless sorted; sort, filters, aggregations', 100, 100);
  listEntities('/v1/projects/:project_id/contents/entity', 'Entities of a project (published client path; sort, filters, aggregations)', 10_000, 1000);

  registry.add({
    method: 'get', path: '/v1/projects/:project_id/entities/:project_entity_id', tag: 'projects', summary: 'One project entity', credits: 0,
    params: entityParams, responses: { 200: '{data: ProjectEntity}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await projects.getEntity(principal, params.project_id, params.project_entity_id) } }),
  });

  registry.add({
    method: 'delete', path: '/v1/projects/:project_id/entities/:project_entity_id', tag: 'projects', summary: 'Delete a project entity and its snapshots (admin)', credits: 0,
    params: entityParams, responses: { 200: '{data: ProjectEntity} as it was', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await projects.deleteEntity(principal, params.project_id, params.project_entity_id) } }),
  });

  registry.add<unknown, { entity_ids: string[]; override_deleted: boolean; limit: number }>({
    method: 'patch', path: '/v1/projects/:project_id/entities/:project_entity_id/matches', tag: 'projects',
    summary: 'Replace the matches of a project entity (editor)', credits: 0, params: entityParams,
    body: {
      type: 'object', additionalProperties: false, required: ['entity_ids'],
      properties: {
        entity_ids: { type: 'array', items: entityId, maxItems: 1000, uniqueItems: true, description: 'the new matches, in order; matches left out are remembered as deleted' },
        override_deleted: { type: 'boolean', default: false, description: 'also re-add entity ids whose match was deleted (otherwise they are skipped)' },
        limit: { type: 'integer', minimum: 1, maximum: MAX_MATCHES, default: 10, description: 'at most this many matches are kept (the first ones)' },
      },
    },
    responses: { 200: '{data: entity ids now matched}', ...errors },
    handler: async ({ principal, params, body }) => ({
      body: { data: await projects.replaceMatches(principal, params.project_id, params.project_entity_id, body) },
    }),
  });
}
