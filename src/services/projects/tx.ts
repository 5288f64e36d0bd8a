/**
 * What every project use case shares: the write transaction, the history event after a commit,
 * and the project's access check inside the transaction that reads or changes it (404 for a
 * project the caller cannot see, 403 for a too low role, 409 for a change to an archived one).
 */
import type { ManagedTransaction } from '../../graph/driver';
import { badParameter, notFound } from '../../domain/errors';
import { cypher } from '../../graph/cypherFiles';
import type { Props } from '../../graph/mappers';
import { projectEntityBody } from './bodies';
import type { Graph } from '../../graph/neo4j';
import type { HistoryEvent } from '../../feeds/history';
import type { Principal } from '../auth';
import { ProjectAccess, Role, archivedConflict, requireRole } from '../access';

/** Where project changes are recorded (the history feed). */
export interface AuditSink {
  /** `now`: written before the call answers, not behind. */
  record(principal: Principal, event: HistoryEvent, data: Record<string, unknown>, now?: boolean): Promise<unknown>;
}

export const projectEntityNotFound = (id: string) => notFound(`project entity ${JSON.stringify(id)}`);
export const now = () => new Date().toISOString();

export abstract class ProjectTx {
  constructor(
    protected readonly graph: Graph,
    protected readonly audit: AuditSink,
    protected readonly warn: (message: string, err: unknown) => void = () => undefined,
  ) {}

  protected writeTx<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    return this.graph.writeTx(work);
  }

  protected async recordEvent(principal: Principal, event: HistoryEvent, data: Record<string, unknown>): Promise<void> {
    try {
      await this.audit.record(principal, event, data, true);
    } catch (err) {
      // The change is committed; a history outage must not turn it into an error.
      this.warn(`history event ${event} not recorded`, err);
    }
  }

  /** Reads the project in `tx` and checks the caller's role (404 / 403). */
  protected async readProject(tx: ManagedTransaction, id: string, principal: Principal, needed: Role) {
    const row = (await tx.run(cypher('projects', 'project-get'), { id })).records[0];
    const project = row?.get('project') as (Props & ProjectAccess) | undefined;
    requireRole(project, id, principal, needed);
    return { project: project!, entityCount: row!.get('entity_count') as number };
  }

  /** Locks the project for a change by an editor or admin (404 / 403 / 409 when archived) and touches `updated`. */
  protected async lockProject(tx: ManagedTransaction, id: string, principal: Principal, needed: Role, at: string): Promise<Props> {
    const row = (await tx.run(cypher('projects', 'project-lock'), { id, now: at })).records[0];
    const project = row?.get('project') as (Props & ProjectAccess) | undefined;
    requireRole(project, id, principal, needed);
    if (project!.archived) throw archivedConflict(id);
    return project!;
  }

  protected async missingEntities(tx: ManagedTransaction, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const missing = (await tx.run(cypher('projects', 'entities-missing'), { ids })).records[0].get('missing') as string[];
    if (missing.length) {
      const shown = missing.slice(0, 10).map((m) => JSON.stringify(m)).join(', ');
      throw badParameter('entity_ids', `unknown entity ids: ${shown}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`);
    }
  }

  protected async readProjectEntity(tx: ManagedTransaction, projectId: string, id: string) {
    const row = (await tx.run(cypher('projects', 'project-entity-get'), { projectId, id })).records[0];
    if (!row) throw projectEntityNotFound(id);
    return projectEntityBody(row);
  }
}
