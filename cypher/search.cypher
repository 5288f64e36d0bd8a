// Search and resolve on the Neo4j full-text indexes (src/search/neo4jFulltext.ts).
// $lucene is compiled from the normalised match tree; $pool bounds the hits kept (10000 + 1);
// page statements read at most $pool index hits, except record-search-by-entity-type, which
// streams hits until $pool pass its filter; the facet statements stream every hit.

// name: entity-search
CALL db.index.fulltext.queryNodes('entity_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS e, score
// The Lucene clause on sx_source already holds the source filter exactly; this is a cheap guard.
WHERE $sources IS NULL OR any(s IN coalesce(e.sources, []) WHERE s IN $sources)
// Hits stay node references (no elementId round trip); only the page's nodes are projected.
WITH collect(e) AS nodes, collect(score) AS scores
WITH size(nodes) AS total, nodes[$offset..$end] AS pageNodes, scores[$offset..$end] AS pageScores
CALL (pageNodes, pageScores) {
  UNWIND range(0, size(pageNodes) - 1) AS i
  WITH pageNodes[i] AS e, pageScores[i] AS score
  RETURN collect({
    score: score,
    entity: e {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count,
               .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count,
               .related_entities_count, .risk, .search_values}
  }) AS items
}
RETURN total, items

// name: record-search
CALL db.index.fulltext.queryNodes('record_label_search', $lucene, {limit: $pool}) YIELD node, score
WITH collect(node) AS nodes, collect(score) AS scores
WITH size(nodes) AS total, nodes[$offset..$end] AS pageNodes, scores[$offset..$end] AS pageScores
CALL (pageNodes, pageScores) {
  UNWIND range(0, size(pageNodes) - 1) AS i
  WITH pageNodes[i] AS r, pageScores[i] AS score
  RETURN collect({score: score, record: properties(r)}) AS items
}
RETURN total, items

// name: record-search-by-entity-type
// The entity types of a record are those of the entities it references, which the index does
// not hold: hits stream (best first, no index limit) through the filter, and the first $pool
// that pass are kept, so the count and the pages are those of the filtered result set.
CALL db.index.fulltext.queryNodes('record_label_search', $lucene) YIELD node, score
WITH node AS r, score
WHERE EXISTS { MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) WHERE coalesce(e.type, 'unknown') IN $entityTypes }
WITH r, score LIMIT $pool
WITH collect(r) AS nodes, collect(score) AS scores
WITH size(nodes) AS total, nodes[$offset..$end] AS pageNodes, scores[$offset..$end] AS pageScores
CALL (pageNodes, pageScores) {
  UNWIND range(0, size(pageNodes) - 1) AS i
  WITH pageNodes[i] AS r, pageScores[i] AS score
  RETURN collect({score: score, record: properties(r)}) AS items
}
RETURN total, items

// name: entity-facets
// Facet counts over every hit, not the first $pool: one streaming pass over the index that
// emits (facet, key) pairs per entity and aggregates them, so memory holds the buckets only.
// sources is the derived list of source ids (src/ingest/summaries.ts); $sourceTypes maps a
// source id to its type and $regions a country to its region. A doc counts once per bucket.
CALL db.index.fulltext.queryNodes('entity_search', $lucene) YIELD node
WITH node AS e, coalesce(node.sources, []) AS sources, coalesce(node.countries, []) AS countries
WHERE $sources IS NULL OR any(s IN sources WHERE s IN $sources)
UNWIND [['entity_type', coalesce(e.type, 'unknown')]]
  + [c IN countries | ['country', c]]
  + [s IN sources | ['source', s]]
  + [t IN reduce(acc = [], s IN sources | CASE WHEN $sourceTypes[s] IS NULL OR $sourceTypes[s] IN acc THEN acc ELSE acc + $sourceTypes[s] END) | ['source_type', t]]
  + [r IN reduce(acc = [], c IN countries | CASE WHEN $regions[c] IS NULL OR $regions[c] IN acc THEN acc ELSE acc + $regions[c] END) | ['region', r]] AS pair
RETURN pair[0] AS facet, pair[1] AS key, count(*) AS n

