// Data, not schema, applied by `graph-api migrate` with the schema (idempotent): the
// :Sanctioned, :Pep and :Closed labels that ingest keeps in step with the sanctioned, pep and
// closed flags (upsert-entities), for graphs loaded before ingest kept them, and undone where
// a flag is no longer set. Traversal filters check these labels (cypher/traversal.cypher).
// Then stale :DirectRisk labels (ingest and import keep it on every entity whose direct risk is
// not empty; migrate.ts adds it, once, to the entities of a graph loaded before they did).
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
// The candidates come from the flag indexes and the labels; each is decided again under its lock.
MATCH (e:Entity) WHERE e.sanctioned = true AND NOT e:Sanctioned
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE e.sanctioned = true AND NOT e:Sanctioned
  SET e:Sanctioned
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Sanctioned) WHERE NOT coalesce(e.sanctioned, false)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE NOT coalesce(e.sanctioned, false) AND e:Sanctioned
  REMOVE e:Sanctioned
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE e.pep = true AND NOT e:Pep
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE e.pep = true AND NOT e:Pep
  SET e:Pep
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Pep) WHERE NOT coalesce(e.pep, false)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE NOT coalesce(e.pep, false) AND e:Pep
  REMOVE e:Pep
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Entity) WHERE e.closed = true AND NOT e:Closed
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE e.closed = true AND NOT e:Closed
  SET e:Closed
} IN TRANSACTIONS OF 10000 ROWS;
MATCH (e:Closed) WHERE NOT coalesce(e.closed, false)
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE NOT coalesce(e.closed, false) AND e:Closed
  REMOVE e:Closed
} IN TRANSACTIONS OF 10000 ROWS;
// A missing :DirectRisk would lose the risk worker a member, so dropping one is decided under
// the entity's lock, as the flags' labels are (one too many only costs its member read a row).
MATCH (e:DirectRisk) WHERE coalesce(e.direct_risk, e.risk, '{}') = '{}'
WITH e.id AS id
CALL (id) {
  MATCH (e:Entity {id: id})
  SET e.maintenance_lock = true REMOVE e.maintenance_lock
  WITH e WHERE coalesce(e.direct_risk, e.risk, '{}') = '{}' AND e:DirectRisk
  REMOVE e:DirectRisk
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
