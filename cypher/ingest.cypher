// Batched upserts for `graph-api ingest`. Each statement takes $rows, one map per line.
// Endpoints are MERGEd so lines may come in any order; ingest has already checked that
// every referenced id is defined in the file or in the graph.

// name: upsert-sources
// date_added is the day the source was first loaded (/v1 Source); a reload keeps it. A new
// label of a known source returns the entities its records are about or mention: their
// source_count shows the label, so their summaries are refreshed too.
UNWIND $rows AS row
MERGE (s:Source {id: row.id})
WITH s, row, coalesce(s.date_added, toString(date())) AS added, s.label AS before
SET s = row.props
SET s.date_added = added
RETURN CASE WHEN before IS NOT NULL AND before <> s.label
  THEN COLLECT { MATCH (r:Record {source: s.id})-[:ABOUT|MENTIONS]->(e:Entity) RETURN DISTINCT e.id }
  ELSE [] END AS previous

// name: upsert-records
// Replaces the record and its references; returns the entities it referenced before, so
// their source counts are refreshed too.
UNWIND $rows AS row
MERGE (r:Record {id: row.id})
SET r = row.props
WITH r, row
CALL (r) {
  OPTIONAL MATCH (r)-[old:ABOUT|MENTIONS]->(e:Entity)
  DELETE old
  RETURN collect(DISTINCT e.id) AS previous
}
CALL (r, row) {
  UNWIND row.about AS ref
  MERGE (e:Entity {id: ref.entity})
  CREATE (r)-[:ABOUT {ordinal: ref.ordinal}]->(e)
}
CALL (r, row) {
  UNWIND row.mentions AS ref
  MERGE (e:Entity {id: ref.entity})
  CREATE (r)-[:MENTIONS {ordinal: ref.ordinal}]->(e)
}
RETURN previous

// name: upsert-entities
// Replaces the entity's own properties and attributes; graph-derived fields are refreshed
// afterwards (refresh-summaries). The :Sanctioned, :Pep and :Closed labels mirror the flags
// of those names: traversal filters check a label, which costs nothing next to reading a
// property of every entity a search reaches (schema-flag-labels.cypher backfills them).
// :DirectRisk marks an entity whose direct risk is not empty: where the risk worker's search
// back from the members starts (cypher/risk.cypher reach-members), read from the label's index.
// An entity clients could see that the worker never scored, whose risk the line changes, first
// gets a baseline risk state (version 0, no hash) holding the risk shown until now: the line
// replaces `risk`, and the worker's notification compares against what was shown before
// (cypher/risk.cypher roots). A line that leaves the risk as it was adds nothing.
UNWIND $rows AS row
MERGE (e:Entity {id: row.id})
WITH e, row
CALL (e, row) {
  WITH e WHERE e.type IS NOT NULL AND e.risk IS NOT NULL AND e.risk <> row.props.risk
  MERGE (s:RiskState {entity_id: e.id})
  ON CREATE SET s.version = 0, s.risk = e.risk, s.explanation_hash = e.risk_explanation_hash
}
// search_pending: the search-index outbox (cypher/search.cypher search-pending), set in the
// write's own transaction so a crash after the commit loses no change of the Meilisearch index.
SET e = row.props, e.search_pending = randomUUID()
WITH e, row
FOREACH (_ IN CASE WHEN row.props.sanctioned THEN [1] ELSE [] END | SET e:Sanctioned)
FOREACH (_ IN CASE WHEN row.props.sanctioned THEN [] ELSE [1] END | REMOVE e:Sanctioned)
FOREACH (_ IN CASE WHEN row.props.pep THEN [1] ELSE [] END | SET e:Pep)
FOREACH (_ IN CASE WHEN row.props.pep THEN [] ELSE [1] END | REMOVE e:Pep)
FOREACH (_ IN CASE WHEN row.props.closed THEN [1] ELSE [] END | SET e:Closed)
FOREACH (_ IN CASE WHEN row.props.closed THEN [] ELSE [1] END | REMOVE e:Closed)
FOREACH (_ IN CASE WHEN row.props.direct_risk <> '{}' THEN [1] ELSE [] END | SET e:DirectRisk)
FOREACH (_ IN CASE WHEN row.props.direct_risk <> '{}' THEN [] ELSE [1] END | REMOVE e:DirectRisk)
// The attributes are replaced in place: the entity's attribute nodes take the line's attributes
// in turn, more are created, the rest deleted. Not deleted and created afresh: every index seek
// later in the transaction copies the set of nodes it deleted (Neo4j's transaction state), so a
// batch re-ingesting known entities grew quadratic in its size (docs/benchmarks.md).
WITH e, row
CALL (e, row) {
  OPTIONAL MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute)
  WITH e, row, collect(a) AS old
  FOREACH (i IN range(0, size(row.attributes) - 1) |
    FOREACH (a IN CASE WHEN i < size(old) THEN [old[i]] ELSE [] END | SET a = row.attributes[i])
    FOREACH (_ IN CASE WHEN i < size(old) THEN [] ELSE [1] END |
      CREATE (e)-[:HAS_ATTRIBUTE]->(a:Attribute)
      SET a = row.attributes[i]))
  FOREACH (a IN old[size(row.attributes)..] | DETACH DELETE a)
}

