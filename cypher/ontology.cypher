// The ontology kinds read from the graph (GET /v1/ontology/sources, /source_types) and the
// newest load day behind GET /v1/metadata.

// name: sources
MATCH (s:Source)
WITH s ORDER BY s.id
LIMIT $limit
RETURN s {.*} AS source

// name: source-types
MATCH (s:Source)
WITH DISTINCT coalesce(s.source_type, '') AS id
WHERE id <> ''
RETURN id ORDER BY id

// name: newest-load
MATCH (s:Source)
RETURN max(s.date_added) AS newest

// name: identifier-types
// The identifier types the graph's attributes carry; a bounded sample keeps the read cheap.
MATCH (a:Attribute {field: 'identifier'})
WITH a LIMIT $sample
WITH DISTINCT a.type AS id
WHERE id IS NOT NULL AND id <> ''
RETURN id ORDER BY id
