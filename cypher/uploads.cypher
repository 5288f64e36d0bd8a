// Statements of resolution uploads (src/services/uploads/) and match decisions
// (src/services/matchDecisions.ts). A row of an upload becomes a
// project entity, or joins the one saved with the same attributes (`attributes_key`), so an
// upload repeated or resumed never doubles an entity.

// name: upload-entities-known
// The project entity saved with each attributes key (the oldest when several are), if any.
// $keys: the distinct attributes keys of a chunk of upload rows.
UNWIND $keys AS key
MATCH (pe:ProjectEntity {project_id: $projectId, attributes_key: key})
WITH key, pe ORDER BY pe.created, pe.id
RETURN key, head(collect(pe.id)) AS id

// name: upload-entities-join
// Under the project's lock: each key's project entity (the oldest) joins upload $uploadId and
// gains the rows' tags (each label once, with when it was added). $rows: [{key, tags}].
UNWIND $rows AS r
MATCH (pe:ProjectEntity {project_id: $projectId, attributes_key: r.key})
WITH r, pe ORDER BY pe.created, pe.id
WITH r, head(collect(pe)) AS pe
WITH r, pe, [t IN r.tags WHERE NOT t IN coalesce(pe.tag_labels, [])] AS added
SET pe.upload_ids = CASE WHEN $uploadId IN coalesce(pe.upload_ids, []) THEN pe.upload_ids ELSE coalesce(pe.upload_ids, []) + $uploadId END,
  pe.tag_labels = coalesce(pe.tag_labels, []) + added, pe.tag_added = coalesce(pe.tag_added, []) + [t IN added | $now]
RETURN r.key AS key, pe.id AS id

// name: upload-entities-create
// Under the project's lock: the new project entities of a chunk of upload rows, each of upload
// $uploadId with its tags and resolved matches. $rows: [{id, attributes, attributesKey,
// profile, customFields, strength, tags, matches: [{id, score, strength, explanation}]}], the
// matches in rank order; a matched entity that has left the graph since is dropped.
MATCH (p:Project {id: $projectId})
UNWIND $rows AS r
CREATE (p)-[:HAS_ENTITY]->(pe:ProjectEntity {
  id: r.id, project_id: $projectId, created: $now, updated: $now, updated_by: $user, version: 1,
  custom_fields: r.customFields, attributes: r.attributes, attributes_key: r.attributesKey,
  strength: r.strength, profile: r.profile, upload_ids: [$uploadId],
  tag_labels: CASE WHEN size(r.tags) > 0 THEN r.tags END, tag_added: CASE WHEN size(r.tags) > 0 THEN [t IN r.tags | $now] END
})
WITH pe, r
CALL (pe, r) {
  UNWIND range(0, size(r.matches) - 1) AS i
  WITH pe, i, r.matches[i] AS m
  MATCH (e:Entity {id: m.id})
  CREATE (pe)-[:MATCHES {ordinal: i, created: $now, score: m.score, strength: m.strength, profile: r.profile, explanation: m.explanation}]->(e)
  MERGE (:MatchedEntity {entity_id: e.id})
}
RETURN count(pe) AS created

// name: upload-best-matches
// The best current match of each project entity (an upload's result line): id, label, score,
// strength, explanation and risk; none for an entity without matches.
UNWIND $ids AS id
MATCH (pe:ProjectEntity {id: id})-[m:MATCHES]->(e:Entity)
WITH id, m, e ORDER BY m.ordinal
WITH id, head(collect({id: e.id, label: e.label, score: m.score, strength: m.strength, explanation: m.explanation, risk: e.risk})) AS best
RETURN id, best

// name: match-decide
// A reviewer's decision on one current match of a project entity: true or false positive.
// The matched entity's risk factors at that moment are kept: a false positive is silenced
// until the entity gains a factor outside them (src/services/risk/falsePositives.ts).
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})-[m:MATCHES]->(e:Entity {id: $matchId})
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1,
    m.decision = $decision, m.decision_reason = $reason, m.decided_by = $user, m.decided_at = $now,
    m.decision_factors = coalesce(e.risk_factors, [])
RETURN e.id AS id