// name: upsert-relationships
// __TYPE__ and __INVERSE__ are replaced with Neo4j relationship types taken from the
// domain table (src/domain/relationships.ts), never from input.
UNWIND $rows AS row
MERGE (a:Entity {id: row.from})
MERGE (b:Entity {id: row.to})
MERGE (a)-[r:__TYPE__ {key: row.props.key}]->(b)
SET r = row.props
MERGE (b)-[q:__INVERSE__ {key: row.props.key}]->(a)
SET q = row.props
// The ends of facts to a sanctioned or PEP entity, for watchlist-adjacent.
WITH a, b WHERE a:Sanctioned OR a:Pep OR b:Sanctioned OR b:Pep
RETURN CASE WHEN b:Sanctioned OR b:Pep THEN a.id END AS adjacent, CASE WHEN a:Sanctioned OR a:Pep THEN b.id END AS adjacentToo

// name: upsert-shipments
// Replaces each shipment and its links to its parties. The links go from the shipment
// (SHIPPED_BY, RECEIVED_BY, HAS_NOTIFY_PARTY; read from an entity as shipper_of, receiver_of,
// notify_party_of), so no walk over an entity's own facts reaches a shipment. Returns the
// parties named before and the pairs before and now, whose trade edges refresh-trade-edges sums
// again.
UNWIND $rows AS row
MERGE (s:Shipment {id: row.id})
WITH s, row
CALL (s) {
  OPTIONAL MATCH (s)-[old:SHIPPED_BY|RECEIVED_BY|HAS_NOTIFY_PARTY]->(p:Entity)
  WITH collect(old) AS olds, collect(DISTINCT p.id) AS previous,
       collect(CASE WHEN type(old) = 'SHIPPED_BY' THEN p.id END) AS old_supplier,
       collect(CASE WHEN type(old) = 'RECEIVED_BY' THEN p.id END) AS old_buyer
  FOREACH (r IN olds | DELETE r)
  RETURN previous, old_supplier, old_buyer
}
SET s = row.props
WITH s, row, previous, old_supplier, old_buyer
CALL (s, row) {
  UNWIND row.supplier AS id
  MERGE (e:Entity {id: id})
  CREATE (s)-[:SHIPPED_BY]->(e)
}
CALL (s, row) {
  UNWIND row.buyer AS id
  MERGE (e:Entity {id: id})
  CREATE (s)-[:RECEIVED_BY]->(e)
}
CALL (s, row) {
  UNWIND row.notify AS id
  MERGE (e:Entity {id: id})
  CREATE (s)-[:HAS_NOTIFY_PARTY]->(e)
}
RETURN previous, old_supplier, old_buyer, row.supplier AS supplier, row.buyer AS buyer

