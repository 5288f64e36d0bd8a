/**
 * Project entities of the newer client generation (`projectEntity`): created from resolution
 * attributes, resolved against the graph by ResolveService (the same scoring as
 * /v1/resolution), and stored with their matches, each with its score, strength, profile and
 * field-by-field explanation. Also: whether an entity with the same attributes exists, saving
 * given entity ids with attributes, deleting one match (remembered, so a later resolution of
 * the entity skips it) and resolving an entity again with changed attributes.
 *
 * Access and status codes as for every project change (src/services/projectTx.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ManagedTransaction } from '../../graph/driver';
import { notFound } from '../../domain/errors';
import { cypher } from '../../graph/cypherFiles';
import { Props, storedJson } from '../../graph/mappers';
import type { Graph } from '../../graph/neo4j';
import type { Principal } from '../auth';
import { CaseStatus, MatchExplanation, MatchStrength } from './entityMatches';
import { CUSTOM_FIELD } from './contents';
import { archivedConflict } from '../access';
import { AuditSink, ProjectTx, now, projectEntityNotFound } from './tx';
import { BEST_MATCH_THRESHOLD, FieldExplanation, Ranked, ResolveField, ResolveParams, ResolveService, Scored } from '../resolve';

/** Attributes of the client's ResolutionAttributes that resolution reads (others are kept only). */
export const RESOLVED_ATTRIBUTES = ['name', 'identifier', 'country', 'address', 'date_of_birth', 'type'] as const;
/** Every attribute a project entity keeps, custom_<name> fields aside. */
export const ATTRIBUTE_NAMES = [...RESOLVED_ATTRIBUTES, 'contact', 'city', 'state'] as const;
/** Matches a resolution keeps (best first); the client shows a handful. */
export const RESOLVED_MATCHES = 10;
/** A match at or above this score is strong; from BEST_MATCH_THRESHOLD up it is partial. */
const STRONG_SCORE = 0.85;

/** One attribute value of a project entity; `id` numbers the values of the entity. */
export interface StoredAttribute { id: number; field: string; value: string; match_resolution: boolean }

/** What a project entity is resolved from: its attribute values and the resolution profile. */
export interface ResolutionInput { attributes: StoredAttribute[]; profile: string }

/** A resolution attribute, a kept one (contact, city, state) or a custom_<name> field. */
export const isAttributeField = (field: string): boolean => (ATTRIBUTE_NAMES as readonly string[]).includes(field) || CUSTOM_FIELD.test(field);
/** Whether values of the field are resolved against the graph. */
export const isResolvedField = (field: string): boolean => (RESOLVED_ATTRIBUTES as readonly string[]).includes(field);

/** The attribute values of a request, numbered from 1: resolution attributes resolved, the others kept. */
export function attributeList(attributes: Record<string, string[]>): StoredAttribute[] {
  const out: StoredAttribute[] = [];
  for (const [field, values] of Object.entries(attributes)) {
    for (const value of values) out.push({ id: out.length + 1, field, value, match_resolution: isResolvedField(field) });
  }
  return out;
}

const valuesOf = (list: StoredAttribute[], field: string) => list.filter((a) => a.field === field && a.match_resolution).map((a) => a.value);

/** The custom fields (custom_<name> -> its latest value) of the older generation's body and filters. */
function customFieldsOf(list: StoredAttribute[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of list) if (CUSTOM_FIELD.test(a.field)) out[a.field] = a.value;
  return out;
}

interface ResolvedMatch { id: string; score: number; strength: MatchStrength; explanation: string }

const FIELD: Record<ResolveField, string> = { name: 'name', identifier: 'identifier', country: 'country', address: 'address', dob: 'date_of_birth' };

function quality(x: FieldExplanation): MatchExplanation['quality'] {
  if (x.match_quality === 'exact' || x.match_quality === 'high') return 'high';
  if (x.match_quality === 'medium') return 'medium';
  if (x.match_quality === 'none') return 'na';
  return 'low';
}

