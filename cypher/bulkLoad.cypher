// `graph-api bulk-load` (src/ingest/bulk): the checks before Neo4j's offline importer replaces the
// database, and the steps after it that give the graph what ingest would have written.

// name: graph-has-data
// Any node but the markers of migrate's one-time steps and the graph epoch: the importer would
// replace it.
MATCH (n) WHERE NOT n:MaintenanceStep AND NOT n:GraphEpoch
RETURN true AS found LIMIT 1

// name: restore-entity-lists
// The importer cannot store an empty list; ingest stores these lists on every entity, empty or not.
MATCH (e:Entity) WHERE e.countries IS NULL OR e.addresses IS NULL OR e.risk_factors IS NULL OR e.sources IS NULL
CALL (e) {
  SET e.countries = coalesce(e.countries, []), e.addresses = coalesce(e.addresses, []),
      e.risk_factors = coalesce(e.risk_factors, []), e.sources = coalesce(e.sources, [])
} IN TRANSACTIONS OF 10000 ROWS

// name: restore-attribute-records
// As restore-entity-lists: every attribute has its list of records.
MATCH (a:Attribute) WHERE a.records IS NULL
CALL (a) { SET a.records = [] } IN TRANSACTIONS OF 10000 ROWS

// name: restore-document-urls
// The records whose line gave an empty document_urls.
UNWIND $ids AS id
MATCH (r:Record {id: id})
SET r.document_urls = []
