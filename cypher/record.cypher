// Reads behind /record, /source and /sources.

// name: record-node
MATCH (r:Record {id: $id})
RETURN r {.*} AS record

// name: record-references
MATCH (r:Record {id: $id})-[x:ABOUT|MENTIONS]->(e:Entity)
WITH e, x ORDER BY x.ordinal
SKIP $offset LIMIT $limit
RETURN e {.*} AS entity, toLower(type(x)) AS type

// name: source-node
MATCH (s:Source {id: $id})
RETURN s {.*} AS source

// name: sources-page
MATCH (s:Source)
WITH s ORDER BY s.id
SKIP $offset LIMIT $limit
RETURN s {.*} AS source

// name: sources-count
MATCH (s:Source)
RETURN count(s) AS count
