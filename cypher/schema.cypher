// Constraints and indexes, applied by `graph-api migrate` (idempotent: IF NOT EXISTS).
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE;
CREATE CONSTRAINT record_id IF NOT EXISTS FOR (r:Record) REQUIRE r.id IS UNIQUE;
CREATE CONSTRAINT source_id IF NOT EXISTS FOR (s:Source) REQUIRE s.id IS UNIQUE;
CREATE CONSTRAINT shipment_id IF NOT EXISTS FOR (s:Shipment) REQUIRE s.id IS UNIQUE;
CREATE INDEX entity_type IF NOT EXISTS FOR (e:Entity) ON (e.type);
CREATE INDEX entity_sanctioned IF NOT EXISTS FOR (e:Entity) ON (e.sanctioned);
CREATE INDEX entity_pep IF NOT EXISTS FOR (e:Entity) ON (e.pep);
CREATE INDEX record_source IF NOT EXISTS FOR (r:Record) ON (r.source);
// The trade search's sources filter goes from a source's records to their shipments.
CREATE INDEX shipment_record IF NOT EXISTS FOR (s:Shipment) ON (s.record);
// Dropped: indexes earlier versions created that no query reads (search uses
// schema-search.cypher; attributes are always reached from their entity), since each costs
// index upkeep on every ingest write (docs/benchmarks.md, 2026-11-22).
DROP INDEX attribute_field IF EXISTS;
DROP INDEX entity_text IF EXISTS;
DROP INDEX record_text IF EXISTS;
