// Projects (/v1/projects...). Graph model, shared with the risk worker:
//   (:Project {id, label, type, archived, created, updated, owner_user, owner_org, share_org, share_role})
//   (:Project)-[:HAS_ENTITY]->(:ProjectEntity {id, project_id, created, updated, updated_by, version})
//   (:ProjectEntity)-[:MATCHES {ordinal, created}]->(:Entity)        current matches, in order
//   (:MatchedEntity {entity_id}) made with every MATCHES (cypher/schema-risk.cypher)
//   (:ProjectEntity)-[:DELETED_MATCH {deleted, deleted_by}]->(:Entity) matches removed, remembered
//   (:ProjectEntity)-[:HAS_SNAPSHOT]->(:Snapshot {id, created, created_by, entity_id, data, upstream_risk, upstream_countries})
// Timestamps are ISO 8601 UTC strings (fixed width, so they sort as text).
// Access is decided in src/services/access.ts from the project's owner and share fields.

// name: project-create
CREATE (p:Project {
  id: $id, label: $label, type: $type, archived: false, created: $now, updated: $now,
  owner_user: $user, owner_org: $org, share_org: $shareOrg, share_role: $shareRole
})
RETURN p {.*} AS project, 0 AS entity_count

// name: project-get
MATCH (p:Project {id: $id})
RETURN p {.*} AS project, COUNT { (p)-[:HAS_ENTITY]->(:ProjectEntity) } AS entity_count

// name: project-lock
// First statement of every project write: takes the project's write lock (so an archive and
// an entity change cannot interleave) and reads its access fields. The caller rolls back when
// access is refused.
MATCH (p:Project {id: $id})
SET p.updated = $now
RETURN p {.*} AS project

// name: project-lock-unchanged
// The project's write lock without changing it (the property is set and removed in one go).
MATCH (p:Project {id: $id})
SET p._lock = true
REMOVE p._lock
RETURN p {.*} AS project, COUNT { (p)-[:HAS_ENTITY]->(:ProjectEntity) } AS entity_count

// name: project-archive
MATCH (p:Project {id: $id})
SET p.archived = true, p.updated = $now
RETURN p {.*} AS project, COUNT { (p)-[:HAS_ENTITY]->(:ProjectEntity) } AS entity_count

// name: project-state
// Whether a project exists and whether it is archived (its webhooks are paused while it is).
OPTIONAL MATCH (p:Project {id: $id})
RETURN p IS NOT NULL AS found, coalesce(p.archived, false) AS archived

// name: project-list-forward
// Newest first; keyset after $after {created, id} (exclusive). Fetches one row more than the page.
MATCH (p:Project)
WHERE ((p.owner_org = $org AND p.owner_user = $user) OR p.share_org = $org)
  AND p.archived = $archived
  AND ($after IS NULL OR p.created < $after.created OR (p.created = $after.created AND p.id < $after.id))
WITH p ORDER BY p.created DESC, p.id DESC LIMIT $limit
RETURN p {.*} AS project, COUNT { (p)-[:HAS_ENTITY]->(:ProjectEntity) } AS entity_count

// name: project-list-backward
// The rows before $before {created, id} in list order, nearest first (the caller reverses them).
MATCH (p:Project)
WHERE ((p.owner_org = $org AND p.owner_user = $user) OR p.share_org = $org)
  AND p.archived = $archived
  AND (p.created > $before.created OR (p.created = $before.created AND p.id > $before.id))
WITH p ORDER BY p.created ASC, p.id ASC LIMIT $limit
RETURN p {.*} AS project, COUNT { (p)-[:HAS_ENTITY]->(:ProjectEntity) } AS entity_count

// name: entities-missing
// The requested entity ids that are not in the graph.
UNWIND $ids AS id
OPTIONAL MATCH (e:Entity {id: id})
WITH id, e WHERE e IS NULL
RETURN collect(id) AS missing

// name: project-entity-create
MATCH (p:Project {id: $projectId})
CREATE (p)-[:HAS_ENTITY]->(pe:ProjectEntity {
  id: $id, project_id: $projectId, created: $now, updated: $now, updated_by: $user, version: 1,
  custom_fields: $customFields
})
WITH pe
UNWIND range(0, size($entityIds) - 1) AS i
MATCH (e:Entity {id: $entityIds[i]})
CREATE (pe)-[:MATCHES {ordinal: i, created: $now}]->(e)
MERGE (:MatchedEntity {entity_id: e.id})
RETURN count(*) AS matched

