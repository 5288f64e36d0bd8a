// Search and resolve on the Neo4j full-text indexes (src/search/neo4jFulltext.ts).
// $lucene is compiled from the normalised match tree; $pool bounds the hits read (10000 + 1);
// every statement reads at most $pool index hits.

// name: entity-search
CALL db.index.fulltext.queryNodes('entity_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS e, score
WHERE $sources IS NULL OR EXISTS { MATCH (r:Record)-[:ABOUT|MENTIONS]->(e) WHERE r.source IN $sources }
WITH collect({id: elementId(e), score: score}) AS hits
WITH size(hits) AS total, hits[$offset..$end] AS page
CALL (page) {
  UNWIND page AS h
  MATCH (e) WHERE elementId(e) = h.id
  WITH e, h.score AS score
  RETURN collect({
    score: score,
    entity: e {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count,
               .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count,
               .related_entities_count, .risk},
    attributes: COLLECT {
      MATCH (e)-[:HAS_ATTRIBUTE]->(a) WHERE a.field IN $attributeFields
      WITH a ORDER BY a.field, a.ordinal LIMIT 300
      RETURN [a.field, a.value, a.type]
    }
  }) AS items
}
RETURN total, items

// name: entity-search-facets
CALL db.index.fulltext.queryNodes('entity_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS e, score
WHERE $sources IS NULL OR EXISTS { MATCH (r:Record)-[:ABOUT|MENTIONS]->(e) WHERE r.source IN $sources }
WITH collect({id: elementId(e), score: score}) AS hits
WITH size(hits) AS total, hits[$offset..$end] AS page, [h IN hits[0..$facetPool] | h.id] AS eids
CALL (page) {
  UNWIND page AS h
  MATCH (e) WHERE elementId(e) = h.id
  WITH e, h.score AS score
  RETURN collect({
    score: score,
    entity: e {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count,
               .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count,
               .related_entities_count, .risk},
    attributes: COLLECT {
      MATCH (e)-[:HAS_ATTRIBUTE]->(a) WHERE a.field IN $attributeFields
      WITH a ORDER BY a.field, a.ordinal LIMIT 300
      RETURN [a.field, a.value, a.type]
    }
  }) AS items
}
CALL (eids) {
  UNWIND eids AS eid
  MATCH (e) WHERE elementId(e) = eid
  MATCH (r:Record)-[:ABOUT|MENTIONS]->(e)
  WITH DISTINCT eid, r.source AS s
  OPTIONAL MATCH (src:Source {id: s})
  WITH collect({e: eid, s: s, t: src.source_type}) AS pairs
  RETURN
    COLLECT { UNWIND pairs AS p WITH p.s AS k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS source,
    COLLECT { UNWIND pairs AS p WITH DISTINCT p.e AS e, p.t AS k WHERE k IS NOT NULL WITH k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS source_type
}
CALL (eids) {
  UNWIND eids AS eid
  MATCH (e) WHERE elementId(e) = eid
  WITH collect({type: e.type, countries: e.countries}) AS es
  RETURN
  COLLECT { UNWIND es AS e UNWIND coalesce(e.countries, []) AS k WITH k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS country,
  COLLECT { UNWIND es AS e WITH coalesce(e.type, 'unknown') AS k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS entity_type,
  COLLECT { UNWIND range(0, size(es) - 1) AS i UNWIND coalesce(es[i].countries, []) AS c WITH DISTINCT i, $regions[c] AS k WHERE k IS NOT NULL WITH k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS region
}
RETURN total, items, source, source_type, country, entity_type, region

// name: record-search
CALL db.index.fulltext.queryNodes('record_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS r, score
WHERE $entityTypes IS NULL OR EXISTS { MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) WHERE e.type IN $entityTypes }
WITH collect({id: elementId(r), score: score}) AS hits
WITH size(hits) AS total, hits[$offset..$end] AS page
CALL (page) {
  UNWIND page AS h
  MATCH (r) WHERE elementId(r) = h.id
  RETURN collect({score: h.score, record: properties(r)}) AS items
}
RETURN total, items

// name: record-search-facets
CALL db.index.fulltext.queryNodes('record_search', $lucene, {limit: $pool}) YIELD node, score
WITH node AS r, score
WHERE $entityTypes IS NULL OR EXISTS { MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) WHERE e.type IN $entityTypes }
WITH collect({id: elementId(r), score: score}) AS hits
WITH size(hits) AS total, hits[$offset..$end] AS page, [h IN hits[0..$facetPool] | h.id] AS rids
CALL (page) {
  UNWIND page AS h
  MATCH (r) WHERE elementId(r) = h.id
  RETURN collect({score: h.score, record: properties(r)}) AS items
}
CALL (rids) {
  UNWIND rids AS rid
  MATCH (r) WHERE elementId(r) = rid
  OPTIONAL MATCH (src:Source {id: r.source})
  WITH collect({r: r, s: r.source, t: src.source_type, c: src.country}) AS rows
  RETURN
    COLLECT { UNWIND rows AS x WITH x.s AS k, count(*) AS n WHERE k IS NOT NULL WITH k, n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS source,
    COLLECT { UNWIND rows AS x WITH x.t AS k, count(*) AS n WHERE k IS NOT NULL WITH k, n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS source_type,
    COLLECT { UNWIND rows AS x WITH x.c AS k, count(*) AS n WHERE k IS NOT NULL WITH k, n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS country,
    COLLECT { UNWIND rows AS x WITH $regions[x.c] AS k, count(*) AS n WHERE k IS NOT NULL WITH k, n ORDER BY n DESC, k LIMIT $facetSize RETURN {key: k, doc_count: n} } AS region
}
CALL (rids) {
  UNWIND rids AS rid
  MATCH (r)-[:ABOUT|MENTIONS]->(e:Entity) WHERE elementId(r) = rid
  WITH DISTINCT r, coalesce(e.type, 'unknown') AS k
  WITH k, count(*) AS n ORDER BY n DESC, k LIMIT $facetSize
  RETURN collect({key: k, doc_count: n}) AS entity_type
}
RETURN total, items, source, source_type, country, region, entity_type

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

// name: reindex-entity-page
// Entities after $after (id order) with their search attributes, for `graph-api reindex`.
MATCH (e:Entity) WHERE e.id > $after AND e.type IS NOT NULL
WITH e ORDER BY e.id LIMIT $limit
RETURN e {.*} AS entity,
  COLLECT { MATCH (e)-[:HAS_ATTRIBUTE]->(a) WHERE a.field IN $attributeFields OR a.field = 'country'
            WITH a ORDER BY a.field, a.ordinal RETURN {field: a.field, value: a.value, type: a.type} } AS attributes,
  COLLECT { MATCH (r:Record)-[:ABOUT|MENTIONS]->(e) WITH DISTINCT r.source AS s
            OPTIONAL MATCH (src:Source {id: s}) RETURN [s, src.source_type] } AS sources

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
