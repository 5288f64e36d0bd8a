// Data, not schema, applied by `graph-api migrate` with the schema (idempotent): the
// :Sanctioned, :Pep and :Closed labels that ingest keeps in step with the sanctioned, pep and
// closed flags (upsert-entities), for graphs loaded before ingest kept them, and undone where
// a flag is no longer set. Traversal filters check these labels (cypher/traversal.cypher).
// Then :WatchlistAdjacent, on every entity with a fact or psa link to a sanctioned or PEP entity: added
// where missing, dropped where no longer true (after a delisting). Migrate runs before the
// API serves and not beside an ingest, which only ever adds the label.
MATCH (e:Entity) WHERE e.sanctioned = true AND NOT e:Sanctioned
CALL (e) { SET e:Sanctioned } IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Sanctioned) WHERE NOT coalesce(e.sanctioned, false)
CALL (e) { REMOVE e:Sanctioned } IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE e.pep = true AND NOT e:Pep
CALL (e) { SET e:Pep } IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Pep) WHERE NOT coalesce(e.pep, false)
CALL (e) { REMOVE e:Pep } IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE e.closed = true AND NOT e:Closed
CALL (e) { SET e:Closed } IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Closed) WHERE NOT coalesce(e.closed, false)
CALL (e) { REMOVE e:Closed } IN TRANSACTIONS OF 10000 ROWS;
MATCH (w:Entity) WHERE w:Sanctioned OR w:Pep
CALL (w) {
  MATCH (n:Entity)-->(w)
  WHERE NOT n:WatchlistAdjacent
  SET n:WatchlistAdjacent
} IN TRANSACTIONS OF 1000 ROWS;
MATCH (n:WatchlistAdjacent) WHERE NOT EXISTS { (n)-->(w:Entity) WHERE w:Sanctioned OR w:Pep }
CALL (n) { REMOVE n:WatchlistAdjacent } IN TRANSACTIONS OF 10000 ROWS;
