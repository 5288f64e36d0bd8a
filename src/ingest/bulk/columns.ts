/**
 * The columns of each CSV file bulk-load writes: the properties ingest's rows give each node and
 * relationship (src/ingest/rows.ts, summaries.ts), with the types Neo4j stores them as (a
 * number sent by the driver is a float).
 */
import type { Column, ColumnType } from './csvFile';

const props = (type: ColumnType, ...names: string[]): Column[] => names.map((name) => ({ name, type }));

/** The properties of src/search/fields.ts entitySearchProps: the entity_search index's sx_* and search_values. */
const ENTITY_SEARCH = [
  'sx_name', 'sx_name_sk', 'sx_name_jn', 'sx_name_ph', 'sx_identifier', 'sx_identifier_type', 'sx_address', 'sx_business_purpose',
  'sx_date_of_birth', 'sx_contact', 'sx_contact_type', 'sx_position', 'sx_country', 'sx_type', 'sx_source', 'search_values',
];

export const ENTITY_COLUMNS: Column[] = [
  { field: ':ID(Entity)' }, { field: ':LABEL' },
  ...props('string', 'id', 'type', 'label', 'closed_date', 'identifiers', 'date_of_birth', 'risk', 'direct_risk', 'attribute_count', 'search_names'),
  ...props('boolean', 'closed', 'pep', 'sanctioned'),
  ...props('string[]', 'countries', 'addresses', 'risk_factors', 'sources'),
  ...props('string', ...ENTITY_SEARCH),
  // Summary fields (src/ingest/summaries.ts summaryRow).
  ...props('double', 'degree', 'related_entities_count', 'psa_count', 'references_count', 'trade_sent', 'trade_received'),
  ...props('string', 'relationship_count', 'psa_sanctioned', 'source_count'),
];

export const ATTRIBUTE_COLUMNS: Column[] = [
  { field: ':ID(Attribute)' }, { field: ':LABEL' },
  ...props('string', 'entity_id', 'field', 'value', 'type', 'from_date', 'to_date', 'date', 'extra', 'city', 'state'),
  ...props('double', 'ordinal', 'record_count'),
  ...props('string[]', 'records'),
];

export const RECORD_COLUMNS: Column[] = [
  { field: ':ID(Record)' }, { field: ':LABEL' },
  ...props('string', 'id', 'label', 'source', 'source_url', 'record_url', 'publication_date', 'acquisition_date', 'sx_label', 'sx_source'),
  ...props('string[]', 'document_urls'),
  ...props('double', 'references_count'),
];

export const SOURCE_COLUMNS: Column[] = [
  { field: ':LABEL' },
  ...props('string', 'id', 'label', 'country', 'source_type', 'date_added'),
];

/** An entity's facts (both directions) and possibly-same-as links. */
export const FACT_COLUMNS: Column[] = [
  { field: ':START_ID(Entity)' }, { field: ':END_ID(Entity)' }, { field: ':TYPE' },
  ...props('string', 'key', 'record', 'date', 'from_date', 'to_date', 'to_end', 'shares', 'position', 'matches'),
  ...props('double', 'percentage'),
];

export const REFERENCE_COLUMNS: Column[] = [
  { field: ':START_ID(Record)' }, { field: ':END_ID(Entity)' }, { field: ':TYPE' },
  ...props('double', 'ordinal'),
];

export const HAS_ATTRIBUTE_COLUMNS: Column[] = [{ field: ':START_ID(Entity)' }, { field: ':END_ID(Attribute)' }, { field: ':TYPE' }];
