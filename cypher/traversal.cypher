// Traversals (/traversal, /ubo, /downstream, /watchlist and /v1 forms, embedded entity
// traversals). Placeholders are filled from validated values only: __TYPES__ with Neo4j
// relationship types from the domain table, __MIN__/__MAX__ with bounded integers, and
// __PATH_PREDICATE__ with one of the fixed predicates in src/services/traversal.ts.

// name: traverse
// One shortest path per target (ANY SHORTEST partitions by end node). Step filters sit
// inside the quantified pattern, so they prune the search; the path predicate sits inside
// the parenthesised pattern, so it selects the shortest path that satisfies it. The visit
// budget caps the targets reached: one more is asked for only to tell whether there were
// more (over_budget), and is dropped. End filters then pick the results.
MATCH (s:Entity {id: $id})
MATCH p = ANY SHORTEST (
  (s) ((a:Entity)-[r:__TYPES__]->(b:Entity)
        WHERE (NOT type(r) IN $shareTypes OR $minShares <= 0 OR r.percentage >= $minShares
               OR (r.percentage IS NULL AND $includeUnknownShares))
          AND (NOT $excludeFormer OR r.to_end IS NULL OR r.to_end >= $today)
          AND (NOT $excludeClosed OR NOT coalesce(b.closed, false))
      ){__MIN__,__MAX__} (t:Entity)
  WHERE t <> s AND __PATH_PREDICATE__
)
WITH t, p LIMIT $budget + 1
WITH collect({t: t, p: p}) AS reached
WITH size(reached) > $budget AS over_budget, reached[..$budget] AS reached
WITH over_budget, size(reached) AS explored,
     [x IN reached WHERE
          (size($countries) = 0 OR any(c IN coalesce(x.t.countries, []) WHERE c IN $countries))
      AND (size($types) = 0 OR x.t.type IN $types)
      AND ($name IS NULL OR toLower(coalesce(x.t.search_names, x.t.label)) CONTAINS $name)
      AND (NOT $sanctioned OR x.t.sanctioned)
      AND (NOT $pep OR x.t.pep)
      AND (NOT $watchlist OR x.t.sanctioned OR x.t.pep)
      | {t: x.t, p: x.p, len: length(x.p)}] AS hits
RETURN explored, over_budget, size(hits) AS total,
       COLLECT {
         UNWIND hits AS h
         WITH h ORDER BY h.len, h.t.id
         SKIP $offset LIMIT $limit
         RETURN h
       } AS page

// name: source-entity
MATCH (s:Entity {id: $id})
WHERE s.type IS NOT NULL
RETURN s {.*} AS entity

// name: step-facts
// Every fact between consecutive entities of the paths on a page (the /v1 segment view).
UNWIND $pairs AS pair
MATCH (a:Entity {id: pair.a})-[r]->(b:Entity {id: pair.b})
OPTIONAL MATCH (rec:Record {id: r.record})
RETURN pair.a AS a, pair.b AS b, type(r) AS type, r {.*} AS fact, rec.acquisition_date AS acquisition_date

// name: shortest-path
MATCH (a:Entity {id: $a}), (b:Entity {id: $b})
MATCH p = ANY SHORTEST (a)-[:__TYPES__]->{1,__MAX__}(b)
RETURN p
