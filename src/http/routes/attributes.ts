/**
 * The published client's attributes resource: POST /v1/attribute (postAttribute), PATCH and
 * DELETE /v1/attribute/{id} (patchAttribute, deleteAttribute). Thin: validate, call
 * UserAttributeService. Bodies are the client's AddAttribute / UpdateAttribute. DELETE on a
 * graph attribute's id (`ga_...`, on /v1/entity reads) retires it for the organisation.
 * A value is normalised into the client's properties of its type, or refused as a 400 on
 * `value` (src/domain/attributeValues.ts), so no value makes an entity read unparseable.
 */
import { ATTRIBUTE_FIELDS } from '../../domain/attributes';
import type { AttributeChange, NewAttribute, UserAttributeService } from '../../services/userAttributes';
import type { RouteRegistry } from '../registry';

const date = { type: 'string', minLength: 1, maxLength: 10 };
const change = { value: {}, date, from_date: date, to_date: date };
const idParam = { id: { type: 'string', minLength: 1, maxLength: 128 } };
const errors = { 400: 'bad parameter', 401: 'no valid token', 429: 'rate limit exceeded' };
const answer = '{data: {value, properties: [{editable, record_count, id}]}}: value as normalised (its type\'s `value` property, or all its properties where the type has none)';

export function registerAttributeRoutes(registry: RouteRegistry, attributes: UserAttributeService): void {
  registry.add<Record<string, never>, NewAttribute>({
    method: 'post', creates: true, path: '/v1/attribute', tag: 'attribute', credits: 0,
    summary: "Add an attribute to a graph entity, seen only by the caller's organisation",
    body: {
      type: 'object', additionalProperties: false, required: ['entity', 'type', 'value'],
      properties: { entity: { type: 'string', minLength: 1, maxLength: 512 }, type: { type: 'string', enum: ATTRIBUTE_FIELDS }, ...change },
    },
    responses: { 200: answer, ...errors },
    handler: async ({ body, principal }) => ({ body: await attributes.create(principal, body) }),
  });

  registry.add<Record<string, never>, AttributeChange>({
    method: 'patch', path: '/v1/attribute/:id', tag: 'attribute', credits: 0,
    summary: "Change an attribute the caller's organisation added (fields left out are kept)",
    params: idParam,
    body: { type: 'object', additionalProperties: false, properties: change },
    responses: { 200: answer, ...errors, 404: "no such attribute of the caller's organisation" },
    handler: async ({ params, body, principal }) => ({ body: await attributes.update(principal, params.id, body) }),
  });

  registry.add<Record<string, never>>({
    method: 'delete', path: '/v1/attribute/:id', tag: 'attribute', credits: 0,
    summary: "Delete an attribute the caller's organisation added, or retire a graph attribute (its ga_ id) from the organisation's reads; answers it as it was",
    params: idParam,
    responses: { 200: answer, ...errors, 404: "no such attribute of the caller's organisation, or a graph attribute it already retired" },
    handler: async ({ params, principal }) => ({ body: await attributes.delete(principal, params.id) }),
  });
}
