/**
 * FollowTheMoney entities (one JSON object a line: id, schema, properties, datasets, referents,
 * first_seen, last_seen) as ingest lines, by the tables in ./tables (docs/import-formats.md).
 * Things become entities, interval schemata relationships, Address / Identification / Passport
 * attributes of the entity that holds them, Sanctions records about the sanctioned entity,
 * datasets sources, topics risk factors and referents possibly_same_as links.
 */
import type { AttributeLine, EntityLine, IngestLine, RecordLine, RelationshipLine, RiskLine } from '../ingest/validate';
import { Converter, InputItem, ItemKey, Unmapped, countryId, dateOf, percentageOf, slug } from './common';
import {
  FTM_ATTRIBUTE_SCHEMATA, FTM_DATED_STATUS_PROPERTIES, FTM_ENTITY_SCHEMATA, FTM_INTERVAL_SCHEMATA, FTM_PROPERTIES,
  FTM_RECORD_SCHEMATA, FTM_REFERENCE_PROPERTIES, FTM_SANCTIONS_DATASETS, FTM_STRUCTURAL_PROPERTIES, FTM_TOPICS,
} from './tables';

export interface FtmEntity {
  id: string; schema: string; caption?: string; properties?: Record<string, unknown[]>; datasets?: string[];
  referents?: string[]; first_seen?: string; last_seen?: string; target?: boolean;
}

/** The source of entities that name no dataset. */
export const FTM_DEFAULT_SOURCE = 'ftm';

/** The record of `entityId` in `dataset`: one a dataset, so each dataset is a source of the entity. */
export const ftmRecordId = (entityId: string, dataset: string): string => `ftm:${dataset}:${entityId}`;

/** The release state key of an entity's claim in one dataset (cypher/schema-import.cypher moves older keys to it). */
export const ftmItemKey = (entityId: string, dataset: string): string => `ftm:${dataset}:${entityId}`;

/** The datasets an entity names, each once, in order; `ftm` when it names none. */
const datasetsOf = (e: FtmEntity): string[] => (e.datasets?.length ? [...new Set(e.datasets)] : [FTM_DEFAULT_SOURCE]);

const strings = (values: unknown): string[] => (Array.isArray(values) ? values : values === undefined ? [] : [values])
  .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String).filter((v) => v.trim() !== '');

function shapeError(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  const e = value as Record<string, unknown>;
  if (typeof e.id !== 'string' || e.id === '') return 'missing "id"';
  if (typeof e.schema !== 'string' || e.schema === '') return 'missing "schema"';
  if (e.properties !== undefined && (typeof e.properties !== 'object' || e.properties === null || Array.isArray(e.properties))) return 'properties: not an object';
  return undefined;
}

export class FtmConverter implements Converter {
  readonly unmapped = new Unmapped();
  private readonly datasets = new Set<string>();
  private readonly defined = new Set<string>();
  private readonly addresses = new Map<string, string>();
  private readonly identifiers = new Map<string, AttributeLine[]>();
  /** Per sanctioned entity: the lists of its sanctions that have ended, and whether any is current. */
  private readonly sanctions = new Map<string, { current: boolean; ended: string[] }>();
  private referents = new Set<string>();
  private readonly today = new Date().toISOString().slice(0, 10);

  collect({ value }: InputItem): void {
    if (shapeError(value)) return;
    const e = value as FtmEntity;
    const props = e.properties ?? {};
    for (const d of e.datasets ?? []) this.datasets.add(d);
    this.defined.add(e.id);
    for (const r of e.referents ?? []) this.referents.add(r);
    if (e.schema === 'Address') {
      const full = strings(props.full)[0]
        ?? ['street', 'city', 'postalCode', 'region'].flatMap((p) => strings(props[p])).join(', ');
      if (full) this.addresses.set(e.id, full);
    } else if (e.schema === 'Identification' || e.schema === 'Passport') {
      for (const holder of strings(props.holder)) {
        const type = e.schema === 'Passport' ? 'passport' : slug(strings(props.type)[0] ?? 'identification');
        const country = strings(props.country).map(countryId).find(Boolean);
        for (const number of strings(props.number)) {
          const attr: AttributeLine = { field: 'identifier', value: number, type, ...(country ? { country } : {}) };
          this.identifiers.set(holder, [...(this.identifiers.get(holder) ?? []), attr]);
        }
      }
    } else if (e.schema === 'Sanction') {
      const end = dateOf(strings(props.endDate)[0]);
      const ended = end !== undefined && end < this.today;
      const list = (e.datasets ?? []).map((d) => FTM_SANCTIONS_DATASETS[d]).find(Boolean);
      for (const entity of strings(props.entity)) {
        const state = this.sanctions.get(entity) ?? { current: false, ended: [] };
        if (ended) state.ended.push(list ? `formerly_sanctioned_${list}` : 'formerly_sanctioned');
        else state.current = true;
        this.sanctions.set(entity, state);
      }
    }
  }

