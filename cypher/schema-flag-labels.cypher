// Data, not schema, applied by `graph-api migrate` with the schema (idempotent): the
// :Sanctioned, :Pep and :Closed labels that ingest keeps in step with the sanctioned, pep and
// closed flags (upsert-entities), for graphs loaded before ingest kept them, and undone where
// a flag is no longer set. Traversal filters check these labels (cypher/traversal.cypher).
// Then :WatchlistAdjacent, on every entity with a fact or psa link to a sanctioned or PEP entity: added
// where missing, dropped where no longer true (after a delisting).
//
// Safe beside an ingest. A change here is decided on committed data, and an ingest's
// uncommitted transaction may be about to make it wrong (re-flag the entity, give it a fact to a
// flagged one). So each change first takes the write lock of the entity it decides on (a property
// set and removed again: no trace), and, for :WatchlistAdjacent, of that entity's neighbours,
// which is where an ingest flags or links. A lock held by an ingest makes the sweep wait for its
// commit; then the condition is read again, under the lock, from a fresh match by id (not a
// value the first match read), and the change is made only if it still holds.
MATCH (e:Entity) WHERE coalesce(e.sanctioned, false) <> (e:Sanctioned)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e, coalesce(e.sanctioned, false) AS flag
  FOREACH (_ IN CASE WHEN flag AND NOT e:Sanctioned THEN [1] ELSE [] END | SET e:Sanctioned)
  FOREACH (_ IN CASE WHEN NOT flag AND e:Sanctioned THEN [1] ELSE [] END | REMOVE e:Sanctioned)
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE coalesce(e.pep, false) <> (e:Pep)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e, coalesce(e.pep, false) AS flag
  FOREACH (_ IN CASE WHEN flag AND NOT e:Pep THEN [1] ELSE [] END | SET e:Pep)
  FOREACH (_ IN CASE WHEN NOT flag AND e:Pep THEN [1] ELSE [] END | REMOVE e:Pep)
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE coalesce(e.closed, false) <> (e:Closed)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e, coalesce(e.closed, false) AS flag
  FOREACH (_ IN CASE WHEN flag AND NOT e:Closed THEN [1] ELSE [] END | SET e:Closed)
  FOREACH (_ IN CASE WHEN NOT flag AND e:Closed THEN [1] ELSE [] END | REMOVE e:Closed)
} IN TRANSACTIONS OF 10000 ROWS;
// Adding :WatchlistAdjacent needs no lock: a label too many costs a search a little, never a result.
MATCH (w:Entity) WHERE w:Sanctioned OR w:Pep
CALL (w) {
  MATCH (n:Entity)-->(w)
  WHERE NOT n:WatchlistAdjacent
  SET n:WatchlistAdjacent
} IN TRANSACTIONS OF 1000 ROWS;
// Dropping it does: an ingest may be giving n a fact to a flagged entity (its MERGE holds n's
// lock) or flagging one of n's neighbours (its upsert holds that neighbour's lock), and ingest
// sets the label only where it is missing, so a drop decided before that commit would stick.
MATCH (n:WatchlistAdjacent) WHERE NOT EXISTS { (n)-->(w:Entity) WHERE w:Sanctioned OR w:Pep }
WITH n.id AS id
CALL (id) {
  MATCH (n:Entity {id: id})
  SET n.maintenance_lock = true REMOVE n.maintenance_lock
  WITH n
  CALL (n) {
    MATCH (n)-->(w:Entity)
    WITH DISTINCT w
    SET w.maintenance_lock = true REMOVE w.maintenance_lock
  }
  WITH n WHERE NOT EXISTS { (n)-->(w:Entity) WHERE w:Sanctioned OR w:Pep }
  REMOVE n:WatchlistAdjacent
} IN TRANSACTIONS OF 1000 ROWS;