// name: project-entity-get
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
RETURN pe {.*} AS pe,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) WITH e ORDER BY e.id RETURN e.id } AS deleted,
  COUNT { (pe)-[:HAS_SNAPSHOT]->(:Snapshot) } AS snapshot_count,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e {.*} } AS primary,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN {entity: e {.*}, match: m {.*}} } AS match_rows,
  COLLECT { MATCH (pe)-[:MATCHES]->(e:Entity) RETURN e.relationship_count } AS match_counts,
  head(COLLECT { MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot) WITH s ORDER BY s.created DESC, s.id DESC LIMIT 1
                 RETURN {risk: s.upstream_risk, countries: s.upstream_countries} }) AS upstream

// name: project-entity-list-forward
// Oldest first; keyset after $after {created, id}. Fetches one row more than the page.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)
WHERE ($after IS NULL OR pe.created > $after.created OR (pe.created = $after.created AND pe.id > $after.id))
  AND ($types IS NULL OR COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e.type }[0] IN $types)
WITH pe ORDER BY pe.created ASC, pe.id ASC LIMIT $limit
RETURN pe {.*} AS pe,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) WITH e ORDER BY e.id RETURN e.id } AS deleted,
  COUNT { (pe)-[:HAS_SNAPSHOT]->(:Snapshot) } AS snapshot_count,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e {.*} } AS primary,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN {entity: e {.*}, match: m {.*}} } AS match_rows,
  COLLECT { MATCH (pe)-[:MATCHES]->(e:Entity) RETURN e.relationship_count } AS match_counts,
  head(COLLECT { MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot) WITH s ORDER BY s.created DESC, s.id DESC LIMIT 1
                 RETURN {risk: s.upstream_risk, countries: s.upstream_countries} }) AS upstream

// name: project-entity-list-backward
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)
WHERE (pe.created < $before.created OR (pe.created = $before.created AND pe.id < $before.id))
  AND ($types IS NULL OR COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e.type }[0] IN $types)
WITH pe ORDER BY pe.created DESC, pe.id DESC LIMIT $limit
RETURN pe {.*} AS pe,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) WITH e ORDER BY e.id RETURN e.id } AS deleted,
  COUNT { (pe)-[:HAS_SNAPSHOT]->(:Snapshot) } AS snapshot_count,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e {.*} } AS primary,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN {entity: e {.*}, match: m {.*}} } AS match_rows,
  COLLECT { MATCH (pe)-[:MATCHES]->(e:Entity) RETURN e.relationship_count } AS match_counts,
  head(COLLECT { MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot) WITH s ORDER BY s.created DESC, s.id DESC LIMIT 1
                 RETURN {risk: s.upstream_risk, countries: s.upstream_countries} }) AS upstream

// name: project-entity-count
// $types (or null): only project entities whose primary match has one of these types, as in the lists.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)
WHERE $types IS NULL OR COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e.type }[0] IN $types
RETURN count(pe) AS total

// name: project-entity-facets
// One light row per project entity for the client's sorted, filtered and counted view
// (src/services/projectContents.ts): the primary match's summary fields, its latest status,
// the trade counts of every match and the upstream of the latest snapshot. The latest status
// is the statement's dearest part, so it is read only when $withStatus.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)
WITH pe, head(COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e }) AS e
WHERE $types IS NULL OR e.type IN $types
RETURN pe.id AS id, pe.created AS created, pe.custom_fields AS custom_fields, e.id AS entity_id, e.label AS label,
  pe.strength AS strength, COLLECT { MATCH (pe)-[:MATCHES]->(m:Entity) RETURN m.id } AS match_ids,
  pe.tag_labels AS tag_labels, pe.case_status AS case_status, pe.upload_ids AS upload_ids,
  e.countries AS countries, e.risk AS risk, e.source_count AS source_count, e.identifiers AS identifiers,
  CASE WHEN e IS NULL OR NOT $withStatus THEN null ELSE head(COLLECT {
    MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'status'})
    WITH a ORDER BY coalesce(a.date, a.from_date, '') DESC, a.ordinal ASC LIMIT 1
    RETURN a.value }) END AS status,
  COLLECT { MATCH (pe)-[:MATCHES]->(m:Entity) RETURN m.relationship_count } AS match_counts,
  head(COLLECT { MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot) WITH s ORDER BY s.created DESC, s.id DESC LIMIT 1
                 RETURN {risk: s.upstream_risk, countries: s.upstream_countries} }) AS upstream

