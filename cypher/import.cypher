// Statements of the FtM and BODS importers (src/importers/releases.ts, ending.ts). An ImportItem
// is one claim of an input item (an FtM entity in one of its datasets, a BODS statement): the
// hash of the ingest lines the item last converted to, the scope of the claim (format and
// dataset or publisher), the graph id it describes (root, BODS only), the item's id shared by
// its claims (group, FtM only), the import run that last wrote it, and what the claim wrote:
// entity ids, record ids, relationship facts by key with their `from` entity, and the direct
// risk factors only that claim gave (a sanctions list's factor of an FtM dataset). What the claim
// wrote is one JSON property, `produced` ({entities, records, rel_keys, rel_from, factors}, empty
// lists left out): one property to write instead of five lists. Items saved before it keep the
// five list properties until their next import; the readers return both. An unchanged item is
// not written: what a release no longer holds is found by its key, against the keys it holds.

// name: import-hashes
UNWIND $keys AS key
MATCH (i:ImportItem {key: key})
RETURN i.key AS key, i.hash AS hash, i.produced IS NULL AS legacy

// name: scope-has-items
MATCH (i:ImportItem)
WHERE i.scope = $scope
RETURN i.key AS key
LIMIT 1

// name: import-roots
UNWIND $keys AS key
MATCH (i:ImportItem {key: key})
WHERE i.root IS NOT NULL
RETURN i.key AS key, i.root AS root

// name: import-items-produced
// What the given items wrote at their last import.
UNWIND $keys AS key
MATCH (i:ImportItem {key: key})
RETURN i.key AS key, i.group AS group, i.produced AS produced, coalesce(i.entities, []) AS entities, coalesce(i.records, []) AS records,
       coalesce(i.rel_keys, []) AS rel_keys, coalesce(i.rel_from, []) AS rel_from, coalesce(i.factors, []) AS factors

// name: save-import-items
UNWIND $rows AS row
MERGE (i:ImportItem {key: row.key})
SET i.hash = row.hash, i.scope = row.scope, i.root = row.root, i.group = row.group, i.run = $run, i.produced = row.produced
REMOVE i.entities, i.records, i.rel_keys, i.rel_from, i.factors

// name: create-import-items
// save-import-items for items new to the graph (no earlier hash was found for their keys when
// the file was converted): created without looking each key up first. The key's uniqueness
// constraint still refuses an item another import created meanwhile, failing this import's step.
UNWIND $rows AS row
CREATE (i:ImportItem {key: row.key})
SET i.hash = row.hash, i.scope = row.scope, i.root = row.root, i.group = row.group, i.run = $run, i.produced = row.produced

// name: move-import-items
// Unchanged items saved before `produced`: it takes the place of their lists (or of nothing,
// when they were saved before the lists were kept).
UNWIND $rows AS row
MATCH (i:ImportItem {key: row.key})
WHERE i.produced IS NULL
SET i.root = row.root, i.group = row.group, i.produced = row.produced
REMOVE i.entities, i.records, i.rel_keys, i.rel_from, i.factors

// name: import-items-replaced
// Items of earlier imports describing what an item of this run describes (a later BODS
// statement of the same record, or of the same chain of replacesStatements); the caller leaves
// out the items it holds itself.
UNWIND $roots AS root
MATCH (i:ImportItem {root: root})
RETURN i.key AS key, i.group AS group, i.produced AS produced, coalesce(i.entities, []) AS entities, coalesce(i.records, []) AS records,
       coalesce(i.rel_keys, []) AS rel_keys, coalesce(i.rel_from, []) AS rel_from, coalesce(i.factors, []) AS factors

// name: count-import-items-of-scopes
MATCH (i:ImportItem)
WHERE i.scope IN $scopes
RETURN count(i) AS items

// name: import-item-keys-of-scopes
MATCH (i:ImportItem)
WHERE i.scope IN $scopes
RETURN i.key AS key

// name: import-items-of-groups
// The claims left of the given items (the other datasets of an FtM entity whose claim ended).
UNWIND $groups AS group
MATCH (i:ImportItem {group: group})
RETURN i.key AS key, i.group AS group, i.produced AS produced, coalesce(i.entities, []) AS entities, coalesce(i.records, []) AS records,
       coalesce(i.rel_keys, []) AS rel_keys, coalesce(i.rel_from, []) AS rel_from, coalesce(i.factors, []) AS factors

// name: delete-import-items
UNWIND $keys AS key
MATCH (i:ImportItem {key: key})
DELETE i

// name: end-relationships
// Both directions of each fact (they share the key) end on $to_date, unless they already ended
// earlier; the fact stays, so history reads it as a former fact. Returns both ends.
UNWIND $rows AS row
MATCH (a:Entity {id: row.from})-[r]-(b:Entity)
WHERE r.key = row.key AND type(r) <> 'POSSIBLY_SAME_AS'
WITH a, b, r, (r.to_end IS NULL OR r.to_end > $to_end) AS ends
SET r.to_date = CASE WHEN ends THEN $to_date ELSE r.to_date END,
    r.to_end = CASE WHEN ends THEN $to_end ELSE r.to_end END,
    r.ended_by_release = $date
