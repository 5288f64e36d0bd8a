/**
 * Attributes an organisation adds to, corrects on or retires from a graph entity (the
 * published client's postAttribute, patchAttribute, deleteAttribute), and their overlay on
 * that organisation's entity reads (src/services/userAttributeOverlay.ts). Deleting a graph
 * attribute's id retires it: the organisation's reads leave it out, other organisations'
 * do not. They are kept apart from the graph's own attributes
 * (:UserAttribute nodes keyed by organisation), so an ingest never overwrites them and no
 * other organisation sees them: another organisation's attribute id is a 404.
 */
import { randomUUID } from 'node:crypto';
import { AttributeValueError, attributeProperties } from '../domain/attributeValues';
import { isDateString } from '../domain/dates';
import { badParameter, notFound } from '../domain/errors';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import { Props, attributeItem } from '../graph/mappers';
import type { Principal } from './auth';
import { type AuditSink, now } from './projects/tx';
import { StoredAttribute, applyOverlay, graphAttributeId, parseGraphAttributeId, storedProperties } from './userAttributeOverlay';

export interface AttributeChange {
  value?: unknown;
  date?: string;
  from_date?: string;
  to_date?: string;
}
export interface NewAttribute extends AttributeChange { entity: string; type: string }

type Stored = StoredAttribute;

/** The largest value accepted, as JSON text: an attribute is a value, not a document. */
export const MAX_VALUE_CHARS = 10_000;

const attributeNotFound = (id: string) => notFound(`attribute ${JSON.stringify(id)}`);

/**
 * The change checked; with the attribute's type, its value normalised into the properties the
 * client parses for that type (src/domain/attributeValues.ts) and stored as their JSON.
 */
function checked(change: AttributeChange, valueRequired: boolean, type?: string): { value?: string; date: string | null; fromDate: string | null; toDate: string | null } {
  if (valueRequired && change.value === undefined) throw badParameter('value', 'required');
  if (change.value === null) throw badParameter('value', 'must not be null');
  let value = change.value === undefined ? undefined : JSON.stringify(change.value);
  if (value !== undefined && value.length > MAX_VALUE_CHARS) throw badParameter('value', `at most ${MAX_VALUE_CHARS} characters as JSON`);
  if (value !== undefined && type !== undefined) {
    try {
      value = JSON.stringify(attributeProperties(type, change.value));
    } catch (err) {
      if (err instanceof AttributeValueError) throw badParameter('value', err.message);
      throw err;
    }
  }
  for (const name of ['date', 'from_date', 'to_date'] as const) {
    const v = change[name];
    if (v !== undefined && !(isDateString(v) && v.length === 10)) throw badParameter(name, 'a date YYYY-MM-DD');
  }
  if (change.from_date && change.to_date && change.from_date > change.to_date) throw badParameter('from_date', `must not be after to_date (${change.to_date})`);
  return { value, date: change.date ?? null, fromDate: change.from_date ?? null, toDate: change.to_date ?? null };
}

/** The attribute's value as answered: its `value` property, or all its properties where its type has none (shares, financials, risk intelligence). */
function answerValue(a: Stored): unknown {
  const p = storedProperties(a);
  return p ? (p.value ?? p) : JSON.parse(a.value);
}

/** AttributeResponse as the client reads it. */
const response = (a: Stored) => ({
  data: {
    value: answerValue(a),
    properties: [{ editable: true, record_count: 0, id: a.id, entity_id: a.entity_id, type: a.type, date: a.date, from_date: a.from_date, to_date: a.to_date, user_supplied: true }],
  },
});

export class UserAttributeService {
  constructor(
    private readonly graph: Graph,
    private readonly audit: AuditSink,
    private readonly warn: (message: string, err: unknown) => void = () => undefined,
  ) {}

  private async record(principal: Principal, event: 'attribute.created' | 'attribute.updated' | 'attribute.deleted' | 'attribute.retired', a: Pick<Stored, 'id' | 'entity_id' | 'type'>): Promise<void> {
    try {
      await this.audit.record(principal, event, { attribute_id: a.id, entity_id: a.entity_id, type: a.type }, true);
    } catch (err) {
      // The change is committed; a history outage must not turn it into an error.
      this.warn(`history event ${event} not recorded`, err);
    }
  }

