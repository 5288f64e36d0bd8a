// Constraints and indexes, applied by `graph-api migrate` (idempotent: IF NOT EXISTS).
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE;
CREATE CONSTRAINT record_id IF NOT EXISTS FOR (r:Record) REQUIRE r.id IS UNIQUE;
CREATE CONSTRAINT source_id IF NOT EXISTS FOR (s:Source) REQUIRE s.id IS UNIQUE;
CREATE INDEX entity_type IF NOT EXISTS FOR (e:Entity) ON (e.type);
CREATE INDEX entity_sanctioned IF NOT EXISTS FOR (e:Entity) ON (e.sanctioned);
CREATE INDEX entity_pep IF NOT EXISTS FOR (e:Entity) ON (e.pep);
CREATE INDEX record_source IF NOT EXISTS FOR (r:Record) ON (r.source);
CREATE INDEX attribute_field IF NOT EXISTS FOR (a:Attribute) ON (a.field);
// Full-text (Lucene) indexes back search and resolve when no Meilisearch is configured.
CREATE FULLTEXT INDEX entity_text IF NOT EXISTS FOR (e:Entity) ON EACH [e.label, e.search_names, e.search_identifiers, e.search_addresses]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-folding' } };
CREATE FULLTEXT INDEX record_text IF NOT EXISTS FOR (r:Record) ON EACH [r.label]
  OPTIONS { indexConfig: { `fulltext.analyzer`: 'standard-folding' } };
