// What each imported FtM / BODS item last converted to (applied by `graph-api migrate`, idempotent).
CREATE CONSTRAINT import_item_key IF NOT EXISTS FOR (i:ImportItem) REQUIRE i.key IS UNIQUE;
CREATE INDEX import_item_scope IF NOT EXISTS FOR (i:ImportItem) ON (i.scope);
CREATE INDEX import_item_root IF NOT EXISTS FOR (i:ImportItem) ON (i.root);
CREATE INDEX import_item_group IF NOT EXISTS FOR (i:ImportItem) ON (i.group);
// FtM items saved before an entity had a claim in each of its datasets were keyed by the entity
// id alone (`ftm:<id>`, scoped to its first dataset): that claim takes its dataset's key. Its
// lists describe the whole entity, not the claim, so its hash goes: the next import of the
// dataset counts it changed and saves the claim's own records and factors.
MATCH (i:ImportItem) WHERE i.scope STARTS WITH 'ftm:' AND i.group IS NULL
CALL (i) { SET i.group = substring(i.key, 4), i.key = i.scope + ':' + substring(i.key, 4) REMOVE i.hash } IN TRANSACTIONS OF 10000 ROWS;
