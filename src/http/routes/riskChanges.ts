/**
 * The newer client's risk changes: GET / DELETE /v1/projects/{id}/entities/changes/risk and
 * .../entities/{project_entity_id}/changes/risk. Thin: parse, RiskChangeService. The client's
 * `sortDate`, `filterFrom`, ... are read as `sort[date]`, `filter[from]` (its nested form),
 * `sort.date` or `sort_date`.
 */
import { isDateString } from '../../domain/dates';
import { badParameter } from '../../domain/errors';
import { RISK_CATEGORIES, RISK_CATEGORY_ALIASES, isRiskFactor } from '../../domain/risk';
import { RiskChangeQuery, RiskChangeService } from '../../services/riskChanges';
import type { RouteRegistry } from '../registry';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const token = { type: 'string', minLength: 1, maxLength: 1024 };
const NESTED = /^(sort|filter)(?:_([a-z_]+)|\.([a-z_]+)|\[([a-z_]+)\])(?:\[\d*\])?$/;
const FIELDS = ['sort_date', 'filter_from', 'filter_to', 'filter_risk_factor', 'filter_risk_category'];
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project or project entity not found or not visible', 429: 'rate limit exceeded' };

const query = {
  type: 'object', additionalProperties: false,
  properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 }, next: token, prev: token },
  patternProperties: {
    [NESTED.source]: {
      type: 'array', items: { type: 'string', minLength: 1, maxLength: 200 }, maxItems: 50,
      description: 'sort[date] (asc, desc; default desc), filter[from] / filter[to] (YYYY-MM-DD), filter[risk_factor], filter[risk_category] (repeatable); also written sort.date or sort_date',
    },
  },
};

function parse(q: Record<string, unknown>): RiskChangeQuery {
  const named: Record<string, string[]> = {};
  for (const [key, raw] of Object.entries(q)) {
    const m = NESTED.exec(key);
    if (!m) continue;
    const field = `${m[1]}_${m[2] ?? m[3] ?? m[4]}`;
    if (!FIELDS.includes(field)) throw badParameter(key, `unknown parameter; one of ${FIELDS.join(', ')}`);
    (named[field] ??= []).push(...[raw].flat().map(String));
  }
  const one = (field: string) => {
    const v = named[field];
    if (v && v.length > 1) throw badParameter(field, 'give it once');
    return v?.[0];
  };
  const sort = one('sort_date') ?? 'desc';
  if (sort !== 'asc' && sort !== 'desc') throw badParameter('sort_date', 'one of asc, desc');
  const from = one('filter_from');
  const to = one('filter_to');
  for (const [name, v] of [['filter_from', from], ['filter_to', to]] as const) {
    if (v !== undefined && !(isDateString(v) && v.length === 10)) throw badParameter(name, 'a date YYYY-MM-DD');
  }
  const riskFactor = named.filter_risk_factor ?? [];
  const unknownFactor = riskFactor.find((f) => !isRiskFactor(f));
  if (unknownFactor) throw badParameter('filter_risk_factor', `${JSON.stringify(unknownFactor)}: unknown risk factor`);
  const riskCategory = named.filter_risk_category ?? [];
  const unknownCategory = riskCategory.find((c) => !Object.hasOwn(RISK_CATEGORIES, c) && !Object.hasOwn(RISK_CATEGORY_ALIASES, c));
  if (unknownCategory) throw badParameter('filter_risk_category', `${JSON.stringify(unknownCategory)}: one of ${[...Object.keys(RISK_CATEGORIES), ...Object.keys(RISK_CATEGORY_ALIASES)].join(', ')}`);
  return { limit: q.limit as number, next: q.next as string | undefined, prev: q.prev as string | undefined, sort, from, to, riskFactor, riskCategory };
}

export function registerRiskChangeRoutes(registry: RouteRegistry, changes: RiskChangeService): void {
  const project = '/v1/projects/:project_id/entities/changes/risk';
  const entity = '/v1/projects/:project_id/entities/:project_entity_id/changes/risk';
  registry.add<Record<string, unknown>>({
    method: 'get', path: project, tag: 'projects', credits: 0, summary: 'Risk factors added to and removed from the project\'s entities, by date',
    params: { project_id: id }, query, responses: { 200: 'ProjectRiskChangesResponse {filters, next?, prev?, limit, data: {project_id, risk_changes}}', ...errors },
    handler: async ({ principal, params, query: q }) => ({ body: await changes.list(principal, params.project_id, undefined, parse(q)) }),
  });
  registry.add<Record<string, unknown>>({
    method: 'delete', path: project, tag: 'projects', credits: 0, summary: 'Delete the project\'s risk changes the filters select (editor); they are not shown again',
    params: { project_id: id }, query, responses: { 200: '{data: {deleted}}', ...errors },
    handler: async ({ principal, params, query: q }) => ({ body: { data: await changes.delete(principal, params.project_id, undefined, parse(q)) } }),
  });
  registry.add<Record<string, unknown>>({
    method: 'get', path: entity, tag: 'projects', credits: 0, summary: 'Risk factors added to and removed from one project entity, by date',
    params: { project_id: id, project_entity_id: id }, query, responses: { 200: 'ProjectEntityRiskChangesResponse {filters, next?, prev?, limit, data: {project_id, project_entity_id, risk_factors}}', ...errors },
    handler: async ({ principal, params, query: q }) => ({ body: await changes.list(principal, params.project_id, params.project_entity_id, parse(q)) }),
  });
  registry.add<Record<string, unknown>>({
    method: 'delete', path: entity, tag: 'projects', credits: 0, summary: 'Delete one project entity\'s risk changes the filters select (editor)',
    params: { project_id: id, project_entity_id: id }, query, responses: { 200: '{data: {deleted}}', ...errors },
    handler: async ({ principal, params, query: q }) => ({ body: { data: await changes.delete(principal, params.project_id, params.project_entity_id, parse(q)) } }),
  });
}
