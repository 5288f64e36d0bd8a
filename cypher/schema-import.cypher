// What each imported FtM / BODS item last converted to (applied by `graph-api migrate`, idempotent).
CREATE CONSTRAINT import_item_key IF NOT EXISTS FOR (i:ImportItem) REQUIRE i.key IS UNIQUE;
CREATE INDEX import_item_scope IF NOT EXISTS FOR (i:ImportItem) ON (i.scope);
CREATE INDEX import_item_root IF NOT EXISTS FOR (i:ImportItem) ON (i.root);
