/**
 * Response bodies of projects, project entities and snapshots, as both generations of the
 * published client read them. A project entity is one body that carries the fields of the older
 * `ProjectEntity` (id, project, entity_ids, ...) and of the newer `ProjectEntityResponse`
 * (project_entity_id, matches, strength, ...): both parsers pass unknown keys through, so one
 * body serves a client of either generation unchanged.
 */
import type { Neo4jRecord } from '../../graph/driver';
import { Props, coreEntity, storedJson } from '../../graph/mappers';
import type { ProjectContentsRow } from './contents';
import type { ProjectType } from './types';
import { MatchRow, newerFields } from './entityMatches';

export function projectBody(p: Props, entityCount: number, withMembers = false) {
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
export function tradeCounts(matchCounts: (string | null)[]) {
  const trade = { receiver_of: 0, shipper_of: 0 };
  for (const stored of matchCounts) {
    const counts = storedJson<Record<string, number>>(stored, {});
    trade.receiver_of += counts.receiver_of ?? 0;
    trade.shipper_of += counts.shipper_of ?? 0;
  }
  return trade;
}

/** A facets row (project-entity-facets) as the light row the client's view works on. */
export function contentsRow(r: Neo4jRecord): ProjectContentsRow {
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
    strength: (r.get('strength') as string | null) ?? 'manual',
    matchIds: r.get('match_ids') as string[],
    tags: (r.get('tag_labels') as string[] | null) ?? [],
    caseStatus: (r.get('case_status') as string | null) ?? 'not_assigned',
    uploadIds: (r.get('upload_ids') as string[] | null) ?? [],
  };
}

/**
 * ProjectEntity as the published client reads it. `trade_count_incl_mg` counts the shipper_of
 * and receiver_of facts of every match (the match group); `upstream` is the risk factors and
 * countries of the entities upstream in the latest supply-chain snapshot (empty before the
 * first). No HS codes are kept, so those are empty; `tag_ids` and `case_status` are the newer
 * generation's `tags` and `case`. The newer
 * generation's fields (src/services/projectEntityMatches.ts) come first; `label` and `upstream`
 * are shared (the upstream carries both generations' keys).
 */
export function projectEntityBody(row: Neo4jRecord) {
  const pe = row.get('pe') as Props;
  const matches = row.get('matches') as string[];
  const primary = (row.get('primary') as Props[])[0];
  const trade = tradeCounts(row.get('match_counts') as (string | null)[]);
  const stored = row.get('upstream') as { risk: string[] | null; countries: string[] | null } | null;
  const upstream = { risk: stored?.risk ?? [], countries: stored?.countries ?? [] };
  const label = (primary?.label as string | undefined) ?? '';
  const newer = newerFields(pe, row.get('match_rows') as MatchRow[], upstream, trade, label);
  return {
    ...newer,
    id: pe.id as string,
    project: pe.project_id as string,
    type: 'entity' as const,
    // '' once every match is removed: the client reads a string.
    entity_id: matches[0] ?? '',
    entity_ids: matches,
    deleted_entity_ids: row.get('deleted') as string[],
    created: pe.created as string,
    updated: pe.updated as string,
    updated_by: pe.updated_by as string,
    version: (pe.version as number) ?? 1,
    tag_ids: newer.tags.map((t) => t.id),
    case_status: newer.case,
    // Saved with the entity (the published client's saveEntity): custom_<name> -> string.
    custom_fields: storedJson<Record<string, string>>(pe.custom_fields, {}),
    shipped_hs_codes: [] as string[],
    received_hs_codes: [] as string[],
    trade_count_incl_mg: trade,
    snapshot_count: row.get('snapshot_count') as number,
    // Without a match, an empty entity under the project entity's label: the older client requires a CoreEntity.
    summary: primary ? coreEntity(primary) : { ...coreEntity({ id: '', label: newer.label, type: 'company' }), entity_url: '' },
  };
}

/** The risk factors and countries of the entities upstream in a snapshot (every entity on its paths but the source). */
export function upstreamOf(data: { data: { path: { entity: { risk?: Record<string, unknown>; countries: string[] } }[] }[] }) {
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

/**
 * A snapshot in both shapes: the client's ProjectEntitySupplyChainSnapshotData (snapshot_id,
 * label, release_tag, ...; with `withData` its nodes and edges) beside the first shape (id,
 * entity_id, created, ...; with `withData` the ownership traversal in `data`). The graph keeps
 * no data release tags, so release_tag is ''; a snapshot taken before supply chains were
 * frozen has no nodes or edges.
 */
export function snapshotBody(s: Props, withData: boolean) {
  const chain = withData ? storedJson<{ nodes: unknown[]; edges: unknown[] }>(s.supply_chain, { nodes: [], edges: [] }) : undefined;
  return {
    snapshot_id: s.id as string,
    label: (s.label as string | undefined) ?? '',
    release_tag: '',
    partial_results: Boolean(s.partial_results),
    explored_count: Number(s.explored_count ?? 0),
    created_at: s.created as string,
    updated_at: (s.updated as string | undefined) ?? (s.created as string),
    ...(chain ? { nodes: chain.nodes, edges: chain.edges } : {}),
    id: s.id as string,
    project_id: s.project_id as string,
    project_entity_id: s.project_entity_id as string,
    entity_id: s.entity_id as string,
    created: s.created as string,
    created_by: s.created_by as string,
    ...(withData ? { data: JSON.parse((s.data as string) ?? 'null') as unknown } : {}),
  };
}
