/**
 * The newer client generation's project-entity routes (`projectEntity`): create from
 * resolution attributes (sharing POST .../entities/create with the older `entity_ids` body),
 * exists, save, delete one match. Thin: parse, call ProjectEntityService / ProjectService.
 * Registered by registerProjectRoutes before any `entities/:project_entity_id` route.
 */
import { badParameter } from '../../domain/errors';
import { CUSTOM_FIELD } from '../../services/projects/contents';
import { ATTRIBUTE_NAMES, ProjectEntityService, ResolutionInput, attributeList } from '../../services/projects/entities';
import { CASE_STATUSES, CaseStatus, MATCH_PROFILES, MAX_TAG_LENGTH, MAX_TAGS } from '../../services/projects/entityMatches';
import { MAX_MATCHES, ProjectService } from '../../services/projects/projects';
import type { JsonSchema, RouteRegistry } from '../registry';
import { registerProjectEntityAttributeRoutes } from './projectEntityAttributes';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const entityId = { type: 'string', minLength: 1, maxLength: 512 };
const value = { type: 'string', minLength: 1, maxLength: 500 };
const values = (item: JsonSchema = value, description?: string) => ({ type: 'array', items: item, maxItems: 20, ...(description ? { description } : {}) });
const stringOrNumber = { anyOf: [value, { type: 'number' }] };
const CUSTOM_FIELDS_MAX = 50;

/** The client's ResolutionAttributes: every attribute a list; custom_<name> fields beside them. */
export const RESOLUTION_PROPERTIES: Record<string, JsonSchema> = {
  name: values(value, 'names of the entity'),
  identifier: values(stringOrNumber, 'identifiers (registration numbers, LEI, ...)'),
  country: values(value, 'country ids (ISO 3166-1 alpha-3)'),
  address: values(value, 'addresses'),
  date_of_birth: values(value, 'dates of birth (YYYY, YYYY-MM or YYYY-MM-DD)'),
  contact: values(stringOrNumber, 'contact details (kept, not used by resolution)'),
  type: values(value, 'entity types the matches must have'),
  city: values(value, 'cities (kept, not used by resolution)'),
  state: values(value, 'states (kept, not used by resolution)'),
};
const customFieldSchema = { anyOf: [{ type: 'string', maxLength: 1000 }, { type: 'number' }, { type: 'boolean' }] };
const customPattern = { [CUSTOM_FIELD.source]: customFieldSchema };
const profile = { type: 'string', enum: [...MATCH_PROFILES, 'supplier'], default: 'corporate', description: 'resolution profile' };

const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project, project entity or match not found or not visible', 409: 'project archived', 429: 'rate limit exceeded' };
const projectParams = { project_id: id };

type Body = Record<string, unknown>;

/** The resolution input of a request body: attributes as trimmed strings (each once), custom fields among them. */
export function resolutionInput(body: Body, where = ''): ResolutionInput {
  const attributes: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(body)) {
    if (!(ATTRIBUTE_NAMES as readonly string[]).includes(key) && !CUSTOM_FIELD.test(key)) continue;
    const cleaned = [raw ?? []].flat().map((v) => String(v).trim()).filter(Boolean);
    if (cleaned.length) attributes[key] = [...new Set(cleaned)];
  }
  const custom = Object.keys(attributes).filter((k) => CUSTOM_FIELD.test(k)).length;
  if (custom > CUSTOM_FIELDS_MAX) throw badParameter(`${where}custom_fields`, `at most ${CUSTOM_FIELDS_MAX} fields`);
  const p = (body.profile as string | undefined) ?? 'corporate';
  return { attributes: attributeList(attributes), profile: p === 'supplier' ? 'suppliers' : p };
}

const hasResolvable = (input: ResolutionInput) => input.attributes.some((a) => ['name', 'identifier', 'address'].includes(a.field));

