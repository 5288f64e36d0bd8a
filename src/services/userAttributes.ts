/**
 * Attributes an organisation adds to, corrects on or retires from a graph entity (the
 * published client's postAttribute, patchAttribute, deleteAttribute), and their overlay on
 * that organisation's entity reads. They are kept apart from the graph's own attributes
 * (:UserAttribute nodes keyed by organisation), so an ingest never overwrites them and no
 * other organisation sees them: another organisation's attribute id is a 404.
 */
import { randomUUID } from 'node:crypto';
import { isDateString } from '../domain/dates';
import { badParameter, notFound } from '../domain/errors';
import { cypher } from '../graph/cypherFiles';
import type { Graph } from '../graph/neo4j';
import type { Principal } from './auth';
import { type AuditSink, now } from './projectTx';

export interface AttributeChange {
  value?: unknown;
  date?: string;
  from_date?: string;
  to_date?: string;
}
export interface NewAttribute extends AttributeChange { entity: string; type: string }

interface Stored {
  id: string; entity_id: string; type: string; value: string;
  date: string | null; from_date: string | null; to_date: string | null; created: string; updated: string;
}

/** The largest value accepted, as JSON text: an attribute is a value, not a document. */
export const MAX_VALUE_CHARS = 10_000;

const attributeNotFound = (id: string) => notFound(`attribute ${JSON.stringify(id)}`);

function checked(change: AttributeChange, valueRequired: boolean): { value?: string; date: string | null; fromDate: string | null; toDate: string | null } {
  if (valueRequired && change.value === undefined) throw badParameter('value', 'required');
  if (change.value === null) throw badParameter('value', 'must not be null');
  const value = change.value === undefined ? undefined : JSON.stringify(change.value);
  if (value !== undefined && value.length > MAX_VALUE_CHARS) throw badParameter('value', `at most ${MAX_VALUE_CHARS} characters as JSON`);
  for (const name of ['date', 'from_date', 'to_date'] as const) {
    const v = change[name];
    if (v !== undefined && !(isDateString(v) && v.length === 10)) throw badParameter(name, 'a date YYYY-MM-DD');
  }
  if (change.from_date && change.to_date && change.from_date > change.to_date) throw badParameter('from_date', `must not be after to_date (${change.to_date})`);
  return { value, date: change.date ?? null, fromDate: change.from_date ?? null, toDate: change.to_date ?? null };
}

/** AttributeResponse as the client reads it. */
const response = (a: Stored) => ({
  data: {
    value: JSON.parse(a.value) as unknown,
    properties: [{ editable: true, record_count: 0, id: a.id, entity_id: a.entity_id, type: a.type, date: a.date, from_date: a.from_date, to_date: a.to_date, user_supplied: true }],
  },
});

export class UserAttributeService {
  constructor(
    private readonly graph: Graph,
    private readonly audit: AuditSink,
    private readonly warn: (message: string, err: unknown) => void = () => undefined,
  ) {}

  private async record(principal: Principal, event: 'attribute.created' | 'attribute.updated' | 'attribute.deleted', a: Stored): Promise<void> {
    try {
      await this.audit.record(principal, event, { attribute_id: a.id, entity_id: a.entity_id, type: a.type }, true);
    } catch (err) {
      // The change is committed; a history outage must not turn it into an error.
      this.warn(`history event ${event} not recorded`, err);
    }
  }

  async create(principal: Principal, body: NewAttribute) {
    const c = checked(body, true);
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
    }, true);
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-update'), {
      id, org: principal.org, value: c.value!, date: c.date, fromDate: c.fromDate, toDate: c.toDate, now: now(), user: principal.user,
    });
    if (!row) throw attributeNotFound(id);
    const a = row.get('attribute') as Stored;
    await this.record(principal, 'attribute.updated', a);
    return response(a);
  }

  /** Answers the attribute as it was. */
  async delete(principal: Principal, id: string) {
    const [row] = await this.graph.write(cypher('userAttributes', 'attribute-delete'), { id, org: principal.org });
    if (!row) throw attributeNotFound(id);
    const a = row.get('attribute') as Stored;
    await this.record(principal, 'attribute.deleted', a);
    return response(a);
  }

  /**
   * Adds the organisation's attributes of the entity to a /v1/entity body: first on the first
   * page of their field, counted in its size, each marked `user_supplied` and `editable`.
   */
  async overlay(principal: Principal, entityId: string, body: Record<string, unknown>): Promise<void> {
    const rows = await this.graph.read(cypher('userAttributes', 'entity-overlay'), { org: principal.org, entityId });
    if (!rows.length) return;
    const attributes = (body.attributes ??= {}) as Record<string, { offset?: number; limit?: number; size?: { count: number; qualifier: string }; data?: unknown[] }>;
    const byType = new Map<string, Stored[]>();
    for (const r of rows) {
      const a = r.get('attribute') as Stored;
      byType.set(a.type, [...(byType.get(a.type) ?? []), a]);
    }
    for (const [type, list] of byType) {
      const page = (attributes[type] ??= { limit: list.length, offset: 0, size: { count: 0, qualifier: 'eq' }, data: [] });
      page.size = { count: (page.size?.count ?? 0) + list.length, qualifier: page.size?.qualifier ?? 'eq' };
      if ((page.offset ?? 0) > 0) continue;
      const items = list.map((a) => {
        const value = JSON.parse(a.value) as unknown;
        return {
          properties: Object.fromEntries(Object.entries({ value, date: a.date, from_date: a.from_date, to_date: a.to_date }).filter(([, v]) => v !== null)),
          record: [], record_count: 0, id: a.id, editable: true, user_supplied: true,
        };
      });
      page.data = [...items, ...(page.data ?? [])];
    }
  }
}
