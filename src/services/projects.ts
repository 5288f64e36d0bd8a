/**
 * Projects (/v1/projects...): projects, their entities (each a saved set of matched graph
 * entities), match replacement with remembered deletions, and supply-chain snapshots (the
 * upstream ownership traversal of a project entity's primary match, frozen at that moment).
 *
 * Access (src/services/access.ts) is checked inside the transaction that reads or changes the
 * project; every write first takes the project's write lock, so an archive and a change of its
 * entities cannot interleave. Every change appends a history event after it is committed.
 *
 * Status codes: 404 for a project, project entity or snapshot that does not exist or is not
 * visible to the caller; 403 for a visible project and a too low role; 409 for a change to an
 * archived project or a snapshot of a project entity without matches; 400 for unknown entity
 * ids in a body (the addressed resource exists; the body is wrong).
 */
import { randomUUID } from 'node:crypto';
import neo4j, { type ManagedTransaction, type Record as Neo4jRecord } from 'neo4j-driver';
import { ApiError, badParameter, notFound } from '../domain/errors';
import { UBO_TYPES } from '../domain/relationships';
import { cypher } from '../graph/cypherFiles';
import { Props, coreEntity, embeddedEntity, storedJson } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import type { HistoryEvent } from '../feeds/history';
import type { Principal } from './auth';
import { ProjectAccess, Role, archivedConflict, requireRole } from './access';
import { exact, skipLimit } from './paging';
import {
  ContentsQuery, ProjectContentsRow, aggregate, compileFilters, contentsComparator, isPlainOrder, sortValue, viewKey,
} from './projectContents';
import { TraversalRequest, TraversalService, v1Results } from './traversal';

