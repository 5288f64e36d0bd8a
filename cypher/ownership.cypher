// Effective ownership (src/services/ownership/effective.ts). Placeholders: __TYPES__ is
// replaced with Neo4j relationship types from the domain table (UBO_TYPES upward,
// DOWNSTREAM_TYPES downward), __REACH__ with the validated max_depth minus one (a variable-length
// bound cannot be a parameter); never input text.

// name: ownership-subgraph
// Every ownership fact leaving an entity within __REACH__ hops of $id over __TYPES__ (so every
// step of a path of at most max_depth hops), current on $date: started on or before it (or
// undated) and not ended before it. The reach ignores dates (a superset); the facts do not.
// One row per fact: its pair, type, largest known percentage and the stored share list.
MATCH (s:Entity {id: $id})
MATCH (s)-[:__TYPES__*0..__REACH__]->(x:Entity)
WITH DISTINCT x
MATCH (x)-[r:__TYPES__]->(y:Entity)
WHERE y <> x AND (r.to_end IS NULL OR r.to_end >= $date)
  AND (r.from_date IS NULL OR r.from_date <= $date)
RETURN x.id AS from, y.id AS to, type(r) AS type, r.percentage AS percentage, r.shares AS shares