  async create(principal: Principal, body: NewAttribute) {
    const c = checked(body, true, body.type);
    const [exists] = await this.graph.read(cypher('userAttributes', 'entity-exists'), { entityId: body.entity });
    // The client's postAttribute knows no 404: an unknown entity is a bad parameter.
    if (!exists) throw badParameter('entity', `unknown entity ${JSON.stringify(body.entity)}`);
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-create'), {
      id: `attr-${randomUUID()}`, org: principal.org, entityId: body.entity, type: body.type,
      value: c.value!, date: c.date, fromDate: c.fromDate, toDate: c.toDate, now: now(), user: principal.user,
    });
    const a = row.get('attribute') as Stored;
    await this.record(principal, 'attribute.created', a);
    return response(a);
  }

  /** Fields left out keep their values. */
  async update(principal: Principal, id: string, change: AttributeChange) {
    checked(change, false);
    const [current] = await this.graph.read(cypher('userAttributes', 'attribute-get'), { id, org: principal.org });
    if (!current) throw attributeNotFound(id);
    const was = current.get('attribute') as Stored;
    // The dates after the change, checked together before anything is written.
    const c = checked({
      value: change.value ?? JSON.parse(was.value),
      date: change.date ?? was.date ?? undefined,
      from_date: change.from_date ?? was.from_date ?? undefined,
      to_date: change.to_date ?? was.to_date ?? undefined,
    }, true, was.type);
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-update'), {
      id, org: principal.org, value: c.value!, date: c.date, fromDate: c.fromDate, toDate: c.toDate, now: now(), user: principal.user,
    });
    if (!row) throw attributeNotFound(id);
    const a = row.get('attribute') as Stored;
    await this.record(principal, 'attribute.updated', a);
    return response(a);
  }

  /**
   * Answers the attribute as it was. The id of a graph attribute (`ga_...`, on /v1/entity reads)
   * retires it for the caller's organisation: answered with `user_supplied: false`; a 404 when
   * the entity has no such attribute or the organisation already retired it.
   */
  async delete(principal: Principal, id: string) {
    const graphId = parseGraphAttributeId(id);
    if (graphId) return this.retire(principal, id, graphId.entityId, graphId.field);
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-delete'), { id, org: principal.org });
    if (!row) throw attributeNotFound(id);
    const a = row.get('attribute') as Stored;
    await this.record(principal, 'attribute.deleted', a);
    return response(a);
  }

  /** The entity's graph attributes of these fields, by their ids. */
  private async graphAttributes(entityId: string, fields: string[]): Promise<Map<string, { field: string; properties: Record<string, unknown> }>> {
    const rows = await this.graph.read(cypher('userAttributes', 'entity-graph-attributes'), { entityId, fields });
    const out = new Map<string, { field: string; properties: Record<string, unknown> }>();
    for (const r of rows) {
      const a = r.get('attribute') as Props;
      const properties = attributeItem(a).properties as Record<string, unknown>;
      out.set(graphAttributeId(entityId, a.field as string, properties), { field: a.field as string, properties });
    }
    return out;
  }

  private async retire(principal: Principal, id: string, entityId: string, field: string) {
    const found = (await this.graphAttributes(entityId, [field])).get(id);
    if (!found) throw attributeNotFound(id);
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-retire'), {
      id, org: principal.org, entityId, type: field, now: now(), user: principal.user, request: randomUUID(),
    });
    if (!row.get('retired')) throw attributeNotFound(id);
    await this.record(principal, 'attribute.retired', { id, entity_id: entityId, type: field });
    const { value, date, from_date: fromDate, to_date: toDate } = found.properties as Record<string, string | undefined>;
    return {
      data: {
        value: value as unknown,
        properties: [{ editable: true, record_count: 0, id, entity_id: entityId, type: field, date: date ?? null, from_date: fromDate ?? null, to_date: toDate ?? null, user_supplied: false }],
      },
    };
  }

  /**
   * Applies the organisation's attributes to an entity body (legacy or /v1 entity, or an entity
   * summary listing `fields` only): its added ones first on the first page of their field,
   * counted in its size, marked `user_supplied`; the graph attributes it retired left out. On
   * /v1 every graph attribute carries its id, which deleteAttribute takes.
   */
  async overlay(principal: Principal, entityId: string, body: Record<string, unknown>, options: { surface: 'legacy' | 'v1'; fields?: readonly string[] } = { surface: 'v1' }): Promise<void> {
    const [row] = await this.graph.read(cypher('userAttributes', 'entity-overlay'), { org: principal.org, entityId });
    const added = (row?.get('attributes') as Stored[] | undefined) ?? [];
    const retirements = (row?.get('retired') as { attribute_id: string; type: string }[] | undefined) ?? [];
    const retired = new Map<string, Set<string>>();
    if (retirements.length) {
      // Only retirements of attributes the entity still has: one whose content changed has ended.
      const present = await this.graphAttributes(entityId, [...new Set(retirements.map((r) => r.type))]);
      for (const r of retirements) {
        const found = present.get(r.attribute_id);
        if (found) retired.set(found.field, (retired.get(found.field) ?? new Set()).add(r.attribute_id));
      }
    }
    applyOverlay(body, { entityId, added, retired, withIds: options.surface === 'v1', fields: options.fields });
  }
}
