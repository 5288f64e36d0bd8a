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
import type { EntityRiskChange, NotificationFeedReader, RiskMap, RiskNotification } from '../../domain/notifications';
import { canonicalRisk } from './derivation';

export type { EntityRiskChange, NotificationFeedReader, NotificationSink, ProjectNotificationData, RiskNotification } from '../../domain/notifications';

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

// ---------------------------------------------------------------------------------------
// Reading a project's notifications
// ---------------------------------------------------------------------------------------

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