/** The resolution's explanation of one match, a field each, in the client's shape. */
export function explain(s: Scored): MatchExplanation[] {
  return (Object.entries(s.explanation) as [ResolveField, FieldExplanation][]).map(([field, x]) => ({
    field: FIELD[field],
    quality: quality(x),
    description: [
      `uploaded ${JSON.stringify(x.uploaded)}${x.matched !== undefined ? `, matched ${JSON.stringify(x.matched)}` : ''}`,
      `similarity ${x.similarity.toFixed(2)}, ${x.points >= 0 ? '+' : ''}${x.points.toFixed(2)} points${x.match_quality === 'conflict' ? ' (conflict)' : ''}`,
    ],
    matches: x.matched !== undefined && x.points > 0 ? [x.matched] : [],
  }));
}

/** What a resolution gives a project entity: its strength and its matches, best first. */
export interface Resolution { strength: MatchStrength; matches: ResolvedMatch[] }

/** The resolve query of an input; none when it has no name, identifier or address (no match). */
function resolveParamsOf(input: ResolutionInput): ResolveParams | undefined {
  const a = (field: string) => valuesOf(input.attributes, field);
  if (!a('name').length && !a('identifier').length && !a('address').length) return undefined;
  return {
    name: a('name'), identifier: a('identifier'), country: a('country').map((c) => c.toUpperCase()), address: a('address'),
    dob: a('date_of_birth'), ...(a('type').length ? { types: a('type') } : {}), fuzziness: {}, strict: false, limit: RESOLVED_MATCHES,
  };
}

function resolutionOf(ranked: Ranked): Resolution {
  const matches = ranked.all.filter((s) => s.score >= BEST_MATCH_THRESHOLD)
    .map((s) => ({ id: s.candidate.id, score: s.score, strength: strengthOf(s.score), explanation: JSON.stringify(explain(s)) }));
  return { strength: matches[0]?.strength ?? 'no_match', matches };
}

const strengthOf = (score: number): MatchStrength => (score >= STRONG_SCORE ? 'strong' : score >= BEST_MATCH_THRESHOLD ? 'partial' : 'no_match');

/** The attributes' canonical form: equal attributes (in any order, any case) give equal keys. */
export function attributesKey(input: ResolutionInput): string {
  const canonical = input.attributes.map((a) => `${a.field}\u0000${a.value.trim().toLowerCase()}`).sort();
  return createHash('sha256').update(JSON.stringify([input.profile, [...new Set(canonical)]])).digest('base64url');
}

/** The stored properties of a resolution input: attributes JSON, attributes key, profile and custom fields JSON. */
export function storedFields(input: ResolutionInput) {
  return {
    attributes: JSON.stringify(input.attributes), attributesKey: attributesKey(input), profile: input.profile,
    customFields: Object.keys(customFieldsOf(input.attributes)).length ? JSON.stringify(customFieldsOf(input.attributes)) : null,
  };
}

export class ProjectEntityService extends ProjectTx {
  constructor(graph: Graph, private readonly resolver: ResolveService, audit: AuditSink, warn?: (message: string, err: unknown) => void) {
    super(graph, audit, warn);
  }

  /** The resolution's matches: every candidate at or above the best-match threshold, best first. */
  async resolution(input: ResolutionInput): Promise<Resolution> {
    const params = resolveParamsOf(input);
    return params ? resolutionOf(await this.resolver.rank(params)) : { strength: 'no_match', matches: [] };
  }

  /** `resolution` of several inputs, their candidates read in one exchange; a refused input answers its error in its place. */
  async resolutions(inputs: ResolutionInput[]): Promise<(Resolution | Error)[]> {
    const params = inputs.map(resolveParamsOf);
    const asked = params.filter((p): p is ResolveParams => p !== undefined);
    const ranked = await this.resolver.rankMany(asked);
    let k = 0;
    return params.map((p) => {
      if (!p) return { strength: 'no_match' as const, matches: [] };
      const r = ranked[k++];
      return r instanceof Error ? r : resolutionOf(r);
    });
  }

