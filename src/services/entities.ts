/**
 * Use cases behind /entity, /entity_summary, /record, /source and /sources (legacy and /v1).
 * Each read is one read transaction; every value is a query parameter and relationship
 * types reach a pattern only through the domain table.
 */
import { createHash } from 'node:crypto';
import { neo4j } from '../graph/driver';
import { closedOn } from '../domain/asOf';
import { SUMMARY_ATTRIBUTE_FIELDS } from '../domain/attributes';
import { endOfPeriod, isPast, startOfPeriod, todayUtc } from '../domain/dates';
import { badParameter, notFound } from '../domain/errors';
import { SHARE_BEARING_TYPES, apiRelType, neo4jRelType } from '../domain/relationships';
import { withSanctionsFactors } from '../domain/risk';
import { cypher, statement } from '../graph/cypherFiles';
import {
  Props, Surface, attributeItem, embeddedEntity, embeddedRecord, record as recordFields, relationshipFact, source, storedJson,
} from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import { Paging, legacyPage, skipLimit, tokenPage } from './paging';
import { withExplanations } from './risk/explanation';

export interface LegacyEntityQuery {
  /** Paging per attribute field; fields not named use `attributeDefault`. */
  attributes: Record<string, Paging>;
  attributeDefault: Paging;
  relationships: Record<string, Paging>;
  relationshipDefault: Paging;
  possiblySameAs: Paging;
  referencedBy: Paging;
  /** YYYY-MM-DD: only facts valid that day, closure judged that day (docs/entities.md). */
  asOf?: string;
}

/**
 * What the /v1 relationships page shows, all values already validated: `types` and the
 * filters narrow it, `sort` orders it. Dates are YYYY[-MM[-DD]]; `partnerRisk` risk ids.
 */
export interface RelationshipSelection {
  types?: string[];
  sort?: 'date' | '-date' | 'shares' | '-shares';
  startDate?: string;
  endDate?: string;
  minShares?: number;
  countries?: string[];
  partnerName?: string;
  partnerRisk?: string[];
  /** Trade filters: country ids, an HS code prefix (digits), and places matched as substrings. */
  arrivalCountry?: string[];
  departureCountry?: string[];
  hsCode?: string;
  arrivalState?: string;
  arrivalCity?: string;
  departureState?: string;
  departureCity?: string;
  /** YYYY-MM-DD: only facts valid that day; part of the selection so that page tokens are bound to it. */
  asOf?: string;
}

export interface V1EntityQuery {
  attributes: Record<string, Paging>;
  attributeDefault: Paging;
  relationships: Paging & { selection: RelationshipSelection };
  possiblySameAs: Paging;
  referencedBy: Paging;
}

/**
 * The field relationship page tokens are bound to. A token carries an offset into one
 * ordered, filtered list, so it is bound to the selection too: reused with other filters
 * or another sort it is rejected (400) rather than silently skipping or repeating items.
 * Without any selection it is plain `relationships`.
 */
export function relationshipsTokenField(selection: RelationshipSelection): string {
  const normal = Object.entries(selection)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  if (normal.length === 0) return 'relationships';
  return `relationships~${createHash('sha256').update(JSON.stringify(normal)).digest('base64url').slice(0, 16)}`;
}

const SHARE_TYPES = [...SHARE_BEARING_TYPES].map(neo4jRelType);

/** Cypher parameters of `entity-relationships-page` for a selection. */
function relationshipParameters(selection: RelationshipSelection) {
  const sort = selection.sort;
  // A window from '2020-03' starts on 2020-03-01 and one to '2020-03' ends on 2020-03-31.
  const startDate = selection.startDate ? startOfPeriod(selection.startDate) : null;
  const endDate = selection.endDate ? endOfPeriod(selection.endDate) : null;
  if (startDate && endDate && startDate > endDate) throw badParameter('relationships.startDate', 'must not be after relationships.endDate');
  return {
    types: selection.types ? selection.types.map(neo4jRelType) : null,
    countries: selection.countries ?? [],
    partnerName: selection.partnerName ? selection.partnerName.toLowerCase() : null,
    partnerRisk: withSanctionsFactors(selection.partnerRisk ?? []),
    ...tradeParameters(selection),
    minShares: selection.minShares ?? null,
    shareTypes: SHARE_TYPES,
    startDate,
    endDate,
    sortField: sort ? sort.replace(/^-/, '') : null,
    descending: Boolean(sort?.startsWith('-')),
  };
}

