/**
 * Search fields: the API names (`fields` parameter, advanced `name.value:` syntax, `matches`
 * keys) and the derived values both backends index for them. Every value is normalised with
 * src/domain/names.ts before it is indexed, and so is every query term.
 */
import { sourceToken } from '../domain/sourceTokens';
import { analyze, compactIdentifier, skeleton } from '../domain/names';
import { consonantIndexKeys, joinedKey, nameCore, phoneticKeys } from './analysis';

/** Internal field keys of entities; the first seven are the API's `fields` values. */
export const ENTITY_SEARCH_FIELDS = ['name', 'identifier', 'address', 'business_purpose', 'date_of_birth', 'contact', 'position'] as const;
export type EntitySearchField = (typeof ENTITY_SEARCH_FIELDS)[number];
export const ENTITY_TYPE_FIELDS = ['identifier_type', 'contact_type'] as const;
export type IndexField = EntitySearchField | (typeof ENTITY_TYPE_FIELDS)[number] | 'label';

/** Advanced-syntax field names (spec) to index fields. */
export const ADVANCED_ENTITY_FIELDS: Readonly<Record<string, IndexField>> = {
  'name.value': 'name',
  'identifier.value': 'identifier',
  'identifier.type': 'identifier_type',
  'address.value': 'address',
  'business_purpose.value': 'business_purpose',
  'date_of_birth.value': 'date_of_birth',
  'contact.value': 'contact',
  'contact.type': 'contact_type',
  'position.value': 'position',
};
export const ADVANCED_RECORD_FIELDS: Readonly<Record<string, IndexField>> = { label: 'label', 'label.value': 'label' };

/** Attribute field each index field's values come from, and whether it holds the attribute's `type`. */
export const FIELD_SOURCE: Readonly<Record<Exclude<IndexField, 'label'>, { attribute: string; part: 'value' | 'type' }>> = {
  name: { attribute: 'name', part: 'value' },
  identifier: { attribute: 'identifier', part: 'value' },
  identifier_type: { attribute: 'identifier', part: 'type' },
  address: { attribute: 'address', part: 'value' },
  business_purpose: { attribute: 'business_purpose', part: 'value' },
  date_of_birth: { attribute: 'date_of_birth', part: 'value' },
  contact: { attribute: 'contact', part: 'value' },
  contact_type: { attribute: 'contact', part: 'type' },
  position: { attribute: 'position', part: 'value' },
};

/** Attribute fields read for search documents and highlights. */
export const SEARCH_ATTRIBUTE_FIELDS = ['name', 'identifier', 'address', 'business_purpose', 'date_of_birth', 'contact', 'position'];

/** Only names get company-form canonicalisation (LIMITED -> ltd ...). */
export const usesCompanyForms = (field: IndexField): boolean => field === 'name';

/** Match tokens of one value of a field. */
export function fieldTokens(field: IndexField, value: string): string[] {
  return analyze(value, { companyForms: usesCompanyForms(field) }).map((t) => t.text);
}

/** Neo4j property of an index field. */
export const sxProperty = (field: IndexField): string => `sx_${field}`;

export interface AttributeValue { field: string; value: string; type?: string | null }

export type FieldValues = Record<Exclude<IndexField, 'label'>, string[]>;

/** Original values of each index field (for highlights), from an entity's label and attributes. */
export function fieldValues(label: string | undefined, attributes: AttributeValue[]): FieldValues {
  const out = {} as FieldValues;
  for (const [field, src] of Object.entries(FIELD_SOURCE) as [Exclude<IndexField, 'label'>, { attribute: string; part: 'value' | 'type' }][]) {
    const values = attributes
      .filter((a) => a.field === src.attribute)
      .map((a) => (src.part === 'value' ? a.value : a.type))
      .filter((v): v is string => typeof v === 'string' && v !== '');
    out[field] = [...new Set(values)];
  }
  if (label && !out.name.includes(label)) out.name.unshift(label);
  return out;
}

