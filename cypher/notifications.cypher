// Project notifications (/v1/notifications/projects/{id}). The feed itself is in Redis
// (src/feeds/notifications.ts); Neo4j holds the project, whose access fields decide who may
// read it (src/services/access.ts).

// name: project-access
MATCH (p:Project {id: $id})
RETURN p {.id, .owner_user, .owner_org, .share_org, .share_role, .archived} AS project
