// Statements of resolution uploads (src/services/uploads/) and match decisions
// (src/services/matchDecisions.ts). A row of an upload becomes a
// project entity, or joins the one saved with the same attributes (`attributes_key`), so an
// upload repeated or resumed never doubles an entity.

// name: upload-entity-join
// The project entity saved with these attributes (the oldest), now also of upload $uploadId.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {attributes_key: $attributesKey})
WITH pe ORDER BY pe.created, pe.id LIMIT 1
SET pe.upload_ids = CASE WHEN $uploadId IN coalesce(pe.upload_ids, []) THEN pe.upload_ids ELSE coalesce(pe.upload_ids, []) + $uploadId END
RETURN pe.id AS id, pe.strength AS strength

// name: upload-entity-mark
// A project entity just created for upload $uploadId.
MATCH (pe:ProjectEntity {id: $id})
SET pe.upload_ids = [$uploadId]

// name: upload-best-match
// The best current match of a project entity: id, label, score, strength, explanation, risk.
MATCH (pe:ProjectEntity {id: $id})-[m:MATCHES]->(e:Entity)
RETURN e.id AS id, e.label AS label, m.score AS score, m.strength AS strength, m.explanation AS explanation, e.risk AS risk
ORDER BY m.ordinal LIMIT 1

// name: match-decide
// A reviewer's decision on one current match of a project entity: true or false positive.
// The matched entity's risk factors at that moment are kept: a false positive is silenced
// until the entity gains a factor outside them (src/services/risk/falsePositives.ts).
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})-[m:MATCHES]->(e:Entity {id: $matchId})
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1,
    m.decision = $decision, m.decision_reason = $reason, m.decided_by = $user, m.decided_at = $now,
    m.decision_factors = coalesce(e.risk_factors, [])
RETURN e.id AS id

// name: upload-entity-tags
// Adds an upload row's tag labels to a project entity (each label once, with when it was added).
MATCH (pe:ProjectEntity {id: $id})
WITH pe, [t IN $tags WHERE NOT t IN coalesce(pe.tag_labels, [])] AS added
SET pe.tag_labels = coalesce(pe.tag_labels, []) + added, pe.tag_added = coalesce(pe.tag_added, []) + [t IN added | $now]
