// Attributes an organisation adds to a graph entity (POST / PATCH / DELETE /v1/attribute).
// (:UserAttribute {id, org, entity_id, type, value (JSON text), date, from_date, to_date,
//                  created, updated, updated_by}); only its organisation reads or changes it.

// name: entity-exists
MATCH (e:Entity {id: $entityId})
RETURN e.id AS id

// name: attribute-create
CREATE (a:UserAttribute {
  id: $id, org: $org, entity_id: $entityId, type: $type, value: $value,
  date: $date, from_date: $fromDate, to_date: $toDate, created: $now, updated: $now, updated_by: $user
})
RETURN a {.*} AS attribute

// name: attribute-get
MATCH (a:UserAttribute {id: $id, org: $org})
RETURN a {.*} AS attribute

// name: attribute-update
MATCH (a:UserAttribute {id: $id, org: $org})
SET a.value = $value, a.date = $date, a.from_date = $fromDate, a.to_date = $toDate,
    a.updated = $now, a.updated_by = $user
RETURN a {.*} AS attribute

// name: attribute-delete
MATCH (a:UserAttribute {id: $id, org: $org})
WITH a, a {.*} AS attribute
DELETE a
RETURN attribute

// name: entity-overlay
// One organisation's attributes of one entity (oldest first) and the graph attributes of it the
// organisation retired.
RETURN COLLECT { MATCH (a:UserAttribute {org: $org, entity_id: $entityId}) WITH a ORDER BY a.created, a.id RETURN a {.*} } AS attributes,
  COLLECT { MATCH (r:RetiredAttribute {org: $org, entity_id: $entityId}) RETURN r {.attribute_id, .type} } AS retired

// name: entity-graph-attributes
// The graph's own attributes of an entity in the given fields (to find those an id names).
MATCH (:Entity {id: $entityId})-[:HAS_ATTRIBUTE]->(a:Attribute)
WHERE a.field IN $fields
RETURN a {.*} AS attribute

// name: attribute-retire
// An organisation hides a graph attribute from its own reads (RetiredAttribute {org, attribute_id,
// entity_id, type, created, created_by}). `retired` is false when it was already hidden.
MERGE (r:RetiredAttribute {org: $org, attribute_id: $id})
ON CREATE SET r.entity_id = $entityId, r.type = $type, r.created = $now, r.created_by = $user, r.request = $request
RETURN r.request = $request AS retired
