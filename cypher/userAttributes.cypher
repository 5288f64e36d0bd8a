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
// One organisation's attributes of one entity, oldest first.
MATCH (a:UserAttribute {org: $org, entity_id: $entityId})
WITH a ORDER BY a.created, a.id
RETURN a {.*} AS attribute