/** Indexed text of one field: each value's tokens joined by spaces, values by newlines. Identifiers add their compact form. */
export function indexedText(field: Exclude<IndexField, 'label'>, values: string[]): string {
  return values
    .map((v) => {
      const tokens = fieldTokens(field, v);
      if (field === 'identifier') {
        const compact = compactIdentifier(v);
        if (tokens.length > 1 && compact) tokens.push(compact);
      }
      return tokens.join(' ');
    })
    .filter(Boolean)
    .join('\n');
}

/**
 * Name keys of the analysis pipeline that both backends index: each name written as one word
 * (`joined`), and phonetic keys with consonant keys (q-prefixed, in one list: `phonetic`). A
 * change to either needs `graph-api reindex`, which recomputes the Neo4j properties and the
 * Meilisearch documents from this one function.
 */
export function nameKeys(names: string[]): { joined: string[]; phonetic: string[] } {
  const analysed = names.map(nameCore);
  return {
    joined: [...new Set(analysed.map((a) => joinedKey(a.core)).filter((k) => k.length >= 4))],
    phonetic: [...new Set(analysed.flatMap((a) => [...phoneticKeys(a.core), ...consonantIndexKeys(a)]))],
  };
}

/**
 * The derived `sx_*` properties of an Entity node that the `entity_search` full-text index
 * covers, and `search_values` (JSON of fieldValues) for highlights. Set at ingest
 * (src/ingest/rows.ts) and by `graph-api reindex`.
 */
export function entitySearchProps(entity: { type?: string; label?: string | null; countries?: string[] }, attributes: AttributeValue[]): Record<string, string> {
  const values = fieldValues(entity.label ?? undefined, attributes);
  const props: Record<string, string> = {};
  for (const field of Object.keys(values) as Exclude<IndexField, 'label'>[]) props[sxProperty(field)] = indexedText(field, values[field]);
  props.sx_name_sk = [...new Set(props.sx_name.split(/\s+/).filter(Boolean).map(skeleton))].join(' ');
  const keys = nameKeys(values.name);
  props.sx_name_jn = keys.joined.join(' ');
  props.sx_name_ph = keys.phonetic.join(' ');
  const countries = entity.countries ?? [...new Set(attributes.filter((a) => a.field === 'country').map((a) => a.value))];
  props.sx_country = countries.map((c) => c.toLowerCase()).join(' ');
  props.sx_type = (entity.type ?? 'unknown').toLowerCase();
  // The original values, so a search page can highlight them without reading attribute nodes.
  props.search_values = JSON.stringify(values);
  return props;
}

/** Convenience for ingest: the search properties of an ingest line. */
export function entityLineSearchProps(line: { type: string; label?: string; attributes?: { field: string; value: unknown; type?: string }[] }): Record<string, string> {
  const attributes = (line.attributes ?? []).map((a) => ({ field: a.field, value: String(a.value), type: a.type }));
  const names = attributes.filter((a) => a.field === 'name').map((a) => a.value);
  return entitySearchProps({ type: line.type, label: line.label ?? names[0] }, attributes);
}

/** The index tokens of source ids live in src/domain/sourceTokens.ts (the migration computes them too). */
export { entitySourceTokens, sourceToken } from '../domain/sourceTokens';

/**
 * The derived properties of a Record node that the `record_label_search` full-text index
 * covers: the label normalised as query words are (transliterated, folded, lower case) and
 * the source id as one token. Set at ingest (src/ingest/rows.ts) and by `graph-api reindex`;
 * highlights read the original `label`.
 */
export function recordSearchProps(record: { id: string; label?: string | null; source?: string | null }): Record<string, string> {
  return {
    sx_label: fieldTokens('label', record.label ?? record.id).join(' '),
    sx_source: record.source ? sourceToken(record.source) : '',
  };
}
