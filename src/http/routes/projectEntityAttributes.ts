/**
 * The newer client's `projectEntityAttributes`: list, create, update (PUT) and delete the
 * attribute values of a project entity. `match_resolution: true` on a change resolves the entity
 * again with the changed values (deleted matches stay deleted). Thin: ProjectEntityService.
 */
import { badParameter, notFound } from '../../domain/errors';
import { ProjectEntityService, StoredAttribute, isAttributeField, isResolvedField } from '../../services/projects/entities';
import type { RouteRegistry } from '../registry';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const entityParams = { project_id: id, project_entity_id: id };
const attributeParams = { ...entityParams, attribute_id: { type: 'string', pattern: '^[0-9]{1,9}$', description: 'the value\'s id (a number)' } };
const MAX_VALUES = 200;
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project, project entity or attribute not found or not visible', 409: 'project archived', 429: 'rate limit exceeded' };

interface AttributeBody { field: string; value: string; match_resolution: boolean }
const body = {
  type: 'object', additionalProperties: false, required: ['field', 'value', 'match_resolution'],
  properties: {
    field: { type: 'string', minLength: 1, maxLength: 80, description: 'name, identifier, country, address, date_of_birth, type, contact, city, state or custom_<name>' },
    value: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' },
    match_resolution: { type: 'boolean', description: 'resolve the entity again with the changed values' },
  },
};

function checkField(b: AttributeBody): void {
  if (!isAttributeField(b.field)) throw badParameter('field', `${JSON.stringify(b.field)}: one of name, identifier, country, address, date_of_birth, type, contact, city, state or custom_<name>`);
  if (b.match_resolution && !isResolvedField(b.field)) throw badParameter('match_resolution', `${b.field} is not used by resolution`);
}

const notThere = (attributeId: string) => notFound(`attribute ${JSON.stringify(attributeId)}`);
const reply = (a: StoredAttribute) => ({ id: String(a.id), field: a.field, value: a.value, match_resolution: a.match_resolution });

export function registerProjectEntityAttributeRoutes(registry: RouteRegistry, entities: ProjectEntityService): void {
  const path = '/v1/projects/:project_id/entities/:project_entity_id/attributes';
  registry.add({
    method: 'get', path, tag: 'projects', credits: 0, summary: 'Attribute values of a project entity, by field', params: entityParams,
    responses: { 200: '{data: ProjectEntityAttribute[]}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await entities.attributes(principal, params.project_id, params.project_entity_id) } }),
  });

  registry.add<unknown, AttributeBody>({
    method: 'post', creates: true, path, tag: 'projects', credits: 0, summary: 'Add an attribute value (editor); match_resolution resolves the entity again',
    params: entityParams, body, responses: { 200: '{data: {id, field, value, match_resolution}}', ...errors },
    handler: async ({ principal, params, body: b }) => {
      checkField(b);
      const created = await entities.changeAttributes(principal, params.project_id, params.project_entity_id, b.match_resolution, (list) => {
        if (list.length >= MAX_VALUES) throw badParameter('value', `a project entity keeps at most ${MAX_VALUES} attribute values`);
        const a = { id: Math.max(0, ...list.map((x) => x.id)) + 1, field: b.field, value: b.value.trim(), match_resolution: b.match_resolution };
        return { list: [...list, a], result: a };
      });
      return { body: { data: reply(created) } };
    },
  });

  registry.add<unknown, AttributeBody>({
    method: 'put', path: `${path}/:attribute_id`, tag: 'projects', credits: 0, summary: 'Change an attribute value (editor); match_resolution resolves the entity again',
    params: attributeParams, body, responses: { 200: '{data: {id, field, value, match_resolution}}', ...errors },
    handler: async ({ principal, params, body: b }) => {
      checkField(b);
      const attributeId = Number(params.attribute_id);
      const updated = await entities.changeAttributes(principal, params.project_id, params.project_entity_id, b.match_resolution, (list) => {
        if (!list.some((x) => x.id === attributeId)) throw notThere(params.attribute_id);
        const a = { id: attributeId, field: b.field, value: b.value.trim(), match_resolution: b.match_resolution };
        return { list: list.map((x) => (x.id === attributeId ? a : x)), result: a };
      });
      return { body: { data: reply(updated) } };
    },
  });

  registry.add({
    method: 'delete', path: `${path}/:attribute_id`, tag: 'projects', credits: 0, summary: 'Delete an attribute value (editor); a resolved value removed resolves the entity again',
    params: attributeParams, responses: { 200: '{data: {id, field, value, match_resolution}} as it was', ...errors },
    handler: async ({ principal, params }) => {
      const attributeId = Number(params.attribute_id);
      // Whether the value took part in resolution is known only from the stored list: read it first.
      const current = (await entities.attributes(principal, params.project_id, params.project_entity_id))
        .flatMap((f) => f.values.map((v) => ({ ...v, field: f.field, match_resolution: f.match_resolution })))
        .find((v) => v.id === attributeId);
      if (!current) throw notThere(params.attribute_id);
      const removed = await entities.changeAttributes(principal, params.project_id, params.project_entity_id, current.match_resolution, (list) => {
        const a = list.find((x) => x.id === attributeId);
        if (!a) throw notThere(params.attribute_id);
        return { list: list.filter((x) => x !== a), result: a };
      });
      return { body: { data: reply(removed) } };
    },
  });
}
