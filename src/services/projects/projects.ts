/**
 * Projects (/v1/projects...): projects, their entities (each a saved set of matched graph
 * entities) and match replacement with remembered deletions; supply-chain snapshots are in
 * ./snapshots.ts.
 *
 * Access (src/services/access.ts) is checked inside the transaction that reads or changes the
 * project; every write first takes the project's write lock, so an archive and a change of its
 * entities cannot interleave. Every change appends a history event after it is committed.
 *
 * Status codes: 404 for a project or project entity that does not exist or is not visible to
 * the caller; 403 for a visible project and a too low role; 409 for a change to an archived
 * project; 400 for unknown entity ids in a body (the addressed resource exists; the body is wrong).
 */
import { randomUUID } from 'node:crypto';
import { neo4j, type ManagedTransaction, type Neo4jRecord } from '../../graph/driver';
import { ApiError, badParameter } from '../../domain/errors';
import { cypher } from '../../graph/cypherFiles';
import { Props } from '../../graph/mappers';
import type { Principal } from '../auth';
import { ProjectAccess, Role, requireRole } from '../access';
import { exact } from '../paging';
import { CursorRequest, Key, TOKEN_SORT_PREFIX, cursorPage } from '../cursorPage';
import { contentsRow, projectBody, projectEntityBody } from './bodies';
import { AuditSink, ProjectTx, now, projectEntityNotFound } from './tx';
export type { AuditSink } from './tx';
import {
  ContentsQuery, ProjectContentsRow, aggregate, compileFilters, contentsComparator, isPlainOrder, sortValue, viewKey,
} from './contents';

import { type ProjectType } from './types';

export { PROJECT_TYPES, type ProjectType } from './types';


export interface CreateProjectInput { label: string; type: ProjectType; share?: { org: Role } }
export interface ReplaceMatchesInput { entity_ids: string[]; override_deleted: boolean; limit: number }

/** Matches per project entity at creation (the PATCH limit's maximum). */
export const MAX_MATCHES = 50;


export class ProjectService extends ProjectTx {
  // ---- projects ----

  async create(principal: Principal, input: CreateProjectInput) {
    const id = randomUUID();
    const [row] = await this.graph.write(cypher('projects', 'project-create'), {
      id, label: input.label, type: input.type, now: now(), user: principal.user, org: principal.org,
      shareOrg: input.share ? principal.org : null, shareRole: input.share?.org ?? null,
    });
    await this.recordEvent(principal, 'project.created', { project_id: id, label: input.label, type: input.type, share: input.share ?? null });
    return projectBody(row.get('project') as Props, 0);
  }

  async get(principal: Principal, id: string) {
    return this.graph.readTx(async (tx) => {
      const { project, entityCount } = await this.readProject(tx, id, principal, 'viewer');
      return projectBody(project, entityCount, true);
    });
  }

  async list(principal: Principal, request: CursorRequest & { archived: boolean }) {
    const params = { user: principal.user, org: principal.org, archived: request.archived };
    const toRow = (r: Neo4jRecord) => {
      const p = r.get('project') as Props;
      return { key: { created: p.created as string, id: p.id as string }, body: projectBody(p, r.get('entity_count') as number, true) };
    };
    const page = await cursorPage(
      'projects',
      request,
      async (after, n) => (await this.graph.read(cypher('projects', 'project-list-forward'), { ...params, after, limit: neo4j.int(n) })).map(toRow),
      async (before, n) => (await this.graph.read(cypher('projects', 'project-list-backward'), { ...params, before, limit: neo4j.int(n) })).map(toRow),
    );
    return { ...page, data: page.data.map((r) => r.body) };
  }

  /** Archival (soft delete); admin. Archiving an archived project answers it unchanged. */
  async archive(principal: Principal, id: string) {
    let changed = false;
    const body = await this.writeTx(async (tx) => {
      const row0 = (await tx.run(cypher('projects', 'project-lock-unchanged'), { id })).records[0];
      const project = row0?.get('project') as (Props & ProjectAccess) | undefined;
      requireRole(project, id, principal, 'admin');
      if (project!.archived) return projectBody(project!, row0.get('entity_count') as number);
      changed = true;
      const row = (await tx.run(cypher('projects', 'project-archive'), { id, now: now() })).records[0];
      return projectBody(row.get('project') as Props, row.get('entity_count') as number);
    });
    if (changed) await this.recordEvent(principal, 'project.archived', { project_id: id });
    return body;
  }

