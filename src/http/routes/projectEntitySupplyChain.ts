/**
 * The supply chain of a project entity: GET .../entities/{id}/supply_chain/upstream and
 * .../upstream_summary (the client's projectEntitySupplyChain and
 * projectEntitySupplyChainSummary, the parameters of /v1/supply_chain/upstream checked the same
 * way), and its snapshots (projectEntitySupplyChainSnapshots: list, get, create, delete). Thin:
 * parse, ProjectSupplyChainService / SnapshotService.
 */
import type { ProjectSupplyChainService } from '../../services/supplyChain/projectEntity';
import type { SnapshotService } from '../../services/projects/snapshots';
import type { RouteRegistry } from '../registry';
import { SUMMARY_QUERY, upstreamBody, upstreamQuery, upstreamRequest } from './supplyChain';

const id = { type: 'string', minLength: 1, maxLength: 128 };
const entityParams = { project_id: id, project_entity_id: id };
const snapshotParams = { ...entityParams, snapshot_id: id };
const errors = { 400: 'bad parameter', 401: 'no valid token', 403: 'role too low for this change', 404: 'project (or project entity, snapshot) not found or not visible', 409: 'project archived', 429: 'rate limit exceeded' };
const base = '/v1/projects/:project_id/entities/:project_entity_id/supply_chain';

export function registerProjectEntitySupplyChainRoutes(registry: RouteRegistry, chains: ProjectSupplyChainService, snapshots: SnapshotService): void {
  registry.add<Record<string, unknown>>({
    method: 'get', path: `${base}/upstream`, tag: 'projects', credits: 1,
    summary: 'Upstream supply chain of every match of a project entity (as /v1/supply_chain/upstream, one deadline and limit for all)',
    params: entityParams, query: upstreamQuery(),
    responses: { 200: 'UpstreamTradeTraversalResponse', ...errors },
    handler: async ({ principal, params, query }) => {
      const { request, filters } = upstreamRequest(query);
      return { body: upstreamBody(filters, await chains.upstream(principal, params.project_id, params.project_entity_id, request)) };
    },
  });

  registry.add<Record<string, unknown>>({
    method: 'get', path: `${base}/upstream_summary`, tag: 'projects', credits: 1,
    summary: 'Summary of a project entity\'s upstream supply chain: HS components, and the countries and risk categories upstream',
    params: entityParams, query: SUMMARY_QUERY,
    responses: { 200: 'ProjectEntitySupplyChainSummaryResponse', ...errors },
    handler: async ({ principal, params, query }) => {
      const { request, filters } = upstreamRequest(query);
      return { body: { filters, data: await chains.summary(principal, params.project_id, params.project_entity_id, request) } };
    },
  });

  const list = `${base}/snapshots`;
  registry.add<unknown, { label?: string }>({
    method: 'post', creates: true, path: list, tag: 'projects', credits: 1,
    summary: 'Snapshot the upstream supply chain (trade, and ownership of the primary match) of a project entity (editor)',
    params: entityParams,
    body: { type: 'object', additionalProperties: false, properties: { label: { type: 'string', maxLength: 256, description: 'the snapshot\'s name' } } },
    bodyOptional: true,
    responses: { 200: '{snapshot_id, data: Snapshot with nodes, edges and data}', ...errors },
    handler: async ({ principal, params, body }) => {
      const data = await snapshots.create(principal, params.project_id, params.project_entity_id, body.label ?? '');
      return { body: { snapshot_id: data.snapshot_id, data } };
    },
  });

  registry.add<{ offset: number; limit: number }>({
    method: 'get', path: list, tag: 'projects', summary: 'Snapshots of a project entity, newest first (without nodes, edges or data)', credits: 0,
    params: entityParams,
    query: {
      type: 'object', additionalProperties: false,
      properties: { offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 } },
    },
    responses: { 200: '{offset, limit, next, size, data: Snapshot[]}', ...errors },
    handler: async ({ principal, params, query }) => ({ body: await snapshots.list(principal, params.project_id, params.project_entity_id, query) }),
  });

  registry.add({
    method: 'get', path: `${list}/:snapshot_id`, tag: 'projects', summary: 'One snapshot with its nodes, edges and data', credits: 0,
    params: snapshotParams, responses: { 200: '{data: Snapshot with nodes, edges and data}', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await snapshots.get(principal, params.project_id, params.project_entity_id, params.snapshot_id) } }),
  });

  registry.add({
    method: 'delete', path: `${list}/:snapshot_id`, tag: 'projects', summary: 'Delete one supply-chain snapshot (admin)', credits: 0,
    params: snapshotParams, responses: { 200: '{data: Snapshot} as it was', ...errors },
    handler: async ({ principal, params }) => ({ body: { data: await snapshots.delete(principal, params.project_id, params.project_entity_id, params.snapshot_id) } }),
  });
}
