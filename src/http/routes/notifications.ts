/** /v1/notifications/projects/{id}: a project's risk notifications (read, delete). Thin: parse, call, shape. */
import type { RedisClient } from '../../feeds/redis';
import type { Graph } from '../../graph/neo4j';
import { NotificationFeed } from '../../feeds/notifications';
import { ProjectNotificationService } from '../../services/risk';
import type { RouteRegistry } from '../registry';

const PATH = '/v1/notifications/projects/:id';
const idParam = { id: { type: 'string', minLength: 1, maxLength: 512 } };
/** Paging of every notifications list: at most 100 a page, offsets up to 10,000. */
export const NOTIFICATION_PAGE = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  offset: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
};

interface ListQuery { limit: number; offset: number; sort: '-date' }

export function registerNotificationRoutes(registry: RouteRegistry, deps: { graph: Graph; redis: RedisClient }): void {
  const service = new ProjectNotificationService(deps.graph, new NotificationFeed(deps.redis));

  registry.add<ListQuery>({
    method: 'get',
    path: PATH,
    tag: 'notifications',
    credits: 0,
    summary: 'Risk notifications of the entities saved to a project, newest first',
    params: idParam,
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        ...NOTIFICATION_PAGE,
        sort: { type: 'string', enum: ['-date'], default: '-date', description: 'newest first (the only order)' },
      },
    },
    responses: {
      200: '{next, size: {count, qualifier}, data: ProjectNotificationData[]} (also offset, limit)',
      400: 'bad parameter', 404: 'no such project for the caller',
    },
    handler: async ({ params, query, principal }) => ({
      body: await service.list(params.id, principal, { offset: query.offset, limit: query.limit }),
    }),
  });

  registry.add({
    method: 'delete',
    path: PATH,
    tag: 'notifications',
    credits: 0,
    summary: "Delete every notification of a project (the project's admin role)",
    params: idParam,
    responses: { 204: 'deleted', 403: 'the caller sees the project without the admin role', 404: 'no such project for the caller', 409: 'the project is archived (read-only)' },
    handler: async ({ params, principal }) => {
      await service.clear(params.id, principal);
      return { status: 204, body: undefined };
    },
  });
}
