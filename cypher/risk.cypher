// Risk re-scoring (src/services/risk/scorer.ts, run by the worker). Derived factors are computed in
// TypeScript from what these statements read; the write is one transaction per chunk.
// Placeholders: __TYPES__ is replaced with Neo4j relationship types from the domain table
// (src/domain/relationships.ts: UBO_TYPES upward, DOWNSTREAM_TYPES downward), never input.
// A fact is current when it has no end or its last day (`to_end`) is today or later.

// name: roots
// The entities to score, their direct risk, what clients see now and the last written state
// (their possibly-same-as entities come from psa-links, read once per graph epoch).
// Explanations (kilobytes an entity) are compared by hash: the state keeps only the hash of the
// one it stands for, and the entity the hash of the one it shows beside its text, so no text is
// read here. Where a hash is missing (a state or an entity an older build wrote, or an
// explanation ingest kept), the text is read instead and hashed by the scorer.
// `matched`: a (:MatchedEntity) marker says a project may match the entity. The state's risk
// text (a change's previous values) is read only then: nothing else notifies, and the write
// checks the marker again (apply-scores).
UNWIND $ids AS id
MATCH (e:Entity {id: id})
WHERE e.type IS NOT NULL
OPTIONAL MATCH (s:RiskState {entity_id: id})
WITH e, s, EXISTS { MATCH (:MatchedEntity {entity_id: id}) } AS matched
RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct, e.risk AS risk, e.risk_factors AS factors, matched,
       CASE WHEN matched THEN s.risk END AS state_risk, s.hash AS state_hash, coalesce(s.version, 0) AS version,
       s.explanation_hash AS state_explanation_hash,
       CASE WHEN s.explanation_hash IS NULL THEN s.explanation END AS state_explanation,
       e.risk_explanation_hash AS shown_explanation_hash,
       CASE WHEN e.risk_explanation_hash IS NULL THEN e.risk_explanation END AS shown_explanation

// name: psa-links
// Every possibly-same-as link, by the entity it leads to: that entity's direct risk and label, and
// the entities linked to it (each once). The table the scorer keeps per graph epoch instead of
// expanding each entity it reads (src/services/risk/psaTable.ts): links are few (20,000 at 1M
// entities), and an expand from every entity read costs a relationship-group walk on each.
MATCH (a:Entity)-[:POSSIBLY_SAME_AS]->(b:Entity)
WHERE a <> b
WITH b, collect(DISTINCT a.id) AS linked
RETURN b.id AS id, b.label AS label, coalesce(b.direct_risk, b.risk) AS direct, linked

// name: ownership-step
// One level of an ownership search from $ids over current facts of __TYPES__ (the re-scoring
// neighbourhood); one row per (from, to) pair and type with the largest known share percentage
// of its parallel facts.
UNWIND $ids AS id
MATCH (a:Entity {id: id})-[r:__TYPES__]->(b:Entity)
WHERE b <> a AND (r.to_end IS NULL OR r.to_end >= $today)
RETURN a.id AS from, b.id AS to, type(r) AS type, max(r.percentage) AS percentage

// name: graph-epoch
// The token of the last committed ingest or import write (bump-graph-epoch in
// cypher/ingest.cypher), null before the first: equal tokens read at two times mean no such
// write committed between them, so a member reach read then still holds.
OPTIONAL MATCH (g:GraphEpoch {id: 'graph'})
RETURN g.token AS token

// name: reach-members
// Entities with direct risk (their text, parsed by the worker, which keeps the risk family
// members) and their labels: where a search back from the members starts. Direct risk, not
// risk_factors: ingest and import write it, always with an epoch bump; the worker writes risk_factors.
// Read from the :DirectRisk label ingest and import keep (the few percent of entities with
// direct risk), not from a scan of every entity: every group of a change waits for this read.
MATCH (e:DirectRisk)
WITH e, coalesce(e.direct_risk, e.risk) AS direct
WHERE direct IS NOT NULL AND direct <> '{}'
RETURN e.id AS id, e.label AS label, direct

// name: direct-risk-label-backfill
// Every entity with direct risk gets :DirectRisk (an entity loaded before direct_risk was
// written counts its risk, as the worker does): one scan of every entity, so run once per
// database; ingest and import keep the label from then on. No lock: a label too many costs
// reach-members a row it drops, never a result.
MATCH (e:Entity) WHERE NOT e:DirectRisk AND coalesce(e.direct_risk, e.risk) <> '{}'
CALL (e) {
  SET e:DirectRisk
} IN TRANSACTIONS OF 10000 ROWS

// name: matched-entity-backfill
// A (:MatchedEntity) for every entity a project entity matches, on a database whose matches were
// made before the marker (cypher/schema-risk.cypher): once per database, after the schema.
MATCH (:ProjectEntity)-[:MATCHES]->(e:Entity)
WITH DISTINCT e.id AS id
CALL (id) {
  MERGE (:MatchedEntity {entity_id: id})
} IN TRANSACTIONS OF 10000 ROWS

// name: ownership-step-back
// One level of a search back from members over current facts of __TYPES__: the steps into
// $ids, one row per (from, to) pair and type with the largest known share percentage of its
// parallel facts (as ownership-step gives them), the facts themselves (the one an explanation
// shows is picked from them, as step-facts does) and the label of `from`.
UNWIND $ids AS id
MATCH (a:Entity)-[r:__TYPES__]->(b:Entity {id: id})
WHERE b <> a AND (r.to_end IS NULL OR r.to_end >= $today)
RETURN a.id AS from, a.label AS label, b.id AS to, type(r) AS type, max(r.percentage) AS percentage,
       collect(r {.percentage, .from_date, .to_date}) AS facts