/** The trade filter parameters of `entity-relationships-page`; `trade` says whether any is given. */
function tradeParameters(selection: RelationshipSelection) {
  const text = (value: string | undefined) => (value === undefined ? null : value.toLowerCase());
  const p = {
    arrivalCountry: selection.arrivalCountry ?? [], departureCountry: selection.departureCountry ?? [], hsCode: selection.hsCode ?? null,
    arrivalState: text(selection.arrivalState), arrivalCity: text(selection.arrivalCity),
    departureState: text(selection.departureState), departureCity: text(selection.departureCity),
  };
  return { ...p, trade: Object.values(p).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null)) };
}

const props = (row: { get(k: string): unknown }, key: string) => row.get(key) as Props;

/** entity-read with the given relationships part (a fixed fragment, never request input), built once per part. */
const entityReads = new Map<'legacy' | 'v1' | 'none', string>();
const entityRead = (relationships: 'legacy' | 'v1' | 'none'): string => {
  let read = entityReads.get(relationships);
  if (read === undefined) {
    const part = relationships === 'none' ? '[]'
      : `COLLECT { ${cypher('entity', relationships === 'legacy' ? 'entity-relationship-pages' : 'entity-relationships-page')} }`;
    read = statement('entity', 'entity-read', { RELATIONSHIPS: part });
    entityReads.set(relationships, read);
  }
  return read;
};

interface EntityParts {
  entity: Props;
  /** Attribute pages keyed by field, for the fields the entity has (limit 0 leaves a field out). */
  attributes: { field: string; paging: Paging; total: number; data: unknown[] }[];
  relationships: Props[];
  possiblySameAs: { entity: Props; matches: unknown }[];
  referencedBy: { record: Props; type: string }[];
}

export class EntityService {
  constructor(private readonly graph: Graph) {}

  /**
   * Reads the entity and the pages of it a view shows in one statement (entity-read): one
   * exchange with Neo4j instead of one per part, and one consistent view of the entity.
   */
  private async read(
    id: string,
    relationships: 'legacy' | 'v1' | 'none',
    query: { attributes: Record<string, Paging>; attributeDefault: Paging; possiblySameAs: Paging; referencedBy: Paging },
    relationshipParams: Record<string, unknown> = {},
    asOf?: string,
  ): Promise<EntityParts> {
    const rows = await this.graph.read(entityRead(relationships), {
      id,
      attributePaging: query.attributes,
      attributeDefault: query.attributeDefault,
      psaOffset: neo4j.int(query.possiblySameAs.offset), psaLimit: neo4j.int(query.possiblySameAs.limit),
      refOffset: neo4j.int(query.referencedBy.offset), refLimit: neo4j.int(query.referencedBy.limit),
      asOf: asOf ?? null,
      ...relationshipParams,
    });
    if (rows.length === 0) throw notFound(`entity ${JSON.stringify(id)}`);
    const [row] = rows;
    const entity = props(row, 'entity');
    if (asOf !== undefined) entity.closed = closedOn(entity, asOf);
    const items = new Map<string, unknown[]>();
    for (const a of row.get('attributes') as Props[]) {
      const field = a.field as string;
      if (!items.has(field)) items.set(field, []);
      items.get(field)!.push(attributeItem(a));
    }
    const counts = storedJson<Record<string, number>>(entity.attribute_count, {});
    const attributes = Object.keys(counts)
      .map((field) => ({ field, paging: query.attributes[field] ?? query.attributeDefault }))
      .filter((f) => f.paging.limit > 0)
      .map((f) => ({ field: f.field, paging: f.paging, total: counts[f.field], data: items.get(f.field) ?? [] }));
    const relationshipPages = row.get('relationships') as Props[];
    // As of a date, a neighbour closed later was open then (the pages carry closed_date for this).
    if (asOf !== undefined) {
      for (const page of relationshipPages) for (const item of page.items as { target: Props }[]) item.target.closed = closedOn(item.target, asOf);
    }
    return {
      entity,
      attributes,
      relationships: relationshipPages,
      possiblySameAs: (row.get('possiblySameAs') as { entity: Props; matches: unknown }[]),
      referencedBy: (row.get('referencedBy') as { record: Props; type: string }[]),
    };
  }

