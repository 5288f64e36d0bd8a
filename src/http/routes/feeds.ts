/**
 * Feeds and reference data: GET /v1/history (audit events) and /v1/history/export (all of them
 * as NDJSON), GET /usage and /v1/usage (calls and
 * credits per route), GET /v1/ontology[/<kind>] (countries, relationships, entity types, risk
 * factors). These calls cost no credits. Thin: parse, call the Redis feed or domain table, shape.
 */
import { badParameter } from '../../domain/errors';
import { ONTOLOGY } from '../../domain/ontology';
import { HISTORY_EVENTS, HistoryFeed, STREAM_ID, tokenProblem } from '../../feeds/history';
import type { UsageFeed, UsageReport } from '../../feeds/usage';
import { NDJSON, ndjsonStream } from '../formats/ndjson';
import type { RouteRegistry } from '../registry';

const date = (description: string) => ({ type: 'string', format: 'date', description: `${description} (YYYY-MM-DD, UTC)` });
export const idFilter = {
  type: 'array', items: { type: 'string', minLength: 1, maxLength: 4000 }, maxItems: 500,
  description: 'ids to return: repeated (id=USA&id=GBR), comma-separated or JSON-encoded (id=["USA","GBR"])',
};

/**
 * Published clients report usage in these groups (GET /v1/usage `usage`): views of the route
 * patterns listed, legacy and /v1 alike.
 */
const USAGE_GROUPS: Record<string, RegExp> = {
  entity: /^(\/v1)?\/entity\/\{id\}$/,
  entity_summary: /^(\/v1)?\/entity_summary\/\{id\}$/,
  record: /^(\/v1)?\/record\/\{id\}$/,
  resolve: /^(\/resolve\/entity|\/v1\/resolution)$/,
  search_entities: /^(\/v1)?\/search\/entity$/,
  search_records: /^(\/v1)?\/search\/record$/,
  search_trade: /^(\/v1)?\/search\/trade$/,
  traversal: /^(\/v1)?\/(traversal|ubo|downstream|watchlist)\/\{id\}$|^\/v1\/shortest_path$/,
};

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const today = () => new Date().toISOString().slice(0, 10);

function legacyUsage(report: UsageReport, requested: string | undefined) {
  return {
    paths: report.paths,
    credits: report.credits,
    // The first aggregated day counted: the requested one, or the next closest that has counters.
    since: dayStart(report.firstDay ?? requested ?? today()),
    total: requested === undefined,
  };
}

/** Ids named by the `id` filter (repeated, comma-separated or JSON-encoded), checked against `known`. */
export function idsOf(raw: string[] | undefined, known: Set<string>, kind: string): string[] | undefined {
  if (!raw) return undefined;
  const ids: string[] = [];
  for (const item of raw) {
    if (item.trim().startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(item);
      } catch {
        throw badParameter('id', 'malformed JSON list');
      }
      if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string')) throw badParameter('id', 'must be a JSON list of strings');
      ids.push(...(parsed as string[]));
    } else {
      ids.push(...item.split(',').map((s) => s.trim()).filter(Boolean));
    }
  }
  const unknown = ids.filter((i) => !known.has(i));
  if (unknown.length) throw badParameter('id', `unknown ${kind} ids: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}`);
  return [...new Set(ids)];
}

/** The event and day filters shared by the history page and its export. */
const HISTORY_FILTERS = {
  events: { type: 'array', items: { type: 'string', enum: HISTORY_EVENTS }, maxItems: HISTORY_EVENTS.length, description: 'event names to keep' },
  from: date('first day'),
  to: date('last day'),
} as const;