// name: adjacent-back
// One hop back from the members $ids over every current fact (possibly-same-as excluded): the
// entities with a member neighbour, each with the facts that join them: the relationships
// adjacent reads from the entity's side.
UNWIND $ids AS id
MATCH (e:Entity)-[r]->(n:Entity {id: id})
WHERE n <> e AND type(r) <> 'POSSIBLY_SAME_AS' AND (r.to_end IS NULL OR r.to_end >= $today)
RETURN e.id AS id, n.id AS member, collect(r {type: type(r), .percentage, .from_date, .to_date}) AS facts

// name: labels
// Labels of the entities an explanation shows.
UNWIND $ids AS id
MATCH (n:Entity {id: id})
RETURN n.id AS id, n.label AS label

// name: one-hop
// Every entity one current fact (or a possibly-same-as link) away: its adjacency and psa
// factors may depend on the given ones.
UNWIND $ids AS id
MATCH (e:Entity {id: id})-[r]->(n:Entity)
WHERE n <> e AND (r.to_end IS NULL OR r.to_end >= $today)
RETURN DISTINCT n.id AS id

// name: direct-risk
// The direct risk of $ids (a job's changed entities): which of them are risk family members now.
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct

// name: apply-scores
// Compare-and-set per entity: the SET on the state takes its write lock first, then what is
// read of the state is the committed value, so a state is changed once per version and a
// notification is queued once per (project entity, version). Projects are looked for only for
// a row with a change, which only a row read as matched has (below). The version, hash and risk
// the row was derived from are all compared: the scorer reads states without locks, and read
// committed reads each property on its own, so one read can mix two commits; a version-only
// check would then queue the same change twice, and a risk read apart from the rest would
// give a notification the wrong previous values (docs/risk-and-notifications.md). The version
// counts changes of the state: a row that only repairs what clients see (e.risk after an
// ingest) keeps it. The explanations are compared too (by the hash the state keeps, or by text
// for a state an older build wrote: see roots), so an older view never overwrites a newer
// explanation of the same risk. The state keeps the explanation's hash alone (its text is on the
// entity), and an older state's text goes at its first write.
// Only a row read as matched (roots: a (:MatchedEntity) marker) carries its change and the risk
// it was derived from, and only its risk is compared: the change is what a notification holds,
// and most entities scored are matched by no project, so the rest need neither sent. A row that
// changes the risk of an entity matched since its read is turned back like a moved state, so it
// is derived again, as matched, with its change (markers are never removed).
// Rows arrive sorted by id so concurrent chunks lock in the same order. Returns the ids written.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
MERGE (s:RiskState {entity_id: row.id})
ON CREATE SET s.version = 0
SET s.touched = row.date
WITH e, s, row
WHERE s.version = row.version AND coalesce(s.hash, '') = coalesce(row.stateHash, '')
  AND CASE WHEN row.matched THEN coalesce(s.risk, '') = coalesce(row.stateRisk, '')
           ELSE NOT row.changes OR NOT EXISTS { MATCH (:MatchedEntity {entity_id: row.id}) } END
  AND coalesce(s.explanation_hash, '') = coalesce(row.stateExplanationHash, '')
  AND (s.explanation_hash IS NOT NULL OR coalesce(s.explanation, '') = coalesce(row.stateExplanation, ''))
WITH e, s, row, coalesce(s.hash, '') <> row.hash AS stateChanges
// A changed risk shows in search answers: the entity goes to the search-index outbox.
SET e.search_pending = CASE WHEN coalesce(e.risk, '') <> coalesce(row.risk, '') THEN randomUUID() ELSE e.search_pending END
SET s.version = s.version + CASE WHEN stateChanges THEN 1 ELSE 0 END,
    s.hash = row.hash, s.risk = row.risk, s.explanation = null, s.explanation_hash = row.explanationHash, s.updated = row.date,
    e.risk = row.risk, e.risk_factors = row.factors, e.risk_explanation = row.explanation, e.risk_explanation_hash = row.explanationHash
WITH e, s, row
CALL (e, s, row) {
  WITH e, s, row WHERE row.notify IS NOT NULL
  MATCH (p:Project)-[:HAS_ENTITY]->(pe:ProjectEntity)-[:MATCHES]->(e)
  WHERE NOT coalesce(p.archived, false)
  WITH DISTINCT p, pe, e, s, row
  MERGE (o:RiskNotificationOutbox {id: pe.id + '/' + e.id + '/' + toString(s.version)})
  ON CREATE SET o.project_id = p.id, o.resource_id = pe.id, o.entity_id = e.id,
                o.date = row.date, o.score = row.score, o.payload = row.notify, o.custom_fields = pe.custom_fields
  RETURN count(o) AS queued
}
RETURN row.id AS id, queued

// name: outbox-pending
// Notifications written to Neo4j but not yet confirmed in Redis, oldest first.
MATCH (o:RiskNotificationOutbox)
WITH o ORDER BY o.score, o.id LIMIT $limit
RETURN o.id AS id, o.project_id AS project_id, o.resource_id AS resource_id, o.score AS score, o.payload AS payload,
       o.custom_fields AS custom_fields

// name: outbox-delete
UNWIND $ids AS id
MATCH (o:RiskNotificationOutbox {id: id})
DELETE o

// name: all-entities
// Every entity id after $after, in id order (index-backed), for `graph-api rescore --all`.
MATCH (e:Entity)
WHERE e.id > $after AND e.type IS NOT NULL
RETURN e.id AS id ORDER BY e.id LIMIT $limit

// name: outbox-count
MATCH (o:RiskNotificationOutbox)
RETURN count(o) AS n

// name: risk-explanations
// The stored explanations of the entities' derived factors (the risk summary's network paths).
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, e.risk_explanation AS explanation
