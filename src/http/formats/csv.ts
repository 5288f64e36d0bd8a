/**
 * text/csv representations (entity, search pages). Values come from source data, so a cell
 * that a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) is written with a leading apostrophe (OWASP, CSV injection).
 */
import { stringify } from 'csv-stringify/sync';
import type { Target } from '../../search/query';
import type { SearchPage } from '../../services/search';

export function csvText(rows: (string | number)[][]): string {
  return stringify(rows, { escape_formulas: true });
}

/** text/csv form of an entity: one row per summary field, attribute value, relationship, record and embedded traversal result. */
export function entityCsv(entity: Record<string, any>): string {
  const rows: (string | number)[][] = [['section', 'field', 'value', 'type', 'target_id', 'records']];
  for (const key of ['id', 'label', 'type', 'countries', 'pep', 'sanctioned', 'closed', 'degree', 'date_of_birth']) {
    if (entity[key] !== undefined) rows.push(['entity', key, Array.isArray(entity[key]) ? entity[key].join(';') : String(entity[key]), '', '', '']);
  }
  for (const [field, page] of Object.entries<any>(entity.attributes ?? {})) {
    for (const item of page.data) rows.push(['attribute', field, item.properties.value ?? '', item.properties.type ?? '', '', item.record.join(';')]);
  }
  for (const [type, page] of Object.entries<any>(entity.relationships ?? {})) {
    for (const item of page.data) {
      const facts = Object.values<any[]>(item.types).flat();
      rows.push(['relationship', type, item.target.label, item.target.type, item.target.id, facts.map((f) => f.record).filter(Boolean).join(';')]);
    }
  }
  for (const item of entity.possibly_same_as?.data ?? []) rows.push(['possibly_same_as', 'entity', item.entity.label, item.entity.type, item.entity.id, '']);
  for (const item of entity.referenced_by?.data ?? []) rows.push(['referenced_by', item.type, item.record.label, item.record.source, '', item.record.id]);
  // Embedded traversal results: the path as the labels of its entities, the target's type and id, the steps' records.
  (entity.traversals ?? []).forEach((block: any, n: number) => {
    for (const item of block.data) {
      const path = item.path.map((step: any) => step.entity.label).join(' > ');
      const records = item.path.map((step: any) => step.relationship?.record).filter(Boolean).join(';');
      rows.push(['traversal', `traversals.${n}`, path, item.target.type, item.target.id, records]);
    }
  });
  return csvText(rows);
}

const flat = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(';');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** text/csv of a search page: one row per item, `matches` as field=value pairs. */
export function searchCsv(target: Target, page: SearchPage): string {
  const columns = target === 'entity'
    ? ['id', 'label', 'type', 'countries', 'identifiers', 'addresses', 'date_of_birth', 'sanctioned', 'pep', 'closed', 'entity_url', 'matches']
    : ['id', 'label', 'source', 'publication_date', 'acquisition_date', 'references_count', 'record_url', 'source_url', 'matches'];
  const rows: string[][] = [columns];
  for (const item of page.data) {
    rows.push(columns.map((c) => {
      if (c === 'matches') {
        return Object.entries((item.matches as Record<string, string[]>) ?? {}).flatMap(([f, vs]) => vs.map((v) => `${f}=${v}`)).join(' | ');
      }
      if (c === 'identifiers') return ((item.identifiers as { type: string; value: string }[]) ?? []).map((i) => `${i.type}:${i.value}`).join(';');
      return flat(item[c]);
    }));
  }
  return csvText(rows);
}