export const PROJECT_TYPES = ['network', 'supply_chain'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Where project changes are recorded (the history feed). */
export interface AuditSink {
  /** `now`: written before the call answers, not behind. */
  record(principal: Principal, event: HistoryEvent, data: Record<string, unknown>, now?: boolean): Promise<unknown>;
}

export interface CreateProjectInput { label: string; type: ProjectType; share?: { org: Role } }
export interface CursorRequest { limit: number; next?: string; prev?: string }
export interface ReplaceMatchesInput { entity_ids: string[]; override_deleted: boolean; limit: number }

/** Matches per project entity at creation (the PATCH limit's maximum). */
export const MAX_MATCHES = 50;
/** The snapshot traversal: upstream ownership as /v1/ubo with its defaults, up to 50 owners. */
const SNAPSHOT_TRAVERSAL = { limit: 50, minDepth: 1, maxDepth: 4 };

const projectEntityNotFound = (id: string) => notFound(`project entity ${JSON.stringify(id)}`);
const now = () => new Date().toISOString();

function projectBody(p: Props, entityCount: number, withMembers = false) {
  const type = (p.type as ProjectType) ?? 'network';
  const created = p.created as string;
  return {
    id: p.id as string,
    label: p.label as string,
    type,
    is_scrm: type === 'supply_chain',
    archived: Boolean(p.archived),
    created,
    updated: p.updated as string,
    counts: { entity: entityCount, graph: 0, search: 0, record: 0 },
    ...(withMembers
      ? {
          // The published client's RoleMember: a user or a group. An org share grants a role to
          // every member of the organisation, so it is that group; both date from the project's creation.
          members: [
            { type: 'user', id: p.owner_user as string, role: 'admin', created, updated: created },
            ...(p.share_org ? [{ type: 'group', id: p.share_org as string, role: p.share_role as string, created, updated: created }] : []),
          ],
        }
      : {}),
  };
}

/** Shipments received and shipped by every match of a project entity (their relationship counts). */
function tradeCounts(matchCounts: (string | null)[]) {
  const trade = { receiver_of: 0, shipper_of: 0 };
  for (const stored of matchCounts) {
    const counts = storedJson<Record<string, number>>(stored, {});
    trade.receiver_of += counts.receiver_of ?? 0;
    trade.shipper_of += counts.shipper_of ?? 0;
  }
  return trade;
}

/** A facets row (project-entity-facets) as the light row the client's view works on. */
function contentsRow(r: Neo4jRecord): ProjectContentsRow {
  const trade = tradeCounts(r.get('match_counts') as (string | null)[]);
  const upstream = r.get('upstream') as { risk: string[] | null; countries: string[] | null } | null;
  const sources = storedJson<Record<string, { label?: string }>>(r.get('source_count'), {});
  return {
    id: r.get('id') as string,
    created: r.get('created') as string,
    entityId: r.get('entity_id') as string | null,
    label: r.get('label') as string | null,
    countries: (r.get('countries') as string[] | null) ?? [],
    risk: Object.keys(storedJson<Record<string, unknown>>(r.get('risk'), {})),
    sources: Object.entries(sources).map(([id, s]) => ({ id, label: s.label ?? id })),
    identifiers: storedJson<{ value: string }[]>(r.get('identifiers'), []).map((i) => i.value),
    status: r.get('status') as string | null,
    receiverOf: trade.receiver_of,
    shipperOf: trade.shipper_of,
    upstreamRisk: upstream?.risk ?? [],
    upstreamCountries: upstream?.countries ?? [],
    custom: storedJson<Record<string, string>>(r.get('custom_fields'), {}),
  };
}

/**
 * ProjectEntity as the published client reads it. `trade_count_incl_mg` counts the shipper_of
 * and receiver_of facts of every match (the match group); `upstream` is the risk factors and
 * countries of the entities upstream in the latest supply-chain snapshot (empty before the
 * first). No HS codes are kept and there is no case workflow, so those are empty.
 */
function projectEntityBody(row: Neo4jRecord) {
  const pe = row.get('pe') as Props;
  const matches = row.get('matches') as string[];
  const primary = (row.get('primary') as Props[])[0];
  const trade = tradeCounts(row.get('match_counts') as (string | null)[]);
  const upstream = row.get('upstream') as { risk: string[] | null; countries: string[] | null } | null;
  return {
    id: pe.id as string,
    project: pe.project_id as string,
    type: 'entity' as const,
    // '' once every match is removed: the client reads a string.
    entity_id: matches[0] ?? '',
    entity_ids: matches,
    deleted_entity_ids: row.get('deleted') as string[],
    label: (primary?.label as string | undefined) ?? '',
    created: pe.created as string,
    updated: pe.updated as string,
    updated_by: pe.updated_by as string,
    version: (pe.version as number) ?? 1,
    tag_ids: [] as string[],
    case_status: '',
    // Saved with the entity (the published client's saveEntity): custom_<name> -> string.
    custom_fields: storedJson<Record<string, string>>(pe.custom_fields, {}),
    shipped_hs_codes: [] as string[],
    received_hs_codes: [] as string[],
    trade_count_incl_mg: trade,
    upstream: { risk: upstream?.risk ?? [], countries: upstream?.countries ?? [] },
    snapshot_count: row.get('snapshot_count') as number,
    summary: primary ? coreEntity(primary) : null,
  };
}

/** The risk factors and countries of the entities upstream in a snapshot (every entity on its paths but the source). */
function upstreamOf(data: { data: { path: { entity: { risk?: Record<string, unknown>; countries: string[] } }[] }[] }) {
  const risk = new Set<string>();
  const countries = new Set<string>();
  for (const result of data.data) {
    for (const segment of result.path) {
      for (const factor of Object.keys(segment.entity.risk ?? {})) risk.add(factor);
      for (const country of segment.entity.countries) countries.add(country);
    }
  }
  return { risk: [...risk].sort(), countries: [...countries].sort() };
}

function snapshotBody(s: Props, withData: boolean) {
  return {
    id: s.id as string,
    project_id: s.project_id as string,
    project_entity_id: s.project_entity_id as string,
    entity_id: s.entity_id as string,
    created: s.created as string,
    created_by: s.created_by as string,
    ...(withData ? { data: JSON.parse((s.data as string) ?? 'null') as unknown } : {}),
  };
}

// Keyset cursors: opaque tokens holding the (created, id) of the row they continue from; in a
// sorted view of project entities `created` holds (a prefix of) the row's sort value as JSON.
const TOKEN_SORT_PREFIX = 100;
interface Key { created: string; id: string }
function encodeCursor(kind: string, key: Key): string {
  return Buffer.from(JSON.stringify({ k: kind, c: key.created, i: key.id })).toString('base64url');
}
function decodeCursor(kind: string, token: string, parameter: string): Key {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { k?: unknown; c?: unknown; i?: unknown };
    if (v.k === kind && typeof v.c === 'string' && typeof v.i === 'string') return { created: v.c, id: v.i };
  } catch {
    // fall through
  }
  throw badParameter(parameter, 'invalid page token');
}