  // ---- project entities ----

  async addEntity(principal: Principal, projectId: string, entityIds: string[], customFields?: Record<string, string>) {
    const id = randomUUID();
    const body = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      await this.missingEntities(tx, entityIds);
      const custom = customFields && Object.keys(customFields).length ? JSON.stringify(customFields) : null;
      await tx.run(cypher('projects', 'project-entity-create'), { projectId, id, entityIds, now: at, user: principal.user, customFields: custom });
      return this.readProjectEntity(tx, projectId, id);
    });
    await this.recordEvent(principal, 'project_entity.created', { project_id: projectId, project_entity_id: id, entity_ids: entityIds });
    return body;
  }

  /**
   * DELETE /v1/resource/entity/{id} (the published client's deleteResource): the project entity
   * named by its id alone, deleted as by its project's route, with the same access checks.
   */
  async deleteResource(principal: Principal, id: string) {
    const [row] = await this.graph.read(cypher('projects', 'project-entity-project'), { id });
    if (!row) throw projectEntityNotFound(id);
    try {
      return await this.deleteEntity(principal, row.get('project_id') as string, id);
    } catch (err) {
      // A project the caller cannot see answers as an unknown id would: its id is not theirs to learn.
      if (err instanceof ApiError && err.status === 404) throw projectEntityNotFound(id);
      throw err;
    }
  }

  async getEntity(principal: Principal, projectId: string, id: string) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      return this.readProjectEntity(tx, projectId, id);
    });
  }

  /** Oldest first; with `entityTypes`, only project entities whose primary match has one of those types. */
  async listEntities(principal: Principal, projectId: string, request: CursorRequest, entityTypes?: string[], view?: ContentsQuery) {
    const types = entityTypes?.length ? entityTypes : null;
    if (view && !isPlainOrder(view)) return this.listEntityView(principal, projectId, request, types, view);
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const toRow = (r: Neo4jRecord) => {
        const body = projectEntityBody(r);
        return { key: { created: body.created, id: body.id }, body };
      };
      const total = (await tx.run(cypher('projects', 'project-entity-count'), { projectId, types })).records[0].get('total') as number;
      const page = await cursorPage(
        // Tokens are bound to the list they page, filter included.
        `project-entities:${projectId}:${types ? [...types].sort().join(',') : ''}`,
        request,
        async (after, n) => (await tx.run(cypher('projects', 'project-entity-list-forward'), { projectId, after, types, limit: neo4j.int(n) })).records.map(toRow),
        async (before, n) => (await tx.run(cypher('projects', 'project-entity-list-backward'), { projectId, before, types, limit: neo4j.int(n) })).records.map(toRow),
      );
      // Counts asked of the plain list: over every project entity (there is no filter).
      const aggregations = view?.aggregations.length ? aggregate(await this.contentsRows(tx, projectId, types, false), view.aggregations) : undefined;
      return { ...page, size: exact(total), data: page.data.map((r) => r.body), ...(aggregations ? { aggregations } : {}) };
    });
  }

  /** One light row per project entity (of the types, when given), for the client's view; the latest status only when asked. */
  private async contentsRows(tx: ManagedTransaction, projectId: string, types: string[] | null, withStatus: boolean): Promise<ProjectContentsRow[]> {
    return (await tx.run(cypher('projects', 'project-entity-facets'), { projectId, types, withStatus })).records.map(contentsRow);
  }

  /**
   * The client's view of the list: filtered, sorted and counted over one light row per project
   * entity, then the page's full rows. A project holds up to thousands of entities, so the light
   * rows are read whole (one statement) and ordered here; the cursor holds the sort value and id
   * of the row it continues from, so a page stays in place while entities are added or removed.
   */
  private async listEntityView(principal: Principal, projectId: string, request: CursorRequest, types: string[] | null, view: ContentsQuery) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const withStatus = view.sort?.field === 'latest_status' || Object.hasOwn(view.filters, 'status_exact');
      const rows = (await this.contentsRows(tx, projectId, types, withStatus)).filter(compileFilters(view.filters));
      const compare = contentsComparator(view.sort);
      const ordered = rows.map((r) => ({ value: sortValue(r, view.sort), id: r.id })).sort(compare);
      const tokenKey = (key: Key, parameter: string) => {
        let value: unknown;
        try {
          value = JSON.parse(key.created);
        } catch {
          throw badParameter(parameter, 'invalid page token');
        }
        if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw badParameter(parameter, 'invalid page token');
        return { value: value as string | number | null, id: key.id };
      };
      // A token holds the row's id and, for a row deleted meanwhile, a prefix of its sort value
      // (a whole label or custom value could outgrow the token): the id finds the place exactly.
      const asRow = (o: { value: string | number | null; id: string }) => ({
        key: { created: JSON.stringify(typeof o.value === 'string' ? o.value.slice(0, TOKEN_SORT_PREFIX) : o.value), id: o.id },
      });
      const place = (key: { value: string | number | null; id: string }) => {
        const at = ordered.findIndex((o) => o.id === key.id);
        return at >= 0 ? { at, exact: true } : { at: ordered.findIndex((o) => compare(o, key) > 0), exact: false };
      };
      const page = await cursorPage(
        `project-entities:${projectId}:view:${viewKey(view, types)}`,
        request,
        async (after, n) => {
          if (!after) return ordered.slice(0, n).map(asRow);
          const { at, exact } = place(tokenKey(after, 'next'));
          const from = at < 0 ? ordered.length : exact ? at + 1 : at;
          return ordered.slice(from, from + n).map(asRow);
        },
        async (before, n) => {
          const { at } = place(tokenKey(before, 'prev'));
          const to = at < 0 ? ordered.length : at;
          return ordered.slice(Math.max(0, to - n), to).reverse().map(asRow);
        },
      );
      const ids = page.data.map((r) => r.key.id);
      const full = new Map((await tx.run(cypher('projects', 'project-entity-list-ids'), { projectId, ids })).records
        .map((r) => [r.get('pe').id as string, projectEntityBody(r)]));
      return {
        ...page,
        size: exact(rows.length),
        // A project entity deleted since the rows were read (another transaction's commit) drops out.
        data: ids.filter((id) => full.has(id)).map((id) => full.get(id)!),
        ...(view.aggregations.length ? { aggregations: aggregate(rows, view.aggregations) } : {}),
      };
    });
  }

  /** Deletes a project entity with its snapshots; admin. Answers the entity as it was. */
  async deleteEntity(principal: Principal, projectId: string, id: string) {
    const body = await this.writeTx(async (tx) => {
      await this.lockProject(tx, projectId, principal, 'admin', now());
      const before = await this.readProjectEntity(tx, projectId, id);
      await tx.run(cypher('projects', 'project-entity-delete'), { projectId, id });
      return before;
    });
    await this.recordEvent(principal, 'project_entity.deleted', { project_id: projectId, project_entity_id: id });
    return body;
  }

  /**
   * PATCH .../matches: `entity_ids` (in order) replace the matches, capped at `limit`. A match
   * that is dropped is remembered as deleted; a remembered deleted match named again is skipped
   * unless `override_deleted`, which restores it. Answers the resulting match ids.
   */
  async replaceMatches(principal: Principal, projectId: string, id: string, input: ReplaceMatchesInput): Promise<string[]> {
    let change: { added: string[]; removed: string[]; restored: string[] } = { added: [], removed: [], restored: [] };
    const final = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      const row = (await tx.run(cypher('projects', 'project-entity-lock'), { projectId, id, now: at, user: principal.user })).records[0];
      if (!row) throw projectEntityNotFound(id);
      await this.missingEntities(tx, input.entity_ids);
      const current = row.get('matches') as string[];
      const deleted = new Set(row.get('deleted') as string[]);
      const result = input.entity_ids.filter((e) => input.override_deleted || !deleted.has(e)).slice(0, input.limit);
      await tx.run(cypher('projects', 'project-entity-set-matches'), { id, final: result, now: at, user: principal.user });
      change = {
        added: result.filter((e) => !current.includes(e)),
        removed: current.filter((e) => !result.includes(e)),
        restored: result.filter((e) => deleted.has(e)),
      };
      return result;
    });
    await this.recordEvent(principal, 'project_entity.matches_updated', { project_id: projectId, project_entity_id: id, entity_ids: final, ...change });
    return final;
  }
}
