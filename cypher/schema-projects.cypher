// Projects, project entities and supply-chain snapshots (applied by `graph-api migrate`, idempotent).
CREATE CONSTRAINT project_id IF NOT EXISTS FOR (p:Project) REQUIRE p.id IS UNIQUE;
CREATE CONSTRAINT project_entity_id IF NOT EXISTS FOR (pe:ProjectEntity) REQUIRE pe.id IS UNIQUE;
CREATE CONSTRAINT snapshot_id IF NOT EXISTS FOR (s:Snapshot) REQUIRE s.id IS UNIQUE;
// Project lists: the caller's own projects and those shared with the caller's org.
CREATE INDEX project_owner IF NOT EXISTS FOR (p:Project) ON (p.owner_org, p.owner_user);
CREATE INDEX project_share_org IF NOT EXISTS FOR (p:Project) ON (p.share_org);
CREATE INDEX project_entity_project IF NOT EXISTS FOR (pe:ProjectEntity) ON (pe.project_id);
// A project's entity saved with given attributes (entities/exists, and each row of an upload).
CREATE INDEX project_entity_attributes_key IF NOT EXISTS FOR (pe:ProjectEntity) ON (pe.project_id, pe.attributes_key);
