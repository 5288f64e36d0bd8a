/**
 * Notifications of one saved resource (a project entity) and of one graph entity across the
 * caller's projects: the published client's resourceNotifications,
 * deleteResourceNotifications and deleteEntityNotifications. They read and delete within the
 * project feeds (src/feeds/notifications.ts), so a deleted notification is gone from the
 * project's list too. Access as for the project notifications: viewer to read, admin to
 * delete; a resource or entity in no project the caller sees is a 404.
 */
import { notFound } from '../domain/errors';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import type { NotificationFeed } from '../feeds/notifications';
import { archivedConflict, requireRole, roleOf, type ProjectAccess } from './access';
import type { Principal } from './auth';
import type { AuditSink } from './projects/tx';

/** ResourceNotificationData as the client reads it: one entry per changed field. */
export interface ResourceNotificationData {
  saved_resource_id: string;
  project_id: string;
  entity_id: string;
  type: 'risk';
  field: string;
  value: string | number | boolean;
  date: string;
}

const resourceNotFound = (id: string) => notFound(`resource ${JSON.stringify(id)}`);

export class ResourceNotificationService {
  constructor(
    private readonly graph: Graph,
    private readonly feed: NotificationFeed,
    private readonly audit: AuditSink,
    private readonly warn: (message: string, err: unknown) => void = () => undefined,
  ) {}

  private async projectOf(resourceId: string, principal: Principal, role: 'viewer' | 'admin'): Promise<ProjectAccess> {
    const [row] = await this.graph.read(cypher('notifications', 'resource-project'), { id: resourceId });
    const project = row?.get('project') as ProjectAccess | undefined;
    // A resource of a project the caller cannot see does not exist for them.
    if (!project || roleOf(project, principal) === undefined) throw resourceNotFound(resourceId);
    requireRole(project, project.id, principal, role);
    return project;
  }

  private async record(principal: Principal, data: Record<string, unknown>): Promise<void> {
    try {
      await this.audit.record(principal, 'notifications.deleted', data, true);
    } catch (err) {
      // The deletion is done; a history outage must not turn it into an error.
      this.warn('history event notifications.deleted not recorded', err);
    }
  }

  /**
   * Newest first. `value` is the field's previous value; a field that was added had none and
   * shows its value after the change is unknown here, so it is served as `""`.
   */
  async list(resourceId: string, principal: Principal, paging: { offset: number; limit: number }) {
    const project = await this.projectOf(resourceId, principal, 'viewer');
    const entries: ResourceNotificationData[] = (await this.feed.all(project.id))
      .filter((n) => n.data.resource_id === resourceId)
      .flatMap((n) => n.data.notifications.map((x) => ({
        saved_resource_id: resourceId, project_id: project.id, entity_id: n.data.entity_id,
        type: 'risk' as const, field: x.field, value: x.values[0] ?? '', date: x.date,
      })));
    const data = entries.slice(paging.offset, paging.offset + paging.limit);
    return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < entries.length, data };
  }

  /** Deletes every notification of the resource (the project's admin role; 409 once archived). */
  async deleteForResource(resourceId: string, principal: Principal): Promise<void> {
    const project = await this.projectOf(resourceId, principal, 'admin');
    if (project.archived) throw archivedConflict(project.id);
    const ids = (await this.feed.all(project.id)).filter((n) => n.data.resource_id === resourceId).map((n) => n.id);
    const deleted = await this.feed.remove(project.id, ids);
    await this.record(principal, { project_id: project.id, resource_id: resourceId, deleted });
  }

  /**
   * Deletes the notifications of the entity in every project where the caller is admin and
   * the entity is saved; 404 when it is saved in no project the caller sees.
   */
  async deleteForEntity(entityId: string, principal: Principal): Promise<void> {
    const rows = await this.graph.read(cypher('notifications', 'entity-projects'), { entityId });
    const visible = rows.map((r) => r.get('project') as ProjectAccess).filter((p) => roleOf(p, principal) !== undefined);
    if (!visible.length) throw notFound(`entity ${JSON.stringify(entityId)} in a project`);
    const changeable = visible.filter((p) => roleOf(p, principal) === 'admin' && !p.archived);
    // Seen, but nowhere the caller may delete: the same 403 / 409 as one project would give.
    if (!changeable.length) {
      requireRole(visible[0], visible[0].id, principal, 'admin');
      throw archivedConflict(visible[0].id);
    }
    for (const project of changeable) {
      const ids = (await this.feed.all(project.id)).filter((n) => n.data.entity_id === entityId).map((n) => n.id);
      const deleted = await this.feed.remove(project.id, ids);
      await this.record(principal, { project_id: project.id, entity_id: entityId, deleted });
    }
  }
}