export function registerProjectEntityRoutes(registry: RouteRegistry, projects: ProjectService, entities: ProjectEntityService): void {
  registry.add<unknown, Body>({
    method: 'post', creates: true, path: '/v1/projects/:project_id/entities/create', tag: 'projects', credits: 0,
    summary: 'Add an entity to a project (editor): resolve attributes against the graph (newer client), or save given entity_ids (older client)',
    params: projectParams,
    body: {
      type: 'object', additionalProperties: false, maxProperties: 70,
      properties: {
        entity_ids: { type: 'array', items: entityId, minItems: 1, maxItems: MAX_MATCHES, uniqueItems: true, description: 'older client: graph entity ids, the matches of the new project entity; the first is its primary entity' },
        ...RESOLUTION_PROPERTIES,
        profile,
        enable_llm_clean: { type: 'boolean', description: 'accepted; attributes are cleaned by the resolution\'s own normalisation' },
      },
      patternProperties: customPattern,
    },
    responses: { 200: '{data: ProjectEntity} (both generations\' fields)', ...errors },
    handler: async ({ principal, params, body }) => {
      const input = resolutionInput(body);
      if (body.entity_ids !== undefined) {
        if (input.attributes.length) throw badParameter('entity_ids', 'cannot be combined with resolution attributes');
        return { body: { data: await projects.addEntity(principal, params.project_id, body.entity_ids as string[]) } };
      }
      if (!hasResolvable(input)) throw badParameter('entity_ids', 'is required, or resolution attributes: at least one of name, identifier or address');
      return { body: { data: await entities.create(principal, params.project_id, input) } };
    },
  });

  registry.add<unknown, Body>({
    method: 'post', path: '/v1/projects/:project_id/entities/exists', tag: 'projects', credits: 0,
    summary: 'Whether a project entity with these attributes is in the project (viewer)', params: projectParams,
    body: { type: 'object', additionalProperties: false, properties: { ...RESOLUTION_PROPERTIES, profile }, patternProperties: customPattern },
    responses: { 200: '{data: {project_entity_id?}}', ...errors },
    handler: async ({ principal, params, body }) => ({ body: { data: await entities.exists(principal, params.project_id, resolutionInput(body)) } }),
  });

  registry.add<unknown, { entity_ids: string[]; attributes: Body; profile: string }>({
    method: 'post', creates: true, path: '/v1/projects/:project_id/entities/save', tag: 'projects', credits: 0,
    summary: 'Save a project entity of given entity ids with its attributes (editor)', params: projectParams,
    body: {
      type: 'object', additionalProperties: false, required: ['entity_ids', 'attributes'],
      properties: {
        entity_ids: { type: 'array', items: entityId, minItems: 1, maxItems: MAX_MATCHES, uniqueItems: true, description: 'the matches, in order' },
        attributes: { type: 'object', additionalProperties: false, properties: RESOLUTION_PROPERTIES, patternProperties: customPattern },
        profile,
      },
    },
    responses: { 200: '{data: {project_entity_id}}', ...errors },
    handler: async ({ principal, params, body }) => {
      const input = resolutionInput({ ...body.attributes, profile: body.profile }, 'attributes.');
      return { body: { data: await entities.save(principal, params.project_id, body.entity_ids, input) } };
    },
  });

  registry.add({
    method: 'delete', path: '/v1/projects/:project_id/entities/:project_entity_id/matches/:match_id', tag: 'projects', credits: 0,
    summary: 'Delete one match of a project entity (editor); a later resolution skips it',
    params: { project_id: id, project_entity_id: id, match_id: entityId },
    responses: { 200: '{data: ProjectEntity} after the change', ...errors },
    handler: async ({ principal, params }) => ({
      body: { data: await entities.deleteMatch(principal, params.project_id, params.project_entity_id, params.match_id) },
    }),
  });

  registry.add<unknown, { tags?: string[]; case_status?: CaseStatus }>({
    method: 'patch', path: '/v1/projects/:project_id/entities/:project_entity_id', tag: 'projects', credits: 0,
    summary: 'Set the tags and the case status of a project entity (editor)',
    params: { project_id: id, project_entity_id: id },
    body: {
      type: 'object', additionalProperties: false, minProperties: 1,
      properties: {
        tags: {
          type: 'array', items: { type: 'string', minLength: 1, maxLength: MAX_TAG_LENGTH, pattern: '\\S' }, maxItems: MAX_TAGS, uniqueItems: true,
          description: 'the tag labels, replacing the current ones (a label is its tag id; [] removes every tag)',
        },
        case_status: { type: 'string', enum: [...CASE_STATUSES], description: 'the case status' },
      },
    },
    responses: { 200: '{data: ProjectEntity} after the change', ...errors },
    handler: async ({ principal, params, body }) => ({
      body: { data: await entities.updateCase(principal, params.project_id, params.project_entity_id, body) },
    }),
  });

  registerProjectEntityAttributeRoutes(registry, entities);
}
