/**
 * POST /v1/projects/{id}/entities/{project_entity_id}/matches/{match_id}/decision: a reviewer
 * marks a match a true or false positive with a reason (editor). Thin: MatchDecisionService.
 */
import { DECISIONS, Decision, MatchDecisionService } from '../../services/matchDecisions';
import type { RouteRegistry } from '../registry';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project, project entity or match not found or not visible', 409: 'project archived', 429: 'rate limit exceeded' };

export function registerMatchDecisionRoutes(registry: RouteRegistry, decisions: MatchDecisionService): void {
  registry.add<unknown, { decision: Decision; reason: string }>({
    method: 'post', path: '/v1/projects/:project_id/entities/:project_entity_id/matches/:match_id/decision', tag: 'projects', credits: 0,
    summary: 'Mark a match a true or false positive, with a reason (editor)',
    params: { project_id: id, project_entity_id: id, match_id: { type: 'string', minLength: 1, maxLength: 512 } },
    body: {
      type: 'object', additionalProperties: false, required: ['decision', 'reason'],
      properties: {
        decision: { type: 'string', enum: [...DECISIONS] },
        reason: { type: 'string', minLength: 1, maxLength: 2000, pattern: '\\S', description: 'why the reviewer decided so' },
      },
    },
    responses: { 200: '{data: {project_entity_id, match_id, decision, reason, decided_by, decided_at}}', ...errors },
    handler: async ({ principal, params, body }) => ({
      body: { data: await decisions.decide(principal, params.project_id, params.project_entity_id, params.match_id, body.decision, body.reason.trim()) },
    }),
  });
}