// name: record-facets
// As entity-facets, over every record hit; a record's country and source type are its source's.
CALL db.index.fulltext.queryNodes('record_label_search', $lucene) YIELD node
WITH node AS r, COLLECT { MATCH (node)-[:ABOUT|MENTIONS]->(e:Entity) RETURN DISTINCT coalesce(e.type, 'unknown') } AS types
WHERE $entityTypes IS NULL OR any(t IN types WHERE t IN $entityTypes)
WITH r.source AS source, $sourceCountries[r.source] AS country, types
UNWIND [['source', source], ['source_type', $sourceTypes[source]], ['country', country], ['region', $regions[country]]]
  + [t IN types | ['entity_type', t]] AS pair
WITH pair WHERE pair[1] IS NOT NULL
RETURN pair[0] AS facet, pair[1] AS key, count(*) AS n

// name: source-facet-keys
// Type and country of every source, for the facet statements.
MATCH (s:Source)
RETURN s.id AS id, s.source_type AS type, s.country AS country

// name: source-ids-of-countries
MATCH (s:Source) WHERE s.country IN $countries
RETURN collect(s.id) AS ids

// name: resolve-candidates
CALL db.index.fulltext.queryNodes('entity_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS e, score
RETURN score,
  e {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count,
     .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count,
     .related_entities_count, .risk, .search_names, .sx_date_of_birth} AS entity

// name: resolve-candidates-many
// resolve-candidates for several queries in one statement (a resolution upload's chunk):
// $queries [{lucene, pool}]; each row names its query's index `i`.
UNWIND range(0, size($queries) - 1) AS i
CALL (i) {
  CALL db.index.fulltext.queryNodes('entity_search', $queries[i].lucene, {limit: $queries[i].pool}) YIELD node, score
  RETURN node AS e, score
}
RETURN i, score,
  e {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count,
     .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count,
     .related_entities_count, .risk, .search_names, .sx_date_of_birth} AS entity

// name: name-word-counts
// Entities whose names carry each word ($queries [{word, lucene}]), each counted up to $cap,
// and the entities of the graph (the count store answers it without a scan).
CALL () { MATCH (e:Entity) RETURN count(e) AS total }
UNWIND $queries AS q
CALL (q) {
  CALL db.index.fulltext.queryNodes('entity_search', q.lucene, {limit: $cap}) YIELD node
  RETURN count(node) AS n
}
RETURN q.word AS word, n, total

// name: reindex-entity-lock
// `graph-api reindex`, safe beside an ingest: the next page of entities after $after (id
// order), write-locked (a property set and removed again) before reindex-entity-read reads them
// in the same transaction, which also writes the result. An ingest's change to one of them
// commits before that read or waits for that write.
MATCH (e:Entity) WHERE e.id > $after AND e.type IS NOT NULL
WITH e ORDER BY e.id LIMIT $limit
SET e.maintenance_lock = true REMOVE e.maintenance_lock
RETURN e.id AS id

// name: reindex-entity-read
// The given entities (in that order) with their search attributes, for `graph-api reindex`.
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e {.*} AS entity,
  COLLECT { MATCH (e)-[:HAS_ATTRIBUTE]->(a) WHERE a.field IN $attributeFields OR a.field = 'country'
            WITH a ORDER BY a.field, a.ordinal RETURN {field: a.field, value: a.value, type: a.type} } AS attributes,
  COLLECT { MATCH (r:Record)-[:ABOUT|MENTIONS]->(e) WITH DISTINCT r.source AS s
            OPTIONAL MATCH (src:Source {id: s}) RETURN [s, src.source_type] } AS sources

// name: reindex-record-page
// Records after $after (id order), for `graph-api reindex` of their sx_* properties; locked
// before their label and source are read, as in reindex-entity-lock, in the transaction that
// writes the result.
MATCH (r:Record) WHERE r.id > $after
WITH r ORDER BY r.id LIMIT $limit
SET r.maintenance_lock = true REMOVE r.maintenance_lock
WITH r
RETURN r.id AS id, r.label AS label, r.source AS source

// name: reindex-record-write
UNWIND $rows AS row
MATCH (r:Record {id: row.id})
SET r += row.props

// name: outdated-entity-index
// entity_search as created before it covered sx_source (it covered source_count; Graph.migrate).
SHOW FULLTEXT INDEXES YIELD name, properties
WHERE name = 'entity_search' AND NOT 'sx_source' IN properties
RETURN name

// name: entity-index-without-name-keys
// entity_search as created before it covered the name keys sx_name_jn and sx_name_ph (Graph.migrate).
SHOW FULLTEXT INDEXES YIELD name, properties
WHERE name = 'entity_search' AND NOT 'sx_name_ph' IN properties
RETURN name

// name: entities-without-source-tokens
// Entities after $after (id order) without sx_source, with the source ids it is made of.
MATCH (e:Entity) WHERE e.id > $after AND e.sx_source IS NULL
WITH e ORDER BY e.id LIMIT $limit
RETURN e.id AS id, coalesce(e.sources, []) AS sources

// name: source-tokens-write
// migrate's sx_source backfill, safe beside an ingest: under the entity's write lock (a property
// set and removed again), only where the entity still has no sx_source and still has the
// sources the tokens were made of. An ingest's summary refresh, which sets both, may have
// committed since they were read; its lock makes this wait for that commit.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
SET e.maintenance_lock = true REMOVE e.maintenance_lock
WITH e, row
WHERE e.sx_source IS NULL AND coalesce(e.sources, []) = row.sources
SET e.sx_source = row.sx_source

// name: reindex-entity-write
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
SET e += row.props

// name: entities-by-id
// Entities with their search attributes and sources (search-index sync job).
UNWIND $ids AS id
MATCH (e:Entity {id: id}) WHERE e.type IS NOT NULL
RETURN e {.*} AS entity,
  COLLECT { MATCH (e)-[:HAS_ATTRIBUTE]->(a) WHERE a.field IN $attributeFields OR a.field = 'country'
            WITH a ORDER BY a.field, a.ordinal RETURN {field: a.field, value: a.value, type: a.type} } AS attributes,
  COLLECT { MATCH (r:Record)-[:ABOUT|MENTIONS]->(e) WITH DISTINCT r.source AS s
            OPTIONAL MATCH (src:Source {id: s}) RETURN [s, src.source_type] } AS sources

// name: records-page
MATCH (r:Record) WHERE r.id > $after
WITH r ORDER BY r.id LIMIT $limit
OPTIONAL MATCH (src:Source {id: r.source})
RETURN r {.*} AS record, src {.*} AS source,
  COLLECT { MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) RETURN DISTINCT coalesce(e.type, 'unknown') } AS entityTypes