// name: project-entity-list-ids
// The full rows of the given project entities (a page of the view above), in any order.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity)
WHERE pe.id IN $ids
RETURN pe {.*} AS pe,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) WITH e ORDER BY e.id RETURN e.id } AS deleted,
  COUNT { (pe)-[:HAS_SNAPSHOT]->(:Snapshot) } AS snapshot_count,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id LIMIT 1 RETURN e {.*} } AS primary,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN {entity: e {.*}, match: m {.*}} } AS match_rows,
  COLLECT { MATCH (pe)-[:MATCHES]->(e:Entity) RETURN e.relationship_count } AS match_counts,
  head(COLLECT { MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot) WITH s ORDER BY s.created DESC, s.id DESC LIMIT 1
                 RETURN {risk: s.upstream_risk, countries: s.upstream_countries} }) AS upstream

// name: project-entity-lock
// Takes the project entity's write lock, bumps its version and reads its matches.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
SET pe.updated = $now, pe.updated_by = $user, pe.version = coalesce(pe.version, 0) + 1
RETURN pe.id AS id,
  COLLECT { MATCH (pe)-[m:MATCHES]->(e:Entity) WITH e, m ORDER BY m.ordinal, e.id RETURN e.id } AS matches,
  COLLECT { MATCH (pe)-[:DELETED_MATCH]->(e:Entity) RETURN e.id } AS deleted

// name: project-entity-set-matches
// Makes $final (in order) the matches: other current matches become DELETED_MATCH, and
// deleted matches named in $final (override_deleted) are matches again.
MATCH (pe:ProjectEntity {id: $id})
CALL (pe) {
  MATCH (pe)-[m:MATCHES]->(e:Entity) WHERE NOT e.id IN $final
  MERGE (pe)-[d:DELETED_MATCH]->(e)
  ON CREATE SET d.deleted = $now, d.deleted_by = $user
  DELETE m
}
CALL (pe) {
  MATCH (pe)-[d:DELETED_MATCH]->(e:Entity) WHERE e.id IN $final
  DELETE d
}
CALL (pe) {
  UNWIND range(0, size($final) - 1) AS i
  MATCH (e:Entity {id: $final[i]})
  MERGE (pe)-[m:MATCHES]->(e)
  ON CREATE SET m.created = $now
  SET m.ordinal = i
  MERGE (:MatchedEntity {entity_id: e.id})
}
RETURN pe.id AS id

// name: project-entity-delete
// The project entity and its snapshots (its match relationships go with it).
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
OPTIONAL MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot)
DETACH DELETE s
WITH DISTINCT pe
DETACH DELETE pe
RETURN count(*) AS deleted

// name: snapshot-create
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $projectEntityId})
CREATE (pe)-[:HAS_SNAPSHOT]->(s:Snapshot {
  id: $id, created: $now, updated: $now, created_by: $user, entity_id: $entityId, project_id: $projectId,
  project_entity_id: $projectEntityId, label: $label, data: $data, supply_chain: $supplyChain,
  explored_count: $explored, partial_results: $partial, upstream_risk: $upstreamRisk, upstream_countries: $upstreamCountries
})
RETURN s {.*} AS snapshot

// name: snapshot-list
// Newest first, without the (large) data and supply chain.
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(pe:ProjectEntity {id: $projectEntityId})
OPTIONAL MATCH (pe)-[:HAS_SNAPSHOT]->(s:Snapshot)
WITH pe, s ORDER BY s.created DESC, s.id DESC
WITH pe, collect(s {.*, data: null, supply_chain: null}) AS snapshots
RETURN size(snapshots) AS total, snapshots[$offset..($offset + $limit)] AS page

// name: snapshot-get
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(:ProjectEntity {id: $projectEntityId})-[:HAS_SNAPSHOT]->(s:Snapshot {id: $id})
RETURN s {.*} AS snapshot

// name: snapshot-delete
MATCH (:Project {id: $projectId})-[:HAS_ENTITY]->(:ProjectEntity {id: $projectEntityId})-[:HAS_SNAPSHOT]->(s:Snapshot {id: $id})
WITH s, s {.*, data: null, supply_chain: null} AS snapshot
DETACH DELETE s
RETURN snapshot

// name: project-entity-project
// The project of a saved resource (DELETE /v1/resource/entity/{id} names the resource alone).
MATCH (p:Project)-[:HAS_ENTITY]->(:ProjectEntity {id: $id})
RETURN p.id AS project_id
