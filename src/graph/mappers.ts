/**
 * Row mappers: graph node/relationship property maps to the spec's resources. Map-valued
 * summary fields are stored as JSON strings (Neo4j properties cannot hold maps).
 */
import { apiRelType } from '../domain/relationships';
import { identifierLabel } from '../domain/identifiers';
import { regionOf } from '../domain/regions';

export type Props = Record<string, unknown>;
export type Surface = 'legacy' | 'v1';

/** A map-valued property stored as a JSON string, or `fallback` when absent. */
export const storedJson = <T>(value: unknown, fallback: T): T => (typeof value === 'string' && value ? (JSON.parse(value) as T) : fallback);
/** A copy without undefined or null fields (a plain loop: Object.fromEntries was the hot spot of body building). */
function defined<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const key in o) {
    const value = o[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out as T;
}

export function entityUrl(id: string, surface: Surface): string {
  return `${surface === 'v1' ? '/v1' : ''}/entity/${encodeURIComponent(id)}`;
}

export function recordUrl(id: string, surface: Surface): string {
  return `${surface === 'v1' ? '/v1' : ''}/record/${encodeURIComponent(id)}`;
}

/**
 * The stored properties embeddedEntity reads. Queries that return many entities (traversal
 * paths) fetch just these, not the search fields every entity node also carries.
 */
export const EMBEDDED_ENTITY_PROPERTIES = [
  'id', 'label', 'type', 'identifiers', 'countries', 'pep', 'sanctioned', 'closed', 'psa_sanctioned', 'psa_count',
  'source_count', 'degree', 'addresses', 'date_of_birth', 'relationship_count', 'attribute_count', 'related_entities_count', 'risk',
] as const;

/** A property map from values listed in EMBEDDED_ENTITY_PROPERTIES order (nulls are absent properties). */
export function embeddedEntityProps(values: unknown[]): Props {
  const props: Props = {};
  EMBEDDED_ENTITY_PROPERTIES.forEach((key, i) => {
    if (values[i] !== null && values[i] !== undefined) props[key] = values[i];
  });
  return props;
}

/** The spec's EmbeddedEntity; the optional block is what `extended` (/v1 traversal, entity) adds. */
export interface EmbeddedEntity {
  id: string;
  label: string;
  type: string;
  entity_url: string;
  identifiers: { type: string; value: string; label?: string }[];
  countries: string[];
  pep: boolean;
  sanctioned: boolean;
  closed: boolean;
  psa_sanctioned: string;
  psa_count: number;
  source_count: Record<string, { count: number; label: string }>;
  degree: number;
  addresses: string[];
  date_of_birth?: string;
  withdrawn_date?: string;
  relationship_count: Record<string, number>;
  attribute_count?: Record<string, number>;
  related_entities_count?: number;
  risk?: Record<string, unknown>;
  trade_count?: { sent: number; received: number };
  user_attribute_count?: Record<string, number>;
  user_record_count?: number;
  user_related_entities_count?: number;
  user_relationship_count?: Record<string, number>;
  logistics_entity?: boolean;
  reference_id?: string;
}

/**
 * EmbeddedEntity; with `extended` (every /v1 shape, unless asked otherwise) the /v1 fields are
 * added, and /v1 identifiers carry the `label` the published client requires.
 */
export function embeddedEntity(e: Props, surface: Surface, extended = surface === 'v1'): EmbeddedEntity {
  // Built field by field in one object (no copies): a traversal page embeds a few dozen of these.
  const id = e.id as string;
  // relationship_count is set below, after the optional date_of_birth, to keep the spec's field order.
  const entity = {
    id,
    label: (e.label as string) ?? id,
    type: (e.type as string) ?? 'unknown',
    entity_url: entityUrl(id, surface),
    identifiers: surface === 'v1' ? labelledIdentifiers(e.identifiers) : storedJson<{ type: string; value: string }[]>(e.identifiers, []),
    countries: (e.countries as string[]) ?? [],
    pep: Boolean(e.pep),
    sanctioned: Boolean(e.sanctioned),
    closed: Boolean(e.closed),
    psa_sanctioned: (e.psa_sanctioned as string) ?? '',
    psa_count: (e.psa_count as number) ?? 0,
    source_count: storedJson<Record<string, { count: number; label: string }>>(e.source_count, {}),
    degree: (e.degree as number) ?? 0,
    addresses: (e.addresses as string[]) ?? [],
  } as EmbeddedEntity;
  if (e.date_of_birth !== undefined && e.date_of_birth !== null) entity.date_of_birth = e.date_of_birth as string;
  // Withdrawn by the release of every source that held it (docs/import-formats.md); absent otherwise.
  if (typeof e.withdrawn_date === 'string') entity.withdrawn_date = e.withdrawn_date;
  const relationshipCount = storedJson<Record<string, number>>(e.relationship_count, {});
  entity.relationship_count = relationshipCount;
  if (extended) {
    entity.attribute_count = storedJson<Record<string, number>>(e.attribute_count, {});
    entity.related_entities_count = (e.related_entities_count as number) ?? 0;
    entity.risk = storedJson<Record<string, unknown>>(e.risk, {});
    // Shipments the entity sent and received; an entity with none counts its trade facts.
    const sent = Number(e.trade_sent ?? 0);
    const received = Number(e.trade_received ?? 0);
    entity.trade_count = sent || received
      ? { sent, received }
      : { sent: relationshipCount.ships_to ?? 0, received: relationshipCount.receives_from ?? 0 };
    entity.user_attribute_count = {};
    entity.user_record_count = 0;
    entity.user_related_entities_count = 0;
    entity.user_relationship_count = {};
    entity.logistics_entity = Boolean(relationshipCount.ships_to || relationshipCount.receives_from || relationshipCount.shipper_of);
    entity.reference_id = id;
  }
  return entity;
}

/**
 * The published client's CoreEntity (the `summary` of a project entity): the /v1 embedded
 * entity under CoreEntity's names (`relationship_counts`, `source_counts`, `record_count`, ...)
 * with the counts this service does not keep (user-added data) at zero. `attributes` is empty:
 * the summary carries no attribute values, the entity resource pages them.
 */
export function coreEntity(e: Props) {
  const v1 = embeddedEntity(e, 'v1');
  return {
    id: v1.id, type: v1.type, label: v1.label,
    identifiers: v1.identifiers, countries: v1.countries, addresses: v1.addresses,
    ...(v1.date_of_birth !== undefined ? { date_of_birth: v1.date_of_birth } : {}),
    closed: v1.closed,
    related_entities_count: v1.related_entities_count ?? 0,
    user_related_entities_count: 0,
    relationship_counts: v1.relationship_count,
    user_relationship_counts: {},
    attribute_counts: v1.attribute_count ?? {},
    trade_count: v1.trade_count ?? { sent: 0, received: 0 },
    record_count: (e.references_count as number) ?? 0,
    user_record_count: 0,
    source_counts: v1.source_count,
    risk: v1.risk ?? {},
    attributes: {},
    entity_url: v1.entity_url,
    pep: v1.pep, sanctioned: v1.sanctioned, psa_count: v1.psa_count, degree: v1.degree,
  };
}

function labelledIdentifiers(stored: unknown): { type: string; value: string; label: string }[] {
  return storedJson<{ type: string; value: string }[]>(stored, []).map((i) => ({ type: i.type, value: i.value, label: identifierLabel(i.type) }));
}

export function embeddedRecord(r: Props, surface: Surface) {
  return defined({
    id: r.id as string,
    label: (r.label as string) ?? (r.id as string),
    source: r.source as string,
    publication_date: r.publication_date as string | undefined,
    acquisition_date: r.acquisition_date as string | undefined,
    references_count: (r.references_count as number) ?? 0,
    record_url: recordUrl(r.id as string, surface),
    source_url: r.source_url as string | undefined,
    // The day a release of its source left it out; absent while the source holds it.
    withdrawn_date: r.withdrawn_date as string | undefined,
  });
}

/**
 * The record's own fields (without the references page). record_url is the record's API
 * path here as in embedded records (spec: url of the record, like entity_url); a
 * record_url from the ingest file (its address at the source) is stored, not served.
 */
export function record(r: Props, surface: Surface) {
  return defined({
    ...embeddedRecord(r, surface),
    document_urls: r.document_urls as string[] | undefined,
  });
}

/** Source types whose records are watchlists: their entities carry risk factors of a list. */
const WATCHLIST_SOURCE_TYPES = new Set(['sanctions', 'watchlist', 'export_controls', 'law_enforcement', 'debarment']);
const PEP_SOURCE_TYPES = new Set(['pep', 'pep_list']);

/**
 * Source: the spec's {id, label, country}; /v1 adds the published client's required fields,
 * from the source line where it has them and otherwise derived: `description` is the label,
 * `region` the country's, `pep` / `watchlist` follow `source_type`, `date_added` is the day the
 * source was first loaded, and `structure` is `structured` (ingest takes structured records only).
 */
export function source(s: Props, surface: Surface = 'legacy') {
  const id = s.id as string;
  const label = (s.label as string) ?? id;
  const country = s.country as string | undefined;
  if (surface === 'legacy') return defined({ id, label, country });
  const sourceType = (s.source_type as string) ?? '';
  return {
    id, label,
    description: label,
    country: country ?? 'UNK',
    region: (country && regionOf(country)) ?? '',
    date_added: (s.date_added as string) ?? '',
    source_type: sourceType,
    record_type: sourceType,
    structure: 'structured',
    pep: PEP_SOURCE_TYPES.has(sourceType),
    watchlist: WATCHLIST_SOURCE_TYPES.has(sourceType),
  };
}

/**
 * Attribute item: `{properties: {value, type?, dates...}, record, record_count, withdrawn_date?}`;
 * withdrawn_date: every record the value cites was withdrawn, so no source holds the value any
 * more (the day of the import that found the last of them withdrawn).
 */
export function attributeItem(a: Props) {
  const extra = storedJson<Record<string, unknown>>(a.extra, {});
  const withdrawn = typeof a.withdrawn_date === 'string' ? { withdrawn_date: a.withdrawn_date } : {};
  return {
    properties: defined({
      ...extra,
      value: a.value as string,
      type: a.type as string | undefined,
      from_date: a.from_date as string | undefined,
      to_date: a.to_date as string | undefined,
      date: a.date as string | undefined,
    }),
    record: (a.records as string[]) ?? [],
    record_count: (a.record_count as number) ?? 0,
    ...withdrawn,
  };
}

/**
 * One relationship fact as the legacy surface shows it (the /v1 info adds to it); withdrawn_date:
 * the day a release of its source left the fact out (stored as `ended_by_release`; its to_date
 * is then the day before, unless it ended earlier).
 */
export function relationshipFact(r: Props) {
  const shares = storedJson<unknown[] | undefined>(r.shares, undefined);
  return defined({
    record: (r.record as string) ?? '',
    attributes: defined({ shares, position: r.position ? [{ value: r.position as string }] : undefined }),
    date: r.date as string | undefined,
    from_date: r.from_date as string | undefined,
    to_date: r.to_date as string | undefined,
    withdrawn_date: r.ended_by_release as string | undefined,
  });
}

export { apiRelType };