  async resolve(existing: (ids: string[]) => Promise<Set<string>>): Promise<void> {
    const outside = [...this.referents].filter((id) => !this.defined.has(id));
    const inGraph = await existing(outside);
    this.referents = new Set([...this.referents].filter((id) => this.defined.has(id) || inGraph.has(id)));
  }

  /**
   * One claim a dataset the entity names, grouped by the FtM id: its dataset record and, for a
   * sanctioned thing, its dataset's list factor are that claim's own.
   */
  keysOf({ value }: InputItem): ItemKey[] {
    if (shapeError(value)) return [];
    const e = value as FtmEntity;
    const sanctioned = FTM_ENTITY_SCHEMATA[e.schema] !== undefined && strings(e.properties?.topics).some((t) => FTM_TOPICS[t] === 'sanctioned');
    return datasetsOf(e).map((dataset) => ({
      key: ftmItemKey(e.id, dataset), scope: `ftm:${dataset}`, group: e.id, records: [ftmRecordId(e.id, dataset)],
      factors: sanctioned && FTM_SANCTIONS_DATASETS[dataset] ? [`sanctioned_${FTM_SANCTIONS_DATASETS[dataset]}`] : [],
    }));
  }

  preamble(): IngestLine[] {
    return [...this.datasets, FTM_DEFAULT_SOURCE].map((id) => ({ kind: 'source', id, label: id }));
  }

  convert({ value }: InputItem): IngestLine[] | { error: string } {
    const shape = shapeError(value);
    if (shape) return { error: shape };
    const e = value as FtmEntity;
    if (FTM_ENTITY_SCHEMATA[e.schema]) return this.thing(e);
    if (FTM_INTERVAL_SCHEMATA[e.schema]) return this.interval(e);
    if (FTM_RECORD_SCHEMATA.includes(e.schema)) return this.sanction(e);
    if (FTM_ATTRIBUTE_SCHEMATA.includes(e.schema)) return [];
    this.unmapped.add('unknown schema (line not loaded)', e.schema);
    return [];
  }

  private recordsOf(e: FtmEntity, references: RecordLine['references']): RecordLine[] {
    const props = e.properties ?? {};
    return datasetsOf(e).map((dataset) => ({
      kind: 'record', id: ftmRecordId(e.id, dataset), source: dataset, label: `${e.schema} ${e.caption ?? strings(props.name)[0] ?? e.id} (${dataset})`,
      ...(strings(props.sourceUrl)[0] ? { source_url: strings(props.sourceUrl)[0] } : {}),
      ...(dateOf(e.first_seen) ? { publication_date: dateOf(e.first_seen) } : {}),
      ...(dateOf(e.last_seen) ? { acquisition_date: dateOf(e.last_seen) } : {}),
      references,
    }));
  }

  private thing(e: FtmEntity): IngestLine[] | { error: string } {
    const props = e.properties ?? {};
    const records = this.recordsOf(e, [{ entity: e.id, type: 'about' }]);
    const recordIds = records.map((r) => r.id);
    const attributes: AttributeLine[] = [];
    const out: IngestLine[] = [...records];
    for (const [prop, values] of Object.entries(props)) {
      const mapping = FTM_PROPERTIES[prop];
      if (FTM_REFERENCE_PROPERTIES[prop]) {
        for (const target of strings(values)) {
          if (target === e.id) continue;
          out.push({ kind: 'relationship', id: `${e.id}:${prop}:${target}`, type: FTM_REFERENCE_PROPERTIES[prop], from: e.id, to: target, record: recordIds[0] });
        }
        continue;
      }
      if (prop === 'addressEntity') {
        for (const id of strings(values)) {
          const full = this.addresses.get(id);
          if (full) attributes.push({ field: 'address', value: full, records: recordIds });
          else this.unmapped.add('addressEntity not in the file', `${e.schema}:${prop}`);
        }
        continue;
      }
      if (FTM_STRUCTURAL_PROPERTIES.has(prop)) continue;
      if (!mapping) {
        this.unmapped.add('unknown property (value not loaded)', `${e.schema}:${prop}`);
        continue;
      }
      for (const raw of strings(values)) {
        const attr = this.attribute(prop, raw, e.schema);
        if (attr) attributes.push({ ...attr, records: recordIds });
      }
    }
    for (const ident of this.identifiers.get(e.id) ?? []) attributes.push({ ...ident, records: recordIds });
    const entity: EntityLine = {
      kind: 'entity', id: e.id, type: FTM_ENTITY_SCHEMATA[e.schema], attributes, risk: this.risk(e, recordIds),
      closed: strings(props.dissolutionDate).length > 0,
    };
    if (e.caption) entity.label = e.caption;
    out.push(entity);
    for (const other of e.referents ?? []) {
      if (other !== e.id && this.referents.has(other)) out.push({ kind: 'possibly_same_as', a: e.id, b: other });
      else if (other !== e.id) this.unmapped.add('referent in neither the file nor the graph (link not loaded)', 'referents');
    }
    return out;
  }