interface CursorPage<T> { limit: number; next?: string; prev?: string; first: boolean; last: boolean; data: T[] }

/**
 * One page in list order. `forward(after, n)` returns up to n rows after the key (null: from
 * the start); `backward(before, n)` up to n rows before it, nearest first.
 */
async function cursorPage<R extends { key: Key }>(
  kind: string,
  request: CursorRequest,
  forward: (after: Key | null, n: number) => Promise<R[]>,
  backward: (before: Key, n: number) => Promise<R[]>,
): Promise<CursorPage<R>> {
  if (request.next !== undefined && request.prev !== undefined) throw badParameter('next', 'cannot be combined with prev');
  const { limit } = request;
  if (request.prev !== undefined) {
    const before = decodeCursor(kind, request.prev, 'prev');
    const rows = await backward(before, limit + 1);
    if (rows.length > limit) {
      const data = rows.slice(0, limit).reverse();
      return { limit, prev: encodeCursor(kind, data[0].key), next: encodeCursor(kind, data[data.length - 1].key), first: false, last: false, data };
    }
    // Back at the start: serve the first page, full.
    return cursorPage(kind, { limit }, forward, backward);
  }
  const after = request.next !== undefined ? decodeCursor(kind, request.next, 'next') : null;
  const rows = await forward(after, limit + 1);
  const data = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    limit,
    ...(more ? { next: encodeCursor(kind, data[data.length - 1].key) } : {}),
    ...(after && data.length ? { prev: encodeCursor(kind, data[0].key) } : {}),
    first: after === null,
    last: !more,
    data,
  };
}

export class ProjectService {
  constructor(
    private readonly graph: Graph,
    private readonly traversal: TraversalService,
    private readonly audit: AuditSink,
    private readonly warn: (message: string, err: unknown) => void = () => undefined,
  ) {}

  private async writeTx<T>(work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    const session = this.graph.session('WRITE');
    try {
      return await session.executeWrite(work);
    } finally {
      await session.close();
    }
  }

  private async recordEvent(principal: Principal, event: HistoryEvent, data: Record<string, unknown>): Promise<void> {
    try {
      await this.audit.record(principal, event, data, true);
    } catch (err) {
      // The change is committed; a history outage must not turn it into an error.
      this.warn(`history event ${event} not recorded`, err);
    }
  }

  /** Reads the project in `tx` and checks the caller's role (404 / 403). */
  private async readProject(tx: ManagedTransaction, id: string, principal: Principal, needed: Role) {
    const row = (await tx.run(cypher('projects', 'project-get'), { id })).records[0];
    const project = row?.get('project') as (Props & ProjectAccess) | undefined;
    requireRole(project, id, principal, needed);
    return { project: project!, entityCount: row!.get('entity_count') as number };
  }

