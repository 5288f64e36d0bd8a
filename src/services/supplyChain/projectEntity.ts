/**
 * The supply chain of a project entity (the client's projectEntitySupplyChain and
 * projectEntitySupplyChainSummary): the upstream trade walk from every match of the project
 * entity in turn, under one deadline and one limit, and its summary (the HS codes of the
 * components, and the countries and risk categories of the entities upstream). Viewer; another
 * organisation's project or project entity is a 404, as for every project route.
 */
import type { Graph } from '../../graph/neo4j';
import type { Principal } from '../auth';
import { riskCategoriesOf } from '../projects/entityMatches';
import { AuditSink, ProjectTx } from '../projects/tx';
import type { SupplyChainService, UpstreamRequest, UpstreamResult } from './upstream';

/** What the summary reports of a walk: components and, of the entities upstream (not the matches), countries and risk categories. */
export function upstreamSummary(result: UpstreamResult) {
  const components = new Set<string>();
  const upstream = new Set<string>();
  for (const p of result.paths) {
    for (const segment of p.path) {
      upstream.add(segment.entity_id);
      for (const c of segment.components) components.add(c.hs_code);
    }
  }
  const countries = new Set<string>();
  const risks = new Set<string>();
  for (const id of upstream) {
    for (const c of result.entities[id]?.countries ?? []) countries.add(c);
    for (const f of result.entities[id]?.risk_factors ?? []) risks.add(f);
  }
  return { components: [...components].sort(), countries: [...countries].sort(), risk_categories: riskCategoriesOf([...risks].sort()) };
}

export class ProjectSupplyChainService extends ProjectTx {
  constructor(graph: Graph, audit: AuditSink, private readonly supplyChain: SupplyChainService) {
    super(graph, audit);
  }

  /** The walk from the project entity's matches (none: an empty answer). */
  async upstream(principal: Principal, projectId: string, projectEntityId: string, request: Omit<UpstreamRequest, 'id'>): Promise<UpstreamResult> {
    const matches = await this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      return (await this.readProjectEntity(tx, projectId, projectEntityId)).entity_ids;
    });
    return this.supplyChain.walk(matches, request);
  }

  async summary(principal: Principal, projectId: string, projectEntityId: string, request: Omit<UpstreamRequest, 'id'>) {
    const result = await this.upstream(principal, projectId, projectEntityId, request);
    return { project_id: projectId, project_entity_id: projectEntityId, upstream: upstreamSummary(result) };
  }
}