RETURN DISTINCT a.id AS a, b.id AS b

// name: withdraw-records
UNWIND $ids AS id
MATCH (r:Record {id: id})
WHERE r.withdrawn_date IS NULL
SET r.withdrawn_date = $date

// name: withdraw-attributes
// Attributes of the given entities whose records are all withdrawn (no source holds the value
// any more) take the day of the import that finds them so; an entity written again gets new ones.
UNWIND $ids AS id
MATCH (:Entity {id: id})-[:HAS_ATTRIBUTE]->(a:Attribute)
WHERE a.withdrawn_date IS NULL AND size(coalesce(a.records, [])) > 0
  AND all(rec IN a.records WHERE EXISTS { MATCH (r:Record {id: rec}) WHERE r.withdrawn_date IS NOT NULL })
SET a.withdrawn_date = $date

// name: withdrawal-candidates
// Per entity: its direct and shown risk, how many of the records its attributes cite exist and
// are not withdrawn (cited_live) or exist at all (cited), and its records not withdrawn.
UNWIND $ids AS id
MATCH (e:Entity {id: id})
WHERE e.type IS NOT NULL
RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct, e.risk AS risk,
  COUNT { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute) UNWIND coalesce(a.records, []) AS rec
          MATCH (r:Record {id: rec}) WHERE r.withdrawn_date IS NULL RETURN DISTINCT rec } AS cited_live,
  COUNT { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute) UNWIND coalesce(a.records, []) AS rec RETURN DISTINCT rec } AS cited,
  COUNT { MATCH (r:Record)-[:ABOUT]->(e) WHERE r.withdrawn_date IS NULL RETURN r } AS about_live

// name: entity-risk
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, coalesce(e.direct_risk, e.risk) AS direct, e.risk AS risk

// name: set-entity-risk
// The direct and shown risk of entities that lost the factors of an ended claim (another
// dataset still holds them); the flags' labels and :DirectRisk follow as upsert-entities sets them.
// An entity the worker never scored, whose risk this changes, first gets the baseline risk state
// upsert-entities gives it.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
CALL (e, row) {
  WITH e WHERE e.type IS NOT NULL AND e.risk IS NOT NULL AND e.risk <> row.risk
  MERGE (s:RiskState {entity_id: e.id})
  ON CREATE SET s.version = 0, s.risk = e.risk, s.explanation_hash = e.risk_explanation_hash
}
SET e.direct_risk = row.direct, e.risk = row.risk, e.risk_factors = row.factors, e.sanctioned = row.sanctioned, e.pep = row.pep,
    e.search_pending = randomUUID()
WITH e, row
FOREACH (_ IN CASE WHEN row.sanctioned THEN [1] ELSE [] END | SET e:Sanctioned)
FOREACH (_ IN CASE WHEN row.sanctioned THEN [] ELSE [1] END | REMOVE e:Sanctioned)
FOREACH (_ IN CASE WHEN row.pep THEN [1] ELSE [] END | SET e:Pep)
FOREACH (_ IN CASE WHEN row.pep THEN [] ELSE [1] END | REMOVE e:Pep)
FOREACH (_ IN CASE WHEN row.direct <> '{}' THEN [1] ELSE [] END | SET e:DirectRisk)
FOREACH (_ IN CASE WHEN row.direct <> '{}' THEN [] ELSE [1] END | REMOVE e:DirectRisk)

// name: withdraw-entities
// A withdrawn entity keeps its attributes and takes the direct risk it is left with (see
// src/importers/ending.ts); the flags' labels and :DirectRisk follow as upsert-entities sets them.
// An entity the worker never scored, whose risk this changes, first gets the baseline risk state
// upsert-entities gives it.
UNWIND $rows AS row
MATCH (e:Entity {id: row.id})
CALL (e, row) {
  WITH e WHERE e.type IS NOT NULL AND e.risk IS NOT NULL AND e.risk <> row.risk
  MERGE (s:RiskState {entity_id: e.id})
  ON CREATE SET s.version = 0, s.risk = e.risk, s.explanation_hash = e.risk_explanation_hash
}
SET e.direct_risk = row.direct, e.risk = row.risk, e.risk_factors = row.factors,
    e.sanctioned = row.sanctioned, e.pep = row.pep, e.withdrawn_date = $date, e.search_pending = randomUUID()
WITH e, row
FOREACH (_ IN CASE WHEN row.sanctioned THEN [1] ELSE [] END | SET e:Sanctioned)
FOREACH (_ IN CASE WHEN row.sanctioned THEN [] ELSE [1] END | REMOVE e:Sanctioned)
FOREACH (_ IN CASE WHEN row.pep THEN [1] ELSE [] END | SET e:Pep)
FOREACH (_ IN CASE WHEN row.pep THEN [] ELSE [1] END | REMOVE e:Pep)
FOREACH (_ IN CASE WHEN row.direct <> '{}' THEN [1] ELSE [] END | SET e:DirectRisk)
FOREACH (_ IN CASE WHEN row.direct <> '{}' THEN [] ELSE [1] END | REMOVE e:DirectRisk)
