/**
 * Search documents of the external index (Meilisearch): one per entity and per record,
 * built from the graph by the sync job and `graph-api reindex`. Token arrays (`t_*`) and
 * their adjacent pairs (`b_*`) let filter expressions execute the same match tree as the
 * Lucene adapter; `n_*` texts are searchable for ranking; `values` keep the original
 * strings for highlights; `entity` / `record` hold what the embedded shapes need.
 */
import { createHash } from 'node:crypto';
import { skeleton } from '../domain/names';
import type { Props } from '../graph/mappers';
import { AttributeValue, IndexField, fieldTokens, fieldValues, indexedText, nameKeys } from './fields';
import { regionOf } from '../domain/regions';
import { compactIdentifier } from '../domain/names';

/** Entity properties copied into a document (what embeddedEntity reads). */
export const EMBEDDED_ENTITY_PROPS = [
  'id', 'label', 'type', 'identifiers', 'countries', 'pep', 'sanctioned', 'closed', 'psa_sanctioned', 'psa_count',
  'source_count', 'degree', 'addresses', 'date_of_birth', 'relationship_count', 'attribute_count', 'related_entities_count', 'risk',
  'search_names',
] as const;
export const EMBEDDED_RECORD_PROPS = ['id', 'label', 'source', 'publication_date', 'acquisition_date', 'references_count', 'source_url'] as const;

/** Meilisearch primary keys allow [A-Za-z0-9_-] only; entity ids may hold anything. */
export const documentKey = (id: string): string => createHash('sha1').update(id).digest('hex');

const pick = (p: Props, keys: readonly string[]): Props => Object.fromEntries(keys.filter((k) => p[k] !== undefined && p[k] !== null).map((k) => [k, p[k]]));

function tokensAndPairs(field: IndexField, values: string[]): { tokens: string[]; pairs: string[] } {
  const tokens = new Set<string>();
  const pairs = new Set<string>();
  for (const v of values) {
    const ts = fieldTokens(field, v);
    ts.forEach((t, i) => {
      tokens.add(t);
      if (i > 0) pairs.add(`${ts[i - 1]} ${t}`);
    });
    if (field === 'identifier') {
      const c = compactIdentifier(v);
      if (c) tokens.add(c);
    }
  }
  return { tokens: [...tokens], pairs: [...pairs] };
}

export const ENTITY_DOC_FIELDS: readonly Exclude<IndexField, 'label'>[] = [
  'name', 'identifier', 'identifier_type', 'address', 'business_purpose', 'date_of_birth', 'contact', 'contact_type', 'position',
];

export type EntityDocument = Record<string, unknown> & { key: string; id: string };

/** The document of one entity: `sources` are [source id, source_type] pairs of the records that reference it. */
export function entityDocument(entity: Props, attributes: AttributeValue[], sources: [string, string | null][]): EntityDocument {
  const values = fieldValues(entity.label as string | undefined, attributes);
  const doc: EntityDocument = { key: documentKey(entity.id as string), id: entity.id as string, entity: pick(entity, EMBEDDED_ENTITY_PROPS), values };
  for (const field of ENTITY_DOC_FIELDS) {
    const { tokens, pairs } = tokensAndPairs(field, values[field]);
    doc[`n_${field}`] = indexedText(field, values[field]);
    doc[`t_${field}`] = tokens;
    doc[`b_${field}`] = pairs;
  }
  const nameSkeletons = [...new Set((doc.t_name as string[]).map(skeleton))];
  doc.t_name_sk = nameSkeletons;
  doc.n_name_sk = nameSkeletons.join(' ');
  // The name keys the Lucene index holds (sx_name_jn, sx_name_ph), computed alike, so both
  // backends find the same joined, sound-alike and Arabic- or Hebrew-script spellings.
  const keys = nameKeys(values.name);
  doc.n_name_jn = keys.joined.join(' ');
  doc.n_name_ph = keys.phonetic.join(' ');
  const countries = (entity.countries as string[] | undefined) ?? [];
  doc.f_country = countries;
  doc.f_region = [...new Set(countries.map(regionOf).filter(Boolean))];
  doc.f_type = (entity.type as string | undefined) ?? 'unknown';
  doc.f_source = [...new Set(sources.map(([s]) => s))];
  doc.f_source_type = [...new Set(sources.map(([, t]) => t).filter(Boolean))];
  return doc;
}

export type RecordDocument = Record<string, unknown> & { key: string; id: string };

export function recordDocument(record: Props, source: Props | null, entityTypes: string[]): RecordDocument {
  const label = (record.label as string | undefined) ?? (record.id as string);
  const { tokens, pairs } = tokensAndPairs('label', [label]);
  const country = source?.country as string | undefined;
  return {
    key: documentKey(record.id as string),
    id: record.id as string,
    record: pick(record, EMBEDDED_RECORD_PROPS),
    values: { label: [label] },
    n_label: tokens.join(' '),
    t_label: tokens,
    b_label: pairs,
    f_source: record.source ? [record.source as string] : [],
    f_source_type: source?.source_type ? [source.source_type as string] : [],
    f_country: country ? [country] : [],
    f_region: country && regionOf(country) ? [regionOf(country)] : [],
    f_type: [...new Set(entityTypes)],
  };
}
