// Data, not schema, applied by `graph-api migrate` with the schema (idempotent): the
// :Sanctioned, :Pep and :Closed labels that ingest keeps in step with the sanctioned, pep and
// closed flags (upsert-entities), for graphs loaded before ingest kept them, and undone where
// a flag is no longer set. Traversal filters check these labels (cypher/traversal.cypher).
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
