/**
 * Project notifications of a change of risk: the pure diff a scoring produces, the sink that
 * delivers committed notifications to the feed, and the use case the HTTP routes call.
 * See docs/risk-and-notifications.md.
 */
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import { archivedConflict, requireRole, type ProjectAccess } from '../access';
import type { Principal } from '../auth';
import { exact } from '../paging';
import { canonicalRisk, type RiskMap, type RiskValue } from './derivation';

/**
 * One changed field. `values` holds the previous value of the field as the published client
 * reads it (RiskValue: a string, number or boolean; `[]` for an added field); the previous
 * entry in full (value, metadata, level) is `additional_information.value`, since a change of
 * countries or level alone leaves the scalar as it was.
 */
export interface RiskNotification {
  type: 'risk';
  field: string;
  values: (string | number | boolean)[];
  date: string;
  additional_information?: { properties: unknown[]; value: RiskValue };
}
/** The entity part of ProjectNotificationData (resource_id is the project entity's id). */
export interface EntityRiskChange {
  entity_id: string;
  notifications: RiskNotification[];
  risk_notifications: { added: string[]; removed: string[]; date: string };
}

/** What changed from `previous` to `next`; undefined when nothing did. */
export function riskChange(entityId: string, previous: RiskMap, next: RiskMap, date: string): EntityRiskChange | undefined {
  const added = Object.keys(next).filter((f) => !(f in previous)).sort();
  const removed = Object.keys(previous).filter((f) => !(f in next)).sort();
  const changed = Object.keys(next)
    .filter((f) => f in previous && canonicalRisk({ [f]: previous[f] }) !== canonicalRisk({ [f]: next[f] }))
    .sort();
  if (!added.length && !removed.length && !changed.length) return undefined;
  const notifications = [...added, ...removed, ...changed].sort().map((field): RiskNotification => (field in previous
    ? { type: 'risk', field, values: [previous[field].value], date, additional_information: { properties: [], value: previous[field] } }
    : { type: 'risk', field, values: [], date }));
  return { entity_id: entityId, notifications, risk_notifications: { added, removed, date } };
}

/** ProjectNotificationData as the feed stores and serves it. */
export interface ProjectNotificationData extends EntityRiskChange { resource_id: string; custom_fields?: Record<string, string> }

/** Where notifications go once their risk change is committed (src/feeds/notifications.ts). */
export interface NotificationSink {
  /** Idempotent: an item id delivered twice is stored once. */
  deliver(items: { id: string; projectId: string; score: number; data: ProjectNotificationData }[]): Promise<void>;
}

// ---------------------------------------------------------------------------------------
// Reading a project's notifications
// ---------------------------------------------------------------------------------------

/** The feed side the HTTP routes need (src/feeds/notifications.ts). */
export interface NotificationFeedReader {
  page(projectId: string, offset: number, limit: number): Promise<{ total: number; data: ProjectNotificationData[] }>;
  clear(projectId: string): Promise<void>;
}

export class ProjectNotificationService {
  constructor(private readonly graph: Graph, private readonly feed: NotificationFeedReader) {}

  private async project(id: string): Promise<ProjectAccess | undefined> {
    const [row] = await this.graph.read(cypher('notifications', 'project-access'), { id });
    return row ? (row.get('project') as ProjectAccess) : undefined;
  }

  /** Newest first (`-date`); 404 when the project does not exist for the caller. */
  async list(projectId: string, principal: Principal, paging: { offset: number; limit: number }) {
    requireRole(await this.project(projectId), projectId, principal, 'viewer');
    const { total, data } = await this.feed.page(projectId, paging.offset, paging.limit);
    return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < total, size: exact(total), data };
  }

  /** Deletes every notification of the project (a delete: the admin role; 409 once archived, as every change). */
  async clear(projectId: string, principal: Principal): Promise<void> {
    const project = await this.project(projectId);
    requireRole(project, projectId, principal, 'admin');
    if (project!.archived) throw archivedConflict(projectId);
    await this.feed.clear(projectId);
  }
}

/** Notifications committed to Neo4j and not yet moved to the feed (tests, tools). */
export async function outboxSize(graph: Graph): Promise<number> {
  const [row] = await graph.read(cypher('risk', 'outbox-count'));
  return row.get('n') as number;
}