  /** One property value as an attribute, or undefined (counted) when the value does not fit its field. */
  private attribute(prop: string, raw: string, schema: string): AttributeLine | undefined {
    const { field, type } = FTM_PROPERTIES[prop];
    const typed = (a: AttributeLine): AttributeLine => (type ? { ...a, type } : a);
    if (field === 'country') {
      const id = countryId(raw);
      if (!id) this.unmapped.add('unknown country code (value not loaded)', raw);
      return id ? typed({ field, value: id }) : undefined;
    }
    if (field === 'date_of_birth' || FTM_DATED_STATUS_PROPERTIES.has(prop)) {
      const date = dateOf(raw);
      if (!date) {
        this.unmapped.add('malformed date (value not loaded)', `${schema}:${prop}`);
        return undefined;
      }
      return field === 'date_of_birth' ? { field, value: date } : { field, value: type!, date };
    }
    return typed({ field, value: raw });
  }

  private risk(e: FtmEntity, records: string[]): RiskLine[] {
    const factors = new Set<string>();
    for (const topic of strings(e.properties?.topics)) {
      if (!(topic in FTM_TOPICS)) {
        this.unmapped.add('unknown topic (not loaded)', topic);
        continue;
      }
      const factor = FTM_TOPICS[topic];
      if (factor === null) {
        this.unmapped.add('topic the graph derives from links (not stored)', topic);
        continue;
      }
      factors.add(factor);
      if (factor === 'sanctioned') {
        for (const d of e.datasets ?? []) if (FTM_SANCTIONS_DATASETS[d]) factors.add(`sanctioned_${FTM_SANCTIONS_DATASETS[d]}`);
      }
    }
    const sanctions = this.sanctions.get(e.id);
    if (sanctions && !sanctions.current && !factors.has('sanctioned')) for (const f of sanctions.ended) factors.add(f);
    return [...factors].map((factor) => ({ factor, records }));
  }

  private interval(e: FtmEntity): IngestLine[] | { error: string } {
    const mapping = FTM_INTERVAL_SCHEMATA[e.schema];
    const props = e.properties ?? {};
    const from = strings(props[mapping.from]);
    const to = strings(props[mapping.to]);
    if (from.length === 0) return { error: `${e.schema} without "${mapping.from}"` };
    if (to.length === 0) return { error: `${e.schema} without "${mapping.to}"` };
    const records = this.recordsOf(e, [...from.map((entity) => ({ entity, type: 'about' as const })), ...to.map((entity) => ({ entity, type: 'mentions' as const }))]);
    const percentage = percentageOf(strings(props.percentage)[0]);
    if (strings(props.percentage).length && percentage === undefined) this.unmapped.add('percentage not within 0-100 (not loaded)', strings(props.percentage)[0]);
    const value = strings(props.sharesValue)[0];
    const shares = percentage !== undefined || value !== undefined
      ? [{ percentage: percentage ?? null, monetary_value: value !== undefined && Number.isFinite(Number(value)) ? Number(value) : null, currency: strings(props.sharesCurrency)[0] ?? null }]
      : undefined;
    const out: IngestLine[] = [...records];
    for (const a of from) {
      for (const b of to) {
        if (a === b) continue;
        const rel: RelationshipLine = {
          kind: 'relationship', id: from.length * to.length > 1 ? `${e.id}:${a}:${b}` : e.id, type: mapping.type, from: a, to: b, record: records[0].id,
        };
        const start = dateOf(strings(props.startDate)[0]);
        const end = dateOf(strings(props.endDate)[0]);
        const date = dateOf(strings(props.date)[0]);
        if (start) rel.from_date = start;
        if (end) rel.to_date = end;
        if (date) rel.date = date;
        if (shares) rel.shares = shares;
        const position = mapping.position ? strings(props[mapping.position])[0] : undefined;
        if (position) rel.position = position;
        out.push(rel);
      }
    }
    return out;
  }

  private sanction(e: FtmEntity): IngestLine[] | { error: string } {
    const props = e.properties ?? {};
    const entities = strings(props.entity);
    if (entities.length === 0) return { error: 'Sanction without "entity"' };
    const first = (p: string) => strings(props[p])[0];
    const listed = dateOf(first('listingDate')) ?? dateOf(first('startDate'));
    const ended = dateOf(first('endDate'));
    const what = [first('authority'), first('program') ?? first('programId')].filter(Boolean).join(': ') || 'Sanction';
    const when = [listed && `listed ${listed}`, ended && `ended ${ended}`].filter(Boolean).join(', ');
    const record: RecordLine = {
      kind: 'record', id: e.id, source: e.datasets?.[0] ?? FTM_DEFAULT_SOURCE, label: when ? `${what} (${when})` : what,
      references: entities.map((entity) => ({ entity, type: 'about' as const })),
    };
    if (listed) record.publication_date = listed;
    if (first('sourceUrl')) record.source_url = first('sourceUrl');
    if (first('programUrl')) record.document_urls = [first('programUrl')];
    return [record];
  }
}
