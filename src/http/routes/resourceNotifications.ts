/**
 * The published client's resourceNotifications (GET /v1/notifications/resources/{id}),
 * deleteResourceNotifications (DELETE, same path) and deleteEntityNotifications
 * (DELETE /v1/notifications/entity/{id}). Thin: parse, ResourceNotificationService.
 */
import type { ResourceNotificationService } from '../../services/resourceNotifications';
import type { RouteRegistry } from '../registry';
import { NOTIFICATION_PAGE } from './notifications';

const idParam = { id: { type: 'string', minLength: 1, maxLength: 512 } };
const errors = { 400: 'bad parameter', 401: 'no valid token', 404: 'not saved in a project the caller sees', 429: 'rate limit exceeded' };

interface ListQuery { limit: number; offset: number }

export function registerResourceNotificationRoutes(registry: RouteRegistry, service: ResourceNotificationService): void {
  registry.add<ListQuery>({
    method: 'get',
    path: '/v1/notifications/resources/:id',
    tag: 'notifications',
    credits: 0,
    summary: 'Risk notifications of one saved resource (project entity), one per changed field, newest first',
    params: idParam,
    query: {
      type: 'object', additionalProperties: false,
      properties: NOTIFICATION_PAGE,
    },
    responses: { 200: '{offset, limit, next, data: ResourceNotificationData[]}', ...errors },
    handler: async ({ params, query, principal }) => ({
      body: await service.list(params.id, principal, { offset: query.offset, limit: query.limit }),
    }),
  });

  registry.add({
    method: 'delete',
    path: '/v1/notifications/resources/:id',
    tag: 'notifications',
    credits: 0,
    summary: "Delete every notification of one saved resource (the project's admin role)",
    params: idParam,
    responses: { 204: 'deleted', ...errors, 403: 'the caller sees the project without the admin role', 409: 'the project is archived (read-only)' },
    handler: async ({ params, principal }) => {
      await service.deleteForResource(params.id, principal);
      return { status: 204, body: undefined };
    },
  });

  registry.add({
    method: 'delete',
    path: '/v1/notifications/entity/:id',
    tag: 'notifications',
    credits: 0,
    summary: 'Delete the notifications of a graph entity in every project of the caller where it is saved (admin role there)',
    params: idParam,
    responses: { 204: 'deleted', ...errors, 403: 'the caller sees no such project with the admin role', 409: 'every such project is archived (read-only)' },
    handler: async ({ params, principal }) => {
      await service.deleteForEntity(params.id, principal);
      return { status: 204, body: undefined };
    },
  });
}