// name: refresh-trade-edges
// The trade edges of each pair ($pairs: {from, to}, supplier to buyer), summed from the
// shipments between them: one SHIPS_TO (and its inverse RECEIVES_FROM) per HS code, keyed
// 'hs:' + code, carrying the shipment count, their summed weight in kg, the first and last
// day of their dates and their departure and arrival countries. An edge whose code no shipment
// carries any more is deleted. Relationship lines of these types keep keys of their own.
UNWIND $pairs AS pair
MATCH (a:Entity {id: pair.from}), (b:Entity {id: pair.to})
CALL (a, b) {
  MATCH (a)<-[:SHIPPED_BY]-(s:Shipment)-[:RECEIVED_BY]->(b)
  UNWIND s.hs_codes AS hs
  WITH hs, count(s) AS shipments, sum(s.weight_kg) AS weight, min(s.date_start) AS first, max(s.date_end) AS last,
       collect(DISTINCT s.departure_country) AS departure, collect(DISTINCT s.arrival_country) AS arrival
  RETURN collect({key: 'hs:' + hs, hs_code: hs, shipments: shipments, weight_kg: weight, min_date: first, max_date: last,
         departure_countries: departure, arrival_countries: arrival}) AS edges
}
CALL (a, b, edges) {
  MATCH (a)-[r:SHIPS_TO]->(b)
  WHERE r.key STARTS WITH 'hs:' AND NOT r.key IN [e IN edges | e.key]
  DELETE r
}
CALL (a, b, edges) {
  MATCH (b)-[r:RECEIVES_FROM]->(a)
  WHERE r.key STARTS WITH 'hs:' AND NOT r.key IN [e IN edges | e.key]
  DELETE r
}
CALL (a, b, edges) {
  UNWIND edges AS edge
  MERGE (a)-[r:SHIPS_TO {key: edge.key}]->(b)
  SET r = edge
  MERGE (b)-[q:RECEIVES_FROM {key: edge.key}]->(a)
  SET q = edge
}
WITH a, b WHERE a:Sanctioned OR a:Pep OR b:Sanctioned OR b:Pep
RETURN CASE WHEN b:Sanctioned OR b:Pep THEN a.id END AS adjacent, CASE WHEN a:Sanctioned OR a:Pep THEN b.id END AS adjacentToo

// name: upsert-possibly-same-as
UNWIND $rows AS row
MERGE (a:Entity {id: row.a})
MERGE (b:Entity {id: row.b})
MERGE (a)-[r:POSSIBLY_SAME_AS]->(b)
SET r.matches = row.matches_ab
MERGE (b)-[q:POSSIBLY_SAME_AS]->(a)
SET q.matches = row.matches_ba
// The ends of links to a sanctioned or PEP entity, for watchlist-adjacent.
WITH a, b WHERE a:Sanctioned OR a:Pep OR b:Sanctioned OR b:Pep
RETURN CASE WHEN b:Sanctioned OR b:Pep THEN a.id END AS adjacent, CASE WHEN a:Sanctioned OR a:Pep THEN b.id END AS adjacentToo

// name: watchlist-adjacent
// An entity with a fact or psa link to a sanctioned or PEP entity is :WatchlistAdjacent (the
// watchlist search expands only those at its last level, cypher/traversal.cypher). Run in
// each batch's transaction: $listed are the batch's sanctioned or PEP entities (every entity
// with a fact to one gets the label), $adjacent the other ends of the batch's facts and psa
// links to one (upsert-relationships returns them). Only ever added here, so it is never
// missing; migrate drops it where no longer true (schema-flag-labels.cypher).
CALL {
  UNWIND $listed AS id
  MATCH (n:Entity)-->(:Entity {id: id})
  RETURN n
  UNION
  UNWIND $adjacent AS id
  MATCH (n:Entity {id: id})
  RETURN n
}
WITH DISTINCT n WHERE NOT n:WatchlistAdjacent
SET n:WatchlistAdjacent

