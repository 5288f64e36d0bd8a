/**
 * Supply-chain snapshots of a project entity (the client's projectEntitySupplyChainSnapshots):
 * at creation, the upstream trade walk from every match (as GET .../supply_chain/upstream with
 * its defaults) frozen as the client's nodes and edges, beside the upstream ownership traversal
 * of the primary match (as /v1/ubo, up to 50 owners) that the project entity's `upstream` reads.
 * Stored per project entity; access as every project route (viewer reads, editor creates, admin
 * deletes; another organisation's project is a 404; 409 without matches or when archived).
 */
import { randomUUID } from 'node:crypto';
import { ApiError, notFound } from '../../domain/errors';
import { UBO_TYPES } from '../../domain/relationships';
import { cypher } from '../../graph/cypherFiles';
import { Props, embeddedEntity } from '../../graph/mappers';
import type { Graph } from '../../graph/neo4j';
import type { Principal } from '../auth';
import { archivedConflict } from '../access';
import { exact, skipLimit } from '../paging';
import { MAX_UPSTREAM_RESULTS, type SupplyChainService, type UpstreamResult } from '../supplyChain/upstream';
import { TraversalRequest, TraversalService, v1Results } from '../traversal';
import { snapshotBody, upstreamOf } from './bodies';
import { AuditSink, ProjectTx, now, projectEntityNotFound } from './tx';

/** The snapshot's ownership traversal: upstream ownership as /v1/ubo with its defaults, up to 50 owners. */
const SNAPSHOT_TRAVERSAL = { limit: 50, minDepth: 1, maxDepth: 4 };

/** The client's SupplyChainNode and SupplyChainEdge lists of a walk: an edge per HS code of a hop, supplier to buyer, each once. */
export function supplyChainGraph(result: UpstreamResult) {
  const nodes = Object.values(result.entities).map((e) => ({ id: e.id, entity_id: e.id, label: e.label, type: e.type, risk_factors: e.risk_factors, countries: e.countries }));
  const edges = new Map<string, Record<string, unknown>>();
  for (const p of result.paths) {
    p.path.forEach((segment, i) => {
      const buyer = i === 0 ? p.source_entity_id : p.path[i - 1].entity_id;
      for (const c of segment.components) {
        const id = `${segment.entity_id}>${buyer}:${c.hs_code}`;
        if (!edges.has(id)) {
          edges.set(id, {
            id, src_id: segment.entity_id, dst_id: buyer, departure_countries: c.departure_countries, arrival_countries: c.arrival_countries,
            hs_code: c.hs_code, min_date: c.min_date ?? '', max_date: c.max_date ?? '',
          });
        }
      }
    });
  }
  return { nodes, edges: [...edges.values()] };
}

export class SnapshotService extends ProjectTx {
  constructor(
    graph: Graph,
    private readonly traversal: TraversalService,
    private readonly supplyChain: SupplyChainService,
    audit: AuditSink,
    warn: (message: string, err: unknown) => void = () => undefined,
  ) {
    super(graph, audit, warn);
  }

