// One-time data steps of src/graph/migrate.ts, each recorded by a (:MaintenanceStep {id}) once
// done, so a scan of the whole graph runs once per database, not at every start.

// name: step-pending
OPTIONAL MATCH (m:MaintenanceStep {id: $id})
RETURN m IS NULL AS pending

// name: step-done
MERGE (m:MaintenanceStep {id: $id})
SET m.done = toString(datetime())
