/**
 * POST /v1/resolution/persisted/{project_id} (the published client's resolutionPersisted):
 * resolves as POST /v1/resolution does and saves the result in the project, as a project entity
 * created from the same attributes (editor); every result carries its `saved_entity_id`.
 */
import { ProjectEntityService, attributeList } from '../../services/projects/entities';
import { ResolveService } from '../../services/resolve';
import type { RouteRegistry } from '../registry';
import { v1ResolveBodySchema, v1ResolveParams, v1ResolvePostQuery } from './resolve';

type Query = Record<string, unknown>;

export function registerResolutionPersistedRoutes(registry: RouteRegistry, resolve: ResolveService, entities: ProjectEntityService): void {
  registry.add<Query, Query>({
    method: 'post', path: '/v1/resolution/persisted/:project_id', tag: 'resolve', credits: 1,
    summary: 'Resolve an entity and save the result in a project (editor)',
    params: { project_id: { type: 'string', minLength: 1, maxLength: 128 } },
    query: v1ResolvePostQuery, body: v1ResolveBodySchema,
    responses: { 200: 'ResolutionPersistedResponse {fields, data: [ResolutionResult & {saved_entity_id}]}', 400: 'bad parameter', 403: 'role too low', 404: 'project not found or not visible', 409: 'project archived' },
    handler: async ({ principal, params, query, body }) => {
      const { params: resolveParams, profile, echo } = v1ResolveParams(body, query);
      const kept: Record<string, string[]> = { ...echo };
      for (const key of ['city', 'state'] as const) if (typeof body[key] === 'string' && (body[key] as string).trim()) kept[key] = [(body[key] as string).trim()];
      // Saved first: a project the caller cannot change is refused before the resolution runs.
      const saved = await entities.create(principal, params.project_id, { attributes: attributeList(kept), profile });
      const result = await resolve.v1(resolveParams, profile, echo);
      return { body: { fields: result.fields, data: result.data.map((d) => ({ ...d, saved_entity_id: saved.id })) } };
    },
  });
}