// name: records-of-entities
UNWIND $ids AS id
MATCH (r:Record)-[:ABOUT|MENTIONS]->(:Entity {id: id})
WITH DISTINCT r LIMIT $limit
OPTIONAL MATCH (src:Source {id: r.source})
RETURN r {.*} AS record, src {.*} AS source,
  COLLECT { MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) RETURN DISTINCT coalesce(e.type, 'unknown') } AS entityTypes

// name: search-pending
// The search-index outbox (src/search/sync.ts): entities whose search_pending marker is set (by
// every write that changes what a search document holds) after $after in id order, with the
// marker read, and whether a reindex is building a new index (search-reindex-begin).
MATCH (e:Entity) WHERE e.search_pending IS NOT NULL AND e.id > $after
WITH e ORDER BY e.id LIMIT $limit
RETURN e.id AS id, e.search_pending AS marker

// name: search-pending-clear
// Compare-and-set: a marker is removed only while it is the one read before the documents were
// sent, so a change committed meanwhile stays queued; and not while a reindex builds a new index,
// which may have read the entity before this change and replaces the index the change went to.
OPTIONAL MATCH (r:SearchReindex {id: 'search'}) WHERE r.until > timestamp()
WITH r IS NOT NULL AS reindexing
UNWIND CASE WHEN reindexing THEN [] ELSE $rows END AS row
MATCH (e:Entity {id: row.id}) WHERE e.search_pending = row.marker
REMOVE e.search_pending
RETURN count(e) AS cleared

// name: search-reindex-begin
// A reindex into a new Meilisearch index is under way until `until` (ms; renewed each page, so a
// reindex that died stops holding markers within $ttl).
MERGE (r:SearchReindex {id: 'search'})
SET r.until = timestamp() + $ttl

// name: search-reindex-end
MATCH (r:SearchReindex {id: 'search'})
DELETE r

// name: search-pending-count
MATCH (e:Entity) WHERE e.search_pending IS NOT NULL
RETURN count(e) AS n
