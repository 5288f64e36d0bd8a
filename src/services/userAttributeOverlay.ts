/**
 * How an organisation's own attribute changes show on its entity reads (legacy and /v1 entity,
 * entity summaries): its added attributes first on the first page of their field, counted in
 * the field's size, marked `user_supplied`; the graph attributes it retired left out, and the
 * field's size lowered by them. Pure functions over a response body; UserAttributeService reads
 * the stored attributes and retirements.
 *
 * A graph attribute has no stored id (an ingest recreates its nodes), so its id is derived from
 * what it says: the entity, the field and a hash of its properties. The id stays the same
 * across ingests while the attribute's content does, and a retirement ends when it changes.
 */
import { createHash } from 'node:crypto';
import { type AttributeProperties, AttributeValueError, attributeProperties } from '../domain/attributeValues';

interface Page { offset?: number; limit?: number; next?: unknown; size?: { count: number; qualifier: string }; data?: Item[] }
interface Item { properties?: Record<string, unknown>; id?: string; user_supplied?: boolean; [key: string]: unknown }

/** An organisation's added attribute as stored. */
export interface StoredAttribute {
  id: string; entity_id: string; type: string; value: string;
  date: string | null; from_date: string | null; to_date: string | null; created: string; updated: string;
}

const GRAPH_ID_PREFIX = 'ga_';

/** The properties as one text whatever their key order. */
function canonical(properties: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(properties).sort().map((k) => [k, properties[k]]));
}

/** The id of a graph attribute of an entity: `ga_` and base64url of [entity, field, hash of its properties]. */
export function graphAttributeId(entityId: string, field: string, properties: Record<string, unknown>): string {
  const hash = createHash('sha256').update(canonical(properties)).digest('base64url').slice(0, 22);
  return GRAPH_ID_PREFIX + Buffer.from(JSON.stringify([entityId, field, hash])).toString('base64url');
}

/** The entity and field named by a graph attribute id; undefined for any other id. */
export function parseGraphAttributeId(id: string): { entityId: string; field: string } | undefined {
  if (!id.startsWith(GRAPH_ID_PREFIX)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(id.slice(GRAPH_ID_PREFIX.length), 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 3 && parsed.every((p) => typeof p === 'string')) return { entityId: parsed[0], field: parsed[1] };
  } catch {
    // Not JSON: not a graph attribute id.
  }
  return undefined;
}

/**
 * A stored attribute's properties as its type's client properties: what the write path stored,
 * read back through the same rules, so a value stored before they applied reads the same way;
 * undefined for one they refuse, which reads leave out rather than answer unparseable.
 */
export function storedProperties(a: Pick<StoredAttribute, 'type' | 'value'>): AttributeProperties | undefined {
  try {
    return attributeProperties(a.type, JSON.parse(a.value));
  } catch (err) {
    if (err instanceof AttributeValueError || err instanceof SyntaxError) return undefined;
    throw err;
  }
}

/** The client's attribute item of an organisation's added attribute; undefined when it cannot be shown. */
function userItem(a: StoredAttribute): Item | undefined {
  const properties = storedProperties(a);
  if (!properties) return undefined;
  const dates = Object.entries({ date: a.date, from_date: a.from_date, to_date: a.to_date }).filter(([, v]) => v !== null);
  return { properties: { ...properties, ...Object.fromEntries(dates) }, record: [], record_count: 0, id: a.id, editable: true, user_supplied: true };
}

export interface OverlayInput {
  entityId: string;
  added: StoredAttribute[];
  /** Ids of the graph attributes the organisation retired that the entity still has, by field. */
  retired: Map<string, Set<string>>;
  /** Give every graph attribute item its id (the /v1 surface, whose client addresses attributes by id). */
  withIds: boolean;
  /** Only these fields take added attributes (an entity summary lists some fields only). */
  fields?: readonly string[];
}

/** Applies the organisation's attributes to the body's `attributes` pages (changed in place). */
export function applyOverlay(body: Record<string, unknown>, input: OverlayInput): void {
  const attributes = (body.attributes ??= {}) as Record<string, Page>;
  for (const [field, page] of Object.entries(attributes)) {
    const retired = input.retired.get(field);
    if (!input.withIds && !retired) continue;
    const kept: Item[] = [];
    for (const item of page.data ?? []) {
      const id = graphAttributeId(input.entityId, field, item.properties ?? {});
      if (retired?.has(id)) continue;
      kept.push(input.withIds ? { ...item, id } : item);
    }
    page.data = kept;
    if (retired && page.size) page.size = { ...page.size, count: Math.max(0, page.size.count - retired.size) };
  }
  const byType = new Map<string, Item[]>();
  for (const a of input.added) {
    if (input.fields && !input.fields.includes(a.type)) continue;
    const item = userItem(a);
    if (item) byType.set(a.type, [...(byType.get(a.type) ?? []), item]);
  }
  for (const [type, list] of byType) {
    // A field the entity had no page of: a first page of the added ones (the legacy page says whether more follow).
    const page = (attributes[type] ??= { limit: list.length, offset: 0, ...(input.withIds ? {} : { next: false }), size: { count: 0, qualifier: 'eq' }, data: [] });
    page.size = { count: (page.size?.count ?? 0) + list.length, qualifier: page.size?.qualifier ?? 'eq' };
    if ((page.offset ?? 0) > 0) continue;
    page.data = [...list, ...(page.data ?? [])];
  }
}
