/**
 * GET /v1/projects/{id}/entities/{project_entity_id}/risk_summary (the newer client's
 * getProjectEntityRiskSummary). Thin: parse the client's `filter` (filter[risk_factor],
 * filter[risk_category]; also filter.risk_factor), RiskSummaryService.
 */
import { badParameter } from '../../domain/errors';
import { RISK_CATEGORIES, RISK_CATEGORY_ALIASES, isRiskFactor } from '../../domain/risk';
import { RiskSummaryService } from '../../services/riskSummary';
import type { RouteRegistry } from '../registry';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const KEY = /^filter(?:\[([a-z_]+)\]|\.([a-z_]+))(?:\[\d*\])?$/;

export function registerRiskSummaryRoutes(registry: RouteRegistry, summaries: RiskSummaryService): void {
  registry.add<Record<string, unknown>>({
    method: 'get', path: '/v1/projects/:project_id/entities/:project_entity_id/risk_summary', tag: 'projects', credits: 1,
    summary: 'Every risk factor of a project entity\'s matches, with level, categories and the paths that carry each derived one',
    params: { project_id: id, project_entity_id: id },
    query: {
      type: 'object', additionalProperties: false,
      patternProperties: {
        [KEY.source]: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, maxItems: 50, description: 'filter[risk_factor], filter[risk_category] (repeatable)' },
      },
    },
    responses: { 200: 'ProjectEntityRiskSummaryResponse {data: {project_entity_id, project_id, risk_factors}, filters}', 400: 'bad parameter', 401: 'no valid token', 404: 'project or project entity not found or not visible', 429: 'rate limit exceeded' },
    handler: async ({ principal, params, query }) => {
      const filter = { riskFactor: [] as string[], riskCategory: [] as string[] };
      for (const [key, raw] of Object.entries(query)) {
        const m = KEY.exec(key);
        if (!m) continue;
        const field = m[1] ?? m[2];
        const values = [raw].flat().map(String);
        if (field === 'risk_factor') {
          const bad = values.find((v) => !isRiskFactor(v) && v !== 'sanctioned');
          if (bad) throw badParameter('filter.risk_factor', `${JSON.stringify(bad)}: unknown risk factor`);
          filter.riskFactor.push(...values);
        } else if (field === 'risk_category') {
          const bad = values.find((c) => !Object.hasOwn(RISK_CATEGORIES, c) && !Object.hasOwn(RISK_CATEGORY_ALIASES, c));
          if (bad) throw badParameter('filter.risk_category', `${JSON.stringify(bad)}: one of ${[...Object.keys(RISK_CATEGORIES), ...Object.keys(RISK_CATEGORY_ALIASES)].join(', ')}`);
          filter.riskCategory.push(...values);
        } else {
          throw badParameter(`filter.${field}`, 'unknown filter; one of risk_factor, risk_category');
        }
      }
      return { body: await summaries.summary(principal, params.project_id, params.project_entity_id, filter) };
    },
  });
}