export function registerFeedRoutes(registry: RouteRegistry, feeds: { history: HistoryFeed; usage: UsageFeed }): void {
  registry.add<{ events?: string[]; from?: string; to?: string; size: number; token?: string }>({
    method: 'get', path: '/v1/history', tag: 'feeds', credits: 0,
    summary: 'Audit events of the caller, newest first; continue with token=<next_token> ("" when none are left)',
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        ...HISTORY_FILTERS,
        size: { type: 'integer', minimum: 1, maximum: 1000, default: 100, description: 'events per page' },
        token: { type: 'string', pattern: STREAM_ID.source, description: 'next_token of the previous page' },
      },
    },
    responses: { 200: '{size, next_token, events: HistoryInfo[]}', 400: 'bad parameter', 401: 'no valid token', 429: 'rate limit exceeded' },
    handler: async ({ principal, query }) => {
      if (query.from && query.to && query.from > query.to) throw badParameter('from', `must not be after to (${query.to})`);
      const problem = query.token === undefined ? undefined : tokenProblem(query.token);
      if (problem) throw badParameter('token', problem);
      return { body: await feeds.history.page(principal, query) };
    },
  });

  registry.add<{ events?: string[]; from?: string; to?: string }>({
    method: 'get', path: '/v1/history/export', tag: 'feeds', credits: 0, produces: [NDJSON],
    summary: 'Every kept audit event of the caller as NDJSON (one HistoryInfo a line), oldest first, streamed; events written after the call started are not in it',
    query: {
      type: 'object', additionalProperties: false,
      properties: {
        ...HISTORY_FILTERS,
      },
    },
    responses: { 200: 'one HistoryInfo JSON object a line', 400: 'bad parameter', 401: 'no valid token', 429: 'rate limit exceeded' },
    handler: async ({ principal, query }) => {
      if (query.from && query.to && query.from > query.to) throw badParameter('from', `must not be after to (${query.to})`);
      return {
        body: ndjsonStream(feeds.history.export(principal, query)),
        contentType: NDJSON,
        headers: { 'content-disposition': 'attachment; filename="history.ndjson"', 'cache-control': 'no-store' },
      };
    },
  });

  registry.add<{ since?: string }>({
    method: 'get', path: '/usage', tag: 'feeds', credits: 0,
    summary: 'Successful calls (views) and credits per route since a day (deprecated; see /v1/usage)',
    query: { type: 'object', additionalProperties: false, properties: { since: date('count from this day; omitted: all usage') } },
    responses: { 200: '{paths: [{path, views, credits}], credits, since, total}', 406: 'bad parameter' },
    handler: async ({ principal, query }) => ({ body: legacyUsage(await feeds.usage.report(principal.org, query.since), query.since) }),
  });

  registry.add<{ since?: string; from?: string; to?: string }>({
    method: 'get', path: '/v1/usage', tag: 'feeds', credits: 0,
    summary: 'Successful calls (views) and credits per route: since a day, or from/to (published client form)',
    query: {
      type: 'object', additionalProperties: false,
      properties: { since: date('count from this day'), from: date('first day (alias of since)'), to: date('last day') },
    },
    responses: { 200: '{paths, credits, since, total, usage: {entity, ...}, from, to}', 400: 'bad parameter', 429: 'rate limit exceeded' },
    handler: async ({ principal, query }) => {
      if (query.since && query.from) throw badParameter('since', 'cannot be combined with from');
      const start = query.since ?? query.from;
      if (start && query.to && start > query.to) throw badParameter(query.since ? 'since' : 'from', `must not be after to (${query.to})`);
      const report = await feeds.usage.report(principal.org, start, query.to);
      const usage: Record<string, number> = {};
      for (const [group, pattern] of Object.entries(USAGE_GROUPS)) {
        usage[group] = report.paths.filter((p) => pattern.test(p.path)).reduce((sum, p) => sum + p.views, 0);
      }
      return {
        body: {
          ...legacyUsage(report, start),
          // An upper bound alone is not the total either.
          total: !start && !query.to,
          usage,
          from: report.firstDay ?? start ?? (query.to && query.to < today() ? query.to : today()),
          to: query.to ?? today(),
        },
      };
    },
  });

  const ontologyFilter = (kind: string) => {
    const items = ONTOLOGY[kind];
    const known = new Set(items.map((i) => i.id));
    return (raw: string[] | undefined) => {
      const ids = idsOf(raw, known, kind === 'countries' ? 'country' : kind.replace(/s$/, '').replace(/_/g, ' '));
      const data = ids ? items.filter((i) => ids.includes(i.id)) : items;
      return { filters: ids ? { id: ids } : {}, data, total_count: data.length };
    };
  };

  // Risk factors take more filters, and the whole ontology reads the graph too: src/http/routes/ontology.ts.
  for (const kind of Object.keys(ONTOLOGY).filter((k) => k !== 'risk_factors')) {
    const filter = ontologyFilter(kind);
    registry.add<{ id?: string[] }>({
      method: 'get', path: `/v1/ontology/${kind}`, tag: 'ontology', credits: 0,
      summary: `Ontology: ${kind.replace(/_/g, ' ')}`,
      query: { type: 'object', additionalProperties: false, properties: { id: idFilter } },
      responses: { 200: '{filters: {id?}, data, total_count}', 400: 'unknown id', 429: 'rate limit exceeded' },
      handler: async ({ query }) => ({ body: filter(query.id) }),
    });
  }
}