// name: existing-entities
UNWIND $ids AS id
MATCH (e:Entity {id: id}) WHERE e.type IS NOT NULL
RETURN e.id AS id

// name: existing-records
UNWIND $ids AS id
MATCH (r:Record {id: id})
RETURN r.id AS id

// name: existing-sources
UNWIND $ids AS id
MATCH (s:Source {id: id})
RETURN s.id AS id

// name: summary-neighbours
// Entities whose psa_* summary fields depend on the given ones.
UNWIND $ids AS id
MATCH (:Entity {id: id})-[:POSSIBLY_SAME_AS]->(p:Entity)
RETURN DISTINCT p.id AS id

// name: summary-lock
// The write locks of the entities whose summaries are refreshed next in this transaction (a
// property set and removed again: no trace), taken before summary-aggregates reads them; the
// ids come sorted (refreshSummaries).
UNWIND $ids AS id
MATCH (e:Entity {id: id})
SET e.maintenance_lock = true REMOVE e.maintenance_lock

// name: summary-aggregates
// Graph-derived summary fields of the given entities, returned for the caller to count and
// encode: one pass over each entity's facts, one over its psa links, one over its records.
UNWIND $ids AS id
MATCH (e:Entity {id: id})
CALL (e) {
  OPTIONAL MATCH (e)-[r]->(n:Entity)
  WHERE NOT r:POSSIBLY_SAME_AS
  RETURN collect(type(r)) AS types, count(DISTINCT n) AS related_entities_count
}
CALL (e) {
  OPTIONAL MATCH (e)-[:POSSIBLY_SAME_AS]->(p:Entity)
  RETURN count(DISTINCT p) AS psa_count,
         [x IN collect(DISTINCT p) WHERE x.sanctioned | x.id] AS psa_sanctioned
}
CALL (e) {
  OPTIONAL MATCH (rec:Record)-[:ABOUT|MENTIONS]->(e)
  RETURN collect(rec.source) AS sources
}
RETURN e.id AS id, types, related_entities_count, psa_count, psa_sanctioned, sources,
       COUNT { (e)<-[:SHIPPED_BY]-(:Shipment) } AS trade_sent, COUNT { (e)<-[:RECEIVED_BY]-(:Shipment) } AS trade_received

// name: source-labels
MATCH (s:Source)
RETURN s.id AS id, s.label AS label

// name: summary-write
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
SET e.degree = row.degree,
    e.relationship_count = row.relationship_count,
    e.related_entities_count = row.related_entities_count,
    e.psa_count = row.psa_count,
    e.psa_sanctioned = row.psa_sanctioned,
    e.source_count = row.source_count,
    e.sources = row.sources,
    e.sx_source = row.sx_source,
    e.references_count = row.references_count,
    e.trade_sent = row.trade_sent,
    e.trade_received = row.trade_received,
    e.search_pending = randomUUID()

// name: derived-risk
// The last risk the worker wrote (cypher/risk.cypher keeps it on RiskState), and the
// explanation the entity shows with its hash, so re-ingesting an entity keeps its derived
// factors, and their explanations, until the worker re-scores it. A state an older build wrote
// holds the text itself, read where the entity shows none.
UNWIND $ids AS id
MATCH (s:RiskState {entity_id: id})
OPTIONAL MATCH (e:Entity {id: id})
RETURN s.entity_id AS id, s.risk AS risk,
       coalesce(e.risk_explanation, s.explanation) AS explanation,
       CASE WHEN e.risk_explanation IS NOT NULL THEN e.risk_explanation_hash END AS explanation_hash

// name: bump-graph-epoch
// The last statement of every ingest and import write transaction: a new random token on the
// one epoch node (a counter would repeat after the graph is emptied), so re-scoring knows when a
// member reach it read may be stale (cypher/risk.cypher graph-epoch). Last, so the node's lock
// is held only while the transaction commits.
MERGE (g:GraphEpoch {id: 'graph'})
SET g.token = randomUUID()
