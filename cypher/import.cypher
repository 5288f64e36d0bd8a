// Statements of the FtM and BODS importers (src/importers/releases.ts). An ImportItem holds the
// hash of the ingest lines an input item (an FtM entity, a BODS statement) last converted to,
// the scope it was published in (format and dataset or publisher) and the import run that last
// held it.

// name: import-hashes
UNWIND $keys AS key
MATCH (i:ImportItem {key: key})
RETURN i.key AS key, i.hash AS hash

// name: save-import-items
UNWIND $rows AS row
MERGE (i:ImportItem {key: row.key})
SET i.hash = row.hash, i.scope = row.scope, i.run = $run

// name: import-items-not-in-run
MATCH (i:ImportItem)
WHERE i.scope IN $scopes AND i.run <> $run
RETURN count(i) AS ended
