// Reads behind /entity, /entity_summary and their /v1 forms.

// name: entity-node
MATCH (e:Entity {id: $id})
WHERE e.type IS NOT NULL
RETURN e {.*} AS entity

// name: entity-attributes
// One page per requested attribute field; ordinals are contiguous per field, so a page is
// a range read rather than a skip.
MATCH (e:Entity {id: $id})
UNWIND $fields AS f
CALL (e, f) {
  MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute)
  WHERE a.field = f.field AND a.ordinal >= f.offset AND a.ordinal < f.offset + f.limit
  WITH a ORDER BY a.ordinal
  RETURN collect(a {.*}) AS items
}
RETURN f.field AS field, items

// name: entity-relationship-pages
// Every relationships.<type> page in one pass over the entity's relationships: items are
// targets (ordered by label, then id), each with every fact of the type between the two.
// $paging maps a type (Neo4j name) to {offset, limit}; types not in it use $defaultPaging.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS
WITH type(r) AS type, t, collect(r {.*}) AS facts
ORDER BY type, t.label, t.id
WITH type, collect({target: t {.*}, facts: facts}) AS items
WITH type, items, coalesce($paging[type], $defaultPaging) AS page
WHERE page.limit > 0
RETURN type, size(items) AS total, items[page.offset..page.offset + page.limit] AS items

// name: entity-possibly-same-as
MATCH (e:Entity {id: $id})-[r:POSSIBLY_SAME_AS]->(p:Entity)
RETURN p {.*} AS entity, r.matches AS matches
ORDER BY p.id
SKIP $offset LIMIT $limit

// name: entity-referenced-by
MATCH (rec:Record)-[x:ABOUT|MENTIONS]->(e:Entity {id: $id})
WITH rec, toLower(type(x)) AS type
ORDER BY rec.publication_date DESC, rec.id, type
SKIP $offset LIMIT $limit
RETURN rec {.*} AS record, type

// name: entity-relationships-all
// The /v1 relationships page: one item per neighbour over every (or the requested) type,
// each fact with the acquisition date of its record.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS AND ($types IS NULL OR type(r) IN $types)
WITH t, r
OPTIONAL MATCH (rec:Record {id: r.record})
WITH t, collect(r {.*, type: type(r), acquisition_date: rec.acquisition_date, publication_date: rec.publication_date}) AS facts
ORDER BY t.label, t.id
SKIP $offset LIMIT $limit
RETURN t {.*} AS target, facts

// name: entity-relationships-all-count
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS AND ($types IS NULL OR type(r) IN $types)
RETURN count(DISTINCT t) AS count