  /** POST /v1/projects/{id}/entities/create with attributes; editor. Answers the stored project entity. */
  async create(principal: Principal, projectId: string, input: ResolutionInput) {
    const { strength, matches } = await this.resolution(input);
    const id = randomUUID();
    const body = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      // An entity may have left the graph between resolution and this write: its match is dropped.
      await tx.run(cypher('projectEntities', 'resolved-entity-create'), {
        projectId, id, now: at, user: principal.user, strength, matches, ...storedFields(input),
      });
      return this.readProjectEntity(tx, projectId, id);
    });
    await this.recordEvent(principal, 'project_entity.created', {
      project_id: projectId, project_entity_id: id, entity_ids: matches.map((m) => m.id), strength, resolved: true,
    });
    return body;
  }

  /** Refuses (404, 403, 409 when archived and `needed` is editor) a caller without `needed` on the project. */
  async requireAccess(principal: Principal, projectId: string, needed: 'viewer' | 'editor'): Promise<void> {
    const project = await this.graph.readTx((tx) => this.readProject(tx, projectId, principal, needed));
    if (needed === 'editor' && project.project.archived) throw archivedConflict(projectId);
  }

  /** POST .../entities/save: a project entity of the given entity ids (in order) with its attributes; editor. */
  async save(principal: Principal, projectId: string, entityIds: string[], input: ResolutionInput) {
    const id = randomUUID();
    await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      await this.missingEntities(tx, entityIds);
      const matches = entityIds.map((e) => ({ id: e, score: null, strength: 'manual', explanation: null }));
      await tx.run(cypher('projectEntities', 'resolved-entity-create'), {
        projectId, id, now: at, user: principal.user, strength: 'manual', matches, ...storedFields(input),
      });
    });
    await this.recordEvent(principal, 'project_entity.created', { project_id: projectId, project_entity_id: id, entity_ids: entityIds });
    return { project_entity_id: id };
  }

  /** POST .../entities/exists: the id of a project entity saved with the same attributes, if any; viewer. */
  async exists(principal: Principal, projectId: string, input: ResolutionInput) {
    return this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      const row = (await tx.run(cypher('projectEntities', 'resolved-entity-exists'), { projectId, attributesKey: attributesKey(input) })).records[0];
      return row ? { project_entity_id: row.get('id') as string } : {};
    });
  }

  /** DELETE .../entities/{id}/matches/{match}; editor. The match stays deleted when the entity is resolved again. */
  async deleteMatch(principal: Principal, projectId: string, id: string, matchId: string) {
    const body = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      await this.readProjectEntity(tx, projectId, id);
      const row = (await tx.run(cypher('projectEntities', 'match-delete'), { projectId, id, matchId, now: at, user: principal.user })).records[0];
      if (!row) throw notFound(`match ${JSON.stringify(matchId)}`);
      return this.readProjectEntity(tx, projectId, id);
    });
    await this.recordEvent(principal, 'project_entity.matches_updated', { project_id: projectId, project_entity_id: id, removed: [matchId] });
    return body;
  }

  /**
   * PATCH .../entities/{id}: the project entity's tags (replaced as a set, in the order given)
   * and case status; editor. Either may be left out. Answers the project entity after the change.
   */
  async updateCase(principal: Principal, projectId: string, id: string, change: { tags?: string[]; case_status?: CaseStatus }) {
    const body = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      const row = (await tx.run(cypher('projectEntities', 'case-update'), {
        projectId, id, now: at, user: principal.user, tags: change.tags ?? null, caseStatus: change.case_status ?? null,
      })).records[0];
      if (!row) throw projectEntityNotFound(id);
      return this.readProjectEntity(tx, projectId, id);
    });
    await this.recordEvent(principal, 'project_entity.case_updated', {
      project_id: projectId, project_entity_id: id,
      ...(change.tags ? { tags: change.tags } : {}), ...(change.case_status ? { case_status: change.case_status } : {}),
    });
    return body;
  }

  /** The stored resolution input of a project entity (its attribute values and profile). */
  static inputOf(pe: Props): ResolutionInput {
    return { attributes: storedJson<StoredAttribute[]>(pe.attributes, []), profile: (pe.profile as string) ?? 'corporate' };
  }

  /**
   * Changes a project entity's attribute values with `change` (which may throw a 404 for an
   * unknown attribute); editor. With `rematch`, the entity is resolved again with the changed
   * values and its matches replaced, deleted matches skipped. The change is applied to the
   * values read under the entity's write lock, so concurrent changes are not lost.
   */
  async changeAttributes<T>(
    principal: Principal, projectId: string, id: string, rematch: boolean,
    change: (list: StoredAttribute[]) => { list: StoredAttribute[]; result: T },
  ): Promise<T> {
    let planned: ResolutionInput | undefined;
    if (rematch) {
      const current = await this.graph.readTx(async (tx) => {
        await this.readProject(tx, projectId, principal, 'editor');
        return this.readInput(tx, projectId, id);
      });
      planned = { ...current, attributes: change(current.attributes).list };
    }
    const resolution = planned ? await this.resolution(planned) : undefined;
    let kept: ResolvedMatch[] = [];
    const result = await this.writeTx(async (tx) => {
      const at = now();
      await this.lockProject(tx, projectId, principal, 'editor', at);
      const row = (await tx.run(cypher('projectEntities', 'resolved-entity-lock'), { projectId, id, now: at, user: principal.user })).records[0];
      if (!row) throw projectEntityNotFound(id);
      const current = ProjectEntityService.inputOf(row.get('pe') as Props);
      const changed = change(current.attributes);
      const input = { ...current, attributes: changed.list };
      if (resolution) {
        const deleted = new Set(row.get('deleted') as string[]);
        kept = resolution.matches.filter((m) => !deleted.has(m.id));
        await tx.run(cypher('projectEntities', 'resolved-entity-rematch'), {
          id, now: at, matches: kept, strength: kept[0]?.strength ?? 'no_match', ...storedFields(input),
        });
      } else {
        await tx.run(cypher('projectEntities', 'resolved-entity-set-attributes'), { id, ...storedFields(input) });
      }
      return changed.result;
    });
    await this.recordEvent(principal, rematch ? 'project_entity.matches_updated' : 'project_entity.attributes_updated', {
      project_id: projectId, project_entity_id: id, ...(rematch ? { entity_ids: kept.map((m) => m.id), resolved: true } : {}),
    });
    return result;
  }

  /** The attribute values of a project entity, grouped by field (the client's ProjectEntityAttribute); viewer. */
  async attributes(principal: Principal, projectId: string, id: string) {
    const list = await this.graph.readTx(async (tx) => {
      await this.readProject(tx, projectId, principal, 'viewer');
      return (await this.readInput(tx, projectId, id)).attributes;
    });
    const fields = new Map<string, { field: string; match_resolution: boolean; values: { id: number; value: string }[] }>();
    for (const a of list) {
      const entry = fields.get(a.field) ?? { field: a.field, match_resolution: false, values: [] };
      entry.values.push({ id: a.id, value: a.value });
      entry.match_resolution ||= a.match_resolution;
      fields.set(a.field, entry);
    }
    return [...fields.values()];
  }

  /** A project entity's stored input; 404 when it is not in the project. */
  private async readInput(tx: ManagedTransaction, projectId: string, id: string): Promise<ResolutionInput> {
    const row = (await tx.run(cypher('projects', 'project-entity-get'), { projectId, id })).records[0];
    if (!row) throw projectEntityNotFound(id);
    return ProjectEntityService.inputOf(row.get('pe') as Props);
  }
}
