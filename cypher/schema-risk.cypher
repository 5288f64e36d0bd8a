// Risk re-scoring state and the notification outbox (applied by `graph-api migrate`, idempotent).
// (:RiskState {entity_id, version, hash, risk, explanation_hash, updated}): the last risk set the worker wrote
// for an entity, so it is the "previous" side of a notification; ingest only creates one (a
// baseline: version 0, no hash) holding what was shown of an entity the worker never scored.
// The explanation's text is on the entity (risk_explanation, with risk_explanation_hash); a
// state an older build wrote may still hold it as `explanation`, until its next write.
CREATE CONSTRAINT risk_state_entity IF NOT EXISTS FOR (s:RiskState) REQUIRE s.entity_id IS UNIQUE;
// (:RiskNotificationOutbox {id, project_id, resource_id, entity_id, date, score, payload}):
// written in the same transaction as the risk change, moved to Redis afterwards.
CREATE CONSTRAINT risk_outbox_id IF NOT EXISTS FOR (o:RiskNotificationOutbox) REQUIRE o.id IS UNIQUE;
// (:GraphEpoch {id: 'graph', token}): changed by every ingest and import write transaction
// (cypher/ingest.cypher bump-graph-epoch); re-scoring keeps a member reach while it stays.
CREATE CONSTRAINT graph_epoch_id IF NOT EXISTS FOR (g:GraphEpoch) REQUIRE g.id IS UNIQUE;
// (:MatchedEntity {entity_id}): an entity some project entity matches, or once matched. Made
// in the transaction that makes a MATCHES, and never removed (a stale one costs apply-scores
// the walk it saves, never a notification), so a score write looks for the projects to notify
// only where one may be: one index seek instead of a walk of the entity's relationships. A plain
// index, not a uniqueness constraint: a write statement's seek of a constraint's index takes a
// lock per row, which cost apply-scores more than the walk; two concurrent saves may then make
// two markers for one entity, which mean the same as one.
CREATE INDEX matched_entity_id IF NOT EXISTS FOR (m:MatchedEntity) ON (m.entity_id);
