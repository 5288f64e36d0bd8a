// Effective ownership (src/services/ownership/effective.ts). Placeholders: __TYPES__ is
// replaced with the Neo4j relationship types of one direction's domain table (UBO_TYPES upward,
// DOWNSTREAM_TYPES downward), __REACH__ with the validated max_depth minus one (a variable-length
// bound cannot be a parameter); never input text. Which of the direction's types count is the
// parameter $ownershipTypes, so the texts are one per direction and reach.

// name: ownership-subgraph
// Every ownership fact of $ownershipTypes leaving an entity within __REACH__ hops of $id over
// those types (so every step of a path of at most max_depth hops), current on $ownershipDate:
// started on or before it (or undated) and not ended before it. The reach ignores dates (a
// superset); the facts do not. One row per fact: [its from and to ids, type, largest known
// percentage, stored share list]. A traversal reads the same facts in its own statement, as
// `COLLECT { <this> }` (page in traversal.cypher), which spares /ubo and /downstream a second
// statement a request.
MATCH (o:Entity {id: $id})
MATCH (o)-[steps:__TYPES__*0..__REACH__]->(x:Entity)
WHERE all(q IN steps WHERE type(q) IN $ownershipTypes)
WITH DISTINCT x
MATCH (x)-[r:__TYPES__]->(y:Entity)
WHERE type(r) IN $ownershipTypes AND y <> x AND (r.to_end IS NULL OR r.to_end >= $ownershipDate)
  AND (r.from_date IS NULL OR r.from_date <= $ownershipDate)
RETURN [x.id, y.id, type(r), r.percentage, r.shares] AS fact
