// Project entities of the newer client generation (resolved from attributes). The graph model
// is that of projects.cypher; these statements add, on the (:ProjectEntity):
//   attributes      JSON: attribute -> {values, match_resolution}
//   attributes_key  the attributes' canonical JSON, so an equal entity is found (entities/exists)
//   strength        strong | partial | no_match | manual
//   profile         the resolution profile
//   tag_labels      the tags (a label is its own id) and tag_added, when each was added
//   case_status     not_assigned (when absent) | in_review | approved | rejected
// and on each [:MATCHES]: score, strength, profile, explanation (JSON list of fields).

// name: resolved-entity-create
// $matches: [{id, score, strength, explanation}] in rank order; entity ids known to exist.
MATCH (p:Project {id: $projectId})
CREATE (p)-[:HAS_ENTITY]->(pe:ProjectEntity {
  id: $id, project_id: $projectId, created: $now, updated: $now, updated_by: $user, version: 1,
  custom_fields: $customFields, attributes: $attributes, attributes_key: $attributesKey,
  strength: $strength, profile: $profile
})
WITH pe
CALL (pe) {
  UNWIND range(0, size($matches) - 1) AS i
  WITH pe, i, $matches[i] AS m
  MATCH (e:Entity {id: m.id})
  CREATE (pe)-[:MATCHES {ordinal: i, created: $now, score: m.score, strength: m.strength, profile: $profile, explanation: m.explanation}]->(e)
  MERGE (:MatchedEntity {entity_id: e.id})
}
RETURN pe.id AS id

// name: resolved-entity-exists
// A project entity of the project saved with these attributes (the oldest, when several are).
MATCH (pe:ProjectEntity {project_id: $projectId, attributes_key: $attributesKey})
RETURN pe.id AS id ORDER BY pe.created, pe.id LIMIT 1

// name: resolved-entity-lock
// Takes the project entity's write lock, bumps its version; its attributes and deleted matches.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1
RETURN pe {.*} AS pe,
  COLLECT { MATCH (pe)-[:MATCHES]->(e:Entity) RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) RETURN e.id } AS deleted

// name: resolved-entity-rematch
// A new resolution: its $matches (deleted ones already left out) replace the current matches;
// a current match it no longer finds is dropped without being remembered as deleted.
MATCH (pe:ProjectEntity {id: $id})
SET pe.attributes = $attributes, pe.attributes_key = $attributesKey, pe.strength = $strength,
  pe.profile = $profile, pe.custom_fields = $customFields
WITH pe
CALL (pe) {
  MATCH (pe)-[m:MATCHES]->(:Entity)
  DELETE m
}
CALL (pe) {
  UNWIND range(0, size($matches) - 1) AS i
  WITH pe, i, $matches[i] AS m
  MATCH (e:Entity {id: m.id})
  CREATE (pe)-[:MATCHES {ordinal: i, created: $now, score: m.score, strength: m.strength, profile: $profile, explanation: m.explanation}]->(e)
  MERGE (:MatchedEntity {entity_id: e.id})
}
RETURN pe.id AS id

// name: match-delete
// Removes one current match and remembers it as deleted (a later resolution skips it).
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})-[m:MATCHES]->(e:Entity {id: $matchId})
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1
MERGE (pe)-[d:DELETED_MATCH]->(e)
ON CREATE SET d.deleted = $now, d.deleted_by = $user
DELETE m
RETURN e.id AS id

// name: resolved-entity-set-attributes
// New attribute values without a new resolution (the matches stay).
MATCH (pe:ProjectEntity {id: $id})
SET pe.attributes = $attributes, pe.attributes_key = $attributesKey, pe.profile = $profile, pe.custom_fields = $customFields
RETURN pe.id AS id

// name: case-update
// The project entity's tags and case status (either may be null: left as it is). $tags replaces
// the tag labels; a label kept keeps the date it was first added, a new one gets $now.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
WITH pe, coalesce(pe.tag_labels, []) AS labels, coalesce(pe.tag_added, []) AS added
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1,
  pe.case_status = coalesce($caseStatus, pe.case_status),
  pe.tag_labels = CASE WHEN $tags IS NULL THEN pe.tag_labels ELSE $tags END,
  pe.tag_added = CASE WHEN $tags IS NULL THEN pe.tag_added
    ELSE [t IN $tags | coalesce(head([i IN range(0, size(labels) - 1) WHERE labels[i] = t | added[i]]), $now)] END
RETURN pe.id AS id