  async legacyEntity(id: string, query: LegacyEntityQuery) {
    const paging = Object.fromEntries(Object.entries(query.relationships).map(([type, p]) => [neo4jRelType(type), p]));
    const parts = await this.read(id, 'legacy', query, { paging, defaultPaging: query.relationshipDefault }, query.asOf);
    const { entity } = parts;
    const body: Record<string, unknown> = { ...embeddedEntity(entity, 'legacy') };

    const attributes: Record<string, unknown> = {};
    for (const a of parts.attributes) attributes[a.field] = legacyPage(a.paging, a.total, a.data);
    body.attributes = attributes;

    const relationships: Record<string, unknown> = {};
    for (const page of parts.relationships) {
      const type = apiRelType(page.type as string);
      const data = (page.items as { target: Props; facts: Props[] }[]).map((item) => ({
        target: embeddedEntity(item.target, 'legacy'),
        types: { [type]: item.facts.map(relationshipFact) },
      }));
      relationships[type] = legacyPage(query.relationships[type] ?? query.relationshipDefault, page.total as number, data);
    }
    body.relationships = relationships;

    if (query.possiblySameAs.limit > 0) {
      const data = parts.possiblySameAs.map((p) => ({ entity: embeddedEntity(p.entity, 'legacy'), matches: storedJson(p.matches, {}) }));
      body.possibly_same_as = legacyPage(query.possiblySameAs, (entity.psa_count as number) ?? 0, data);
    }
    if (query.referencedBy.limit > 0) {
      const data = parts.referencedBy.map((r) => ({ record: embeddedRecord(r.record, 'legacy'), type: r.type }));
      body.referenced_by = legacyPage(query.referencedBy, (entity.references_count as number) ?? 0, data);
    }
    return body;
  }

  async v1Entity(id: string, query: V1EntityQuery) {
    const rel = query.relationships;
    const parts = await this.read(id, rel.limit > 0 ? 'v1' : 'none', query, { ...relationshipParameters(rel.selection), ...skipLimit(rel) }, rel.selection.asOf);
    const { entity } = parts;
    const body: Record<string, unknown> = { ...embeddedEntity(entity, 'v1') };
    body.risk = withExplanations(body.risk as Record<string, unknown>, entity.risk_explanation);

    const attributes: Record<string, unknown> = {};
    for (const a of parts.attributes) attributes[a.field] = tokenPage(`attributes.${a.field}`, a.paging, a.total, a.data);
    body.attributes = attributes;

    if (rel.limit > 0) {
      // No page row at all when nothing passes the filters (the subquery's aggregation is per entity).
      const [page = { total: 0, items: [] }] = parts.relationships;
      const data = (page.items as { target: Props; facts: Props[] }[]).map((item) => v1RelationshipItem(item.target, item.facts));
      body.relationships = tokenPage(relationshipsTokenField(rel.selection), rel, page.total as number, data);
    }
    if (query.possiblySameAs.limit > 0) {
      const data = parts.possiblySameAs.map((p) => ({ entity: embeddedEntity(p.entity, 'v1'), matches: storedJson(p.matches, {}) }));
      body.possibly_same_as = tokenPage('possibly_same_as', query.possiblySameAs, (entity.psa_count as number) ?? 0, data);
    }
    if (query.referencedBy.limit > 0) {
      const data = parts.referencedBy.map((r) => ({ record: embeddedRecord(r.record, 'v1'), type: r.type }));
      body.referenced_by = tokenPage('referenced_by', query.referencedBy, (entity.references_count as number) ?? 0, data);
    }
    return body;
  }

