// Project notifications (/v1/notifications/projects/{id}). The feed itself is in Redis
// (src/feeds/notifications.ts); Neo4j holds the project, whose access fields decide who may
// read it (src/services/access.ts).

// name: project-access
MATCH (p:Project {id: $id})
RETURN p {.id, .owner_user, .owner_org, .share_org, .share_role, .archived} AS project

// name: resource-project
// The project that holds a saved resource (a project entity), with its access fields.
MATCH (p:Project)-[:HAS_ENTITY]->(pe:ProjectEntity {id: $id})
RETURN p {.id, .owner_user, .owner_org, .share_org, .share_role, .archived} AS project

// name: entity-projects
// The projects where a graph entity is saved (matched by a project entity), with their access fields.
MATCH (p:Project)-[:HAS_ENTITY]->(:ProjectEntity)-[:MATCHES]->(:Entity {id: $entityId})
WITH DISTINCT p ORDER BY p.id
RETURN p {.id, .owner_user, .owner_org, .share_org, .share_role, .archived} AS project