  /** Locks the project for a change by an editor or admin (404 / 403 / 409 when archived) and touches `updated`. */
  private async lockProject(tx: ManagedTransaction, id: string, principal: Principal, needed: Role, at: string): Promise<Props> {
    const row = (await tx.run(cypher('projects', 'project-lock'), { id, now: at })).records[0];
    const project = row?.get('project') as (Props & ProjectAccess) | undefined;
    requireRole(project, id, principal, needed);
    if (project!.archived) throw archivedConflict(id);
    return project!;
  }

  private async missingEntities(tx: ManagedTransaction, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const missing = (await tx.run(cypher('projects', 'entities-missing'), { ids })).records[0].get('missing') as string[];
    if (missing.length) {
      const shown = missing.slice(0, 10).map((m) => JSON.stringify(m)).join(', ');
      throw badParameter('entity_ids', `unknown entity ids: ${shown}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`);
    }
  }

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

  private async readProjectEntity(tx: ManagedTransaction, projectId: string, id: string) {
    const row = (await tx.run(cypher('projects', 'project-entity-get'), { projectId, id })).records[0];
    if (!row) throw projectEntityNotFound(id);
    return projectEntityBody(row);
  }

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

  // ---- supply-chain snapshots ----

  /** Freezes the upstream ownership traversal of the project entity's primary match; editor. */
  async createSnapshot(principal: Principal, projectId: string, projectEntityId: string) {
    const entityId = await this.graph.readTx(async (tx) => {
      const { project } = await this.readProject(tx, projectId, principal, 'editor');
      if (project.archived) throw archivedConflict(projectId);
      const pe = await this.readProjectEntity(tx, projectId, projectEntityId);
      if (!pe.entity_id) throw new ApiError(409, [`project entity ${JSON.stringify(projectEntityId)} has no matches to snapshot`]);
      return pe.entity_id;
    });
    const data = await this.upstream(entityId);
    const upstream = upstreamOf(data);
    const id = randomUUID();
    const snapshot = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      const row = (await tx.run(cypher('projects', 'snapshot-create'), {
        projectId, projectEntityId, id, now: at, user: principal.user, entityId, data: JSON.stringify(data),
        upstreamRisk: upstream.risk, upstreamCountries: upstream.countries,
      })).records[0];
      if (!row) throw projectEntityNotFound(projectEntityId);
      return row.get('snapshot') as Props;
    });
    await this.recordEvent(principal, 'snapshot.created', { project_id: projectId, project_entity_id: projectEntityId, snapshot_id: id, entity_id: entityId });
    return snapshotBody(snapshot, true);
  }

  /** The /v1/ubo answer for the entity (upstream ownership types, /v1 defaults, up to 50 owners). */
  private async upstream(entityId: string) {
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

  async listSnapshots(principal: Principal, projectId: string, projectEntityId: string, paging: { offset: number; limit: number }) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const row = (await tx.run(cypher('projects', 'snapshot-list'), { projectId, projectEntityId, ...skipLimit(paging) })).records[0];
      if (!row) throw projectEntityNotFound(projectEntityId);
      const total = row.get('total') as number;
      const data = (row.get('page') as Props[]).map((s) => snapshotBody(s, false));
      return { offset: paging.offset, limit: paging.limit, next: paging.offset + data.length < total, size: exact(total), data };
    });
  }

  async getSnapshot(principal: Principal, projectId: string, projectEntityId: string, id: string) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      await this.readProjectEntity(tx, projectId, projectEntityId);
      const row = (await tx.run(cypher('projects', 'snapshot-get'), { projectId, projectEntityId, id })).records[0];
      if (!row) throw notFound(`snapshot ${JSON.stringify(id)}`);
      return snapshotBody(row.get('snapshot') as Props, true);
    });
  }

  /** Deletes one snapshot; admin. Answers it (without its data) as it was. */
  async deleteSnapshot(principal: Principal, projectId: string, projectEntityId: string, id: string) {
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