  /** Reduced entity: 50 values per summary attribute, 50 possibly-same-as, 100 records; no relationships. */
  async summary(id: string, surface: Surface) {
    const psaPaging = { offset: 0, limit: 50 };
    const recordPaging = { offset: 0, limit: 100 };
    const attributePaging = Object.fromEntries(SUMMARY_ATTRIBUTE_FIELDS.map((field) => [field, { offset: 0, limit: 50 }]));
    const parts = await this.read(id, 'none', {
      attributes: attributePaging, attributeDefault: { offset: 0, limit: 0 }, possiblySameAs: psaPaging, referencedBy: recordPaging,
    });
    const { entity } = parts;
    const body: Record<string, unknown> = { ...embeddedEntity(entity, surface) };
    if (surface === 'v1') body.risk = withExplanations(body.risk as Record<string, unknown>, entity.risk_explanation);
    const attributes: Record<string, unknown> = {};
    for (const a of parts.attributes) {
      attributes[a.field] = surface === 'v1' ? tokenPage(`attributes.${a.field}`, a.paging, a.total, a.data) : legacyPage(a.paging, a.total, a.data);
    }
    body.attributes = attributes;
    const psa = parts.possiblySameAs.map((p) => ({ entity: embeddedEntity(p.entity, surface), matches: storedJson(p.matches, {}) }));
    const records = parts.referencedBy.map((r) => ({ record: embeddedRecord(r.record, surface), type: r.type }));
    const psaTotal = (entity.psa_count as number) ?? 0;
    const recordTotal = (entity.references_count as number) ?? 0;
    body.possibly_same_as = surface === 'v1' ? tokenPage('possibly_same_as', psaPaging, psaTotal, psa) : legacyPage(psaPaging, psaTotal, psa);
    body.referenced_by = surface === 'v1' ? tokenPage('referenced_by', recordPaging, recordTotal, records) : legacyPage(recordPaging, recordTotal, records);
    return body;
  }

  async record(id: string, references: Paging, surface: Surface) {
    return this.graph.readTx(async (tx) => {
      const rows = (await tx.run(cypher('record', 'record-node'), { id })).records;
      if (rows.length === 0) throw notFound(`record ${JSON.stringify(id)}`);
      const record = props(rows[0], 'record');
      const body: Record<string, unknown> = recordFields(record, surface);
      if (references.limit > 0) {
        const refs = (await tx.run(cypher('record', 'record-references'), { id, ...skipLimit(references) })).records;
        const data = refs.map((r) => ({ entity: embeddedEntity(props(r, 'entity'), surface), type: r.get('type') as string }));
        body.references = legacyPage(references, (record.references_count as number) ?? 0, data);
      }
      return body;
    });
  }

  async source(id: string, surface: Surface) {
    const rows = await this.graph.read(cypher('record', 'source-node'), { id });
    if (rows.length === 0) throw notFound(`source ${JSON.stringify(id)}`);
    return source(props(rows[0], 'source'), surface);
  }

  async sources(paging: Paging, surface: Surface) {
    return this.graph.readTx(async (tx) => {
      const total = (await tx.run(cypher('record', 'sources-count'))).records[0].get('count') as number;
      const rows = (await tx.run(cypher('record', 'sources-page'), skipLimit(paging))).records;
      return legacyPage(paging, total, rows.map((r) => source(props(r, 'source'), surface)));
    });
  }
}

/** A /v1 relationships item: the neighbour and its facts grouped by type. */
function v1RelationshipItem(target: Props, facts: Props[]) {
  const types: Record<string, unknown[]> = {};
  const dates = new Set<string>();
  let former = true;
  const today = todayUtc();
  for (const f of facts) {
    const fact = relationshipFact(f);
    const type = apiRelType(f.type as string);
    const isFormer = typeof f.to_date === 'string' && isPast(f.to_date, today);
    if (!isFormer) former = false;
    for (const d of [f.date, f.from_date, f.to_date]) if (typeof d === 'string') dates.add(d);
    // acquisition_date is required by the client ('' without a record); publication_date is optional.
    const publication = typeof f.publication_date === 'string' ? { publication_date: f.publication_date } : {};
    (types[type] ??= []).push({ ...fact, acquisition_date: (f.acquisition_date as string) ?? '', ...publication, former: isFormer });
  }
  const sorted = [...dates].sort();
  return {
    target: embeddedEntity(target, 'v1'),
    types,
    dates: sorted,
    ...(sorted.length ? { first_observed: sorted[0], last_observed: sorted[sorted.length - 1] } : {}),
    former,
  };
}

