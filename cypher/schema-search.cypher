// Full-text indexes of search and resolve (src/search/neo4jFulltext.ts), applied by `graph-api migrate`.
// entity_search covers the derived sx_* properties (values already normalised by src/domain/names.ts:
// transliterated, folded, lower-cased, company forms canonical), the country and type used by filters,
// and sx_source (each source id of the entity's records as one token, for the source filter;
// set with the summaries). sx_name_jn (each name's words written as one) and sx_name_ph (phonetic
// keys) come from the name-analysis pipeline (src/search/analysis). It used to cover source_count, whose JSON words (split ids, source
// labels) made the source clause inexact; `graph-api migrate` replaces that index (Graph.migrate).
CREATE FULLTEXT INDEX entity_search IF NOT EXISTS FOR (e:Entity) ON EACH [
  e.sx_name, e.sx_name_sk, e.sx_name_jn, e.sx_name_ph, e.sx_identifier, e.sx_identifier_type, e.sx_address, e.sx_business_purpose,
  e.sx_date_of_birth, e.sx_contact, e.sx_contact_type, e.sx_position, e.sx_country, e.sx_type, e.sx_source]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } };
// Records: the label normalised like entity names (sx_label) and the source id as one token
// (sx_source, exact filters); both derived at ingest (src/search/fields.ts recordSearchProps).
// It replaces record_search, which indexed the raw label: dropped once, then a no-op.
DROP INDEX record_search IF EXISTS;
CREATE FULLTEXT INDEX record_label_search IF NOT EXISTS FOR (r:Record) ON EACH [r.sx_label, r.sx_source]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-no-stop-words' } };
// The search-index outbox: entities changed since the Meilisearch index last took them (search.cypher search-pending).
CREATE INDEX entity_search_pending IF NOT EXISTS FOR (e:Entity) ON (e.search_pending);
