/**
 * Adverse media: GET /v1/negative_news (the published client's negativeNews), the graph read
 * GET /v1/entity/{id}/adverse_media, and DELETE of a wrong link. Thin: validate, NewsService.
 */
import { NEWS_TOPICS, type NewsTopic } from '../../domain/newsTopics';
import { isDateString } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import type { NewsService } from '../../services/news';
import type { RouteRegistry } from '../registry';

const errors = { 400: 'bad parameter', 401: 'no valid token', 429: 'rate limit exceeded' };
const page = {
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'articles per page (1-100)' },
  offset: { type: 'integer', minimum: 0, maximum: 10_000, default: 0, description: 'articles to skip (at most 10,000)' },
};
const topic = { type: 'string', enum: [...NEWS_TOPICS], description: 'risk topic; overview (or none) for every topic' };

interface NewsQuery { name: string; topic?: NewsTopic; until?: string; limit: number; offset: number }
interface GraphQuery { max_depth: number; topic?: NewsTopic; limit: number; offset: number }

/** The client documents `until` as a cut-off: only articles published on or after it are listed. */
function since(until: string | undefined): string | undefined {
  if (until === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || !isDateString(until)) throw badParameter('until', 'a date YYYY-MM-DD');
  return until;
}

export function registerNewsRoutes(registry: RouteRegistry, news: NewsService): void {
  registry.add<NewsQuery>({
    method: 'get', path: '/v1/negative_news', tag: 'adverse media', credits: 1,
    summary: 'News articles about the parties a name resolves to (strong matches), newest first, with their risk topics',
    query: {
      type: 'object', additionalProperties: false, required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 300, description: 'name of the party to screen' },
        topic,
        until: { type: 'string', maxLength: 10, description: 'YYYY-MM-DD: only articles published on or after this date' },
        ...page,
      },
    },
    responses: { 200: 'Article[]', ...errors },
    handler: async ({ principal, query }) => ({
      body: await news.byName(principal, query.name, { topic: query.topic, since: since(query.until), limit: query.limit, offset: query.offset }),
    }),
  });

  registry.add<GraphQuery>({
    method: 'get', path: '/v1/entity/:id/adverse_media', tag: 'adverse media', credits: 1,
    summary: 'News articles about an entity and its owners and controllers up to max_depth steps, each with the path',
    params: { id: { type: 'string', minLength: 1, maxLength: 512 } },
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        max_depth: { type: 'integer', minimum: 0, maximum: 4, default: 2, description: 'ownership and control steps followed (0: the entity alone)' },
        topic,
        ...page,
      },
    },
    responses: { 200: '{limit, offset, data: (Article & {entity_id, path})[]}', ...errors, 404: 'no such entity' },
    handler: async ({ principal, params, query }) => ({
      body: await news.throughOwners(principal, params.id, query.max_depth, { topic: query.topic, limit: query.limit, offset: query.offset }),
    }),
  });

  registry.add({
    method: 'delete', path: '/v1/entity/:id/adverse_media/:article_id', tag: 'adverse media', credits: 0,
    summary: "Remove a wrong link between an article and an entity, for the caller's organisation; a later import does not bring it back",
    params: { id: { type: 'string', minLength: 1, maxLength: 512 }, article_id: { type: 'string', pattern: '^[0-9a-f]{40}$' } },
    responses: { 200: '{entity_id, article_id, removed}', ...errors, 404: 'no such link' },
    handler: async ({ principal, params }) => ({ body: await news.removeLink(principal, params.id, params.article_id) }),
  });
}