  /** Freezes the supply chain of the project entity's matches under `label`; editor. */
  async create(principal: Principal, projectId: string, projectEntityId: string, label: string) {
    const matches = await this.graph.readTx(async (tx) => {
      const { project } = await this.readProject(tx, projectId, principal, 'editor');
      if (project.archived) throw archivedConflict(projectId);
      const pe = await this.readProjectEntity(tx, projectId, projectEntityId);
      if (!pe.entity_id) throw new ApiError(409, [`project entity ${JSON.stringify(projectEntityId)} has no matches to snapshot`]);
      return pe.entity_ids;
    });
    const entityId = matches[0];
    const data = await this.ownership(entityId);
    const walk = await this.supplyChain.walk(matches, {
      product: [], notProduct: [], risk: [], notRisk: [], countries: [], notCountries: [], shipmentCountry: [], notShipmentCountry: [],
      tierShipmentCountry: [], component: [], notComponent: [], maxDepth: 4, limit: MAX_UPSTREAM_RESULTS,
    });
    const upstream = upstreamOf(data);
    const id = randomUUID();
    const snapshot = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      const row = (await tx.run(cypher('projects', 'snapshot-create'), {
        projectId, projectEntityId, id, now: at, user: principal.user, entityId, data: JSON.stringify(data), label,
        supplyChain: JSON.stringify(supplyChainGraph(walk)), explored: walk.explored_count, partial: walk.partial_results,
        upstreamRisk: upstream.risk, upstreamCountries: upstream.countries,
      })).records[0];
      if (!row) throw projectEntityNotFound(projectEntityId);
      return row.get('snapshot') as Props;
    });
    await this.recordEvent(principal, 'snapshot.created', { project_id: projectId, project_entity_id: projectEntityId, snapshot_id: id, entity_id: entityId });
    return snapshotBody(snapshot, true);
  }

  /** The /v1/ubo answer for the entity (upstream ownership types, /v1 defaults, up to 50 owners). */
  private async ownership(entityId: string) {
    const request: TraversalRequest = {
      id: entityId, offset: 0, limit: SNAPSHOT_TRAVERSAL.limit, minDepth: SNAPSHOT_TRAVERSAL.minDepth, maxDepth: SNAPSHOT_TRAVERSAL.maxDepth,
      relationships: UBO_TYPES, psa: true, countries: [], types: [], sanctioned: false, pep: false, watchlist: false,
      minShares: 0, includeUnknownShares: true, excludeFormerRelationships: true, excludeClosedEntities: false, riskFactors: [],
      withStepFacts: true,
    };
    const result = await this.traversal.traverse(request);
    const facts = result.stepFacts ?? await this.traversal.stepFacts(result.hits);
    return {
      min_depth: request.minDepth, max_depth: request.maxDepth, relationships: request.relationships, psa: request.psa,
      exclude_former_relationships: request.excludeFormerRelationships, offset: 0, limit: request.limit, next: result.next,
      explored_count: result.explored, partial_results: result.partial,
      source: embeddedEntity(result.source, 'v1'),
      data: v1Results(entityId, result.hits, facts),
    };
  }

  async list(principal: Principal, projectId: string, projectEntityId: string, paging: { offset: number; limit: number }) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const row = (await tx.run(cypher('projects', 'snapshot-list'), { projectId, projectEntityId, ...skipLimit(paging) })).records[0];
      if (!row) throw projectEntityNotFound(projectEntityId);
      const total = row.get('total') as number;
      const data = (row.get('page') as Props[]).map((s) => snapshotBody(s, false));
      return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < total, size: exact(total), data };
    });
  }

  async get(principal: Principal, projectId: string, projectEntityId: string, id: string) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      await this.readProjectEntity(tx, projectId, projectEntityId);
      const row = (await tx.run(cypher('projects', 'snapshot-get'), { projectId, projectEntityId, id })).records[0];
      if (!row) throw notFound(`snapshot ${JSON.stringify(id)}`);
      return snapshotBody(row.get('snapshot') as Props, true);
    });
  }

  /** Deletes one snapshot; admin. Answers it (without its data) as it was. */
  async delete(principal: Principal, projectId: string, projectEntityId: string, id: string) {
    const body = await this.writeTx(async (tx) => {
      await this.lockProject(tx, projectId, principal, 'admin', now());
      await this.readProjectEntity(tx, projectId, projectEntityId);
      const row = (await tx.run(cypher('projects', 'snapshot-delete'), { projectId, projectEntityId, id })).records[0];
      if (!row) throw notFound(`snapshot ${JSON.stringify(id)}`);
      return snapshotBody(row.get('snapshot') as Props, false);
    });
    await this.recordEvent(principal, 'snapshot.deleted', { project_id: projectId, project_entity_id: projectEntityId, snapshot_id: id });
    return body;
  }
}
