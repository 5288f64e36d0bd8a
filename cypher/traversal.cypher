// Traversals (/traversal, /ubo, /downstream, /watchlist and /v1 forms, embedded entity
// traversals). Placeholders are filled from validated values only: __TYPES__ with Neo4j
// relationship types from the domain table, __MIN__/__MAX__ with bounded integers, and
// __PATH_PREDICATE__ / __END_FILTER__ with fixed predicates in src/services/traversal.ts.

// name: traverse
// One shortest path per target (ANY SHORTEST partitions by end node). Step filters sit
// inside the quantified pattern, so they prune the search; the path predicate sits inside
// the parenthesised pattern, so it selects the shortest path that satisfies it.
//
// The search streams targets breadth-first (shortest paths in order of length) and is cut
// lazily after $cap targets; one more is asked for only to tell whether there were more.
// Results are ordered by length, then target id, so the page is decided as soon as the
// $need-th result's length level is complete: every result of a shorter or equal length is
// known, and a later row of greater length proves the level ended. Then the rest of the
// neighbourhood is never searched. Otherwise (and when the stream is not in length order,
// which this query checks rather than assumes) every reached target counts, and `decided`
// is true only when the search ended within $cap.
MATCH (s:Entity {id: $id})
MATCH p = ANY SHORTEST (
  (s) ((a:Entity)-[r:__TYPES__]->(b:Entity)
        WHERE (NOT type(r) IN $shareTypes OR $minShares <= 0 OR r.percentage >= $minShares
               OR (r.percentage IS NULL AND $includeUnknownShares))
          AND (NOT $excludeFormer OR r.to_end IS NULL OR r.to_end >= $today)
          AND (NOT $excludeClosed OR NOT b:Closed)
      ){__MIN__,__MAX__} (t:Entity)
  WHERE t <> s AND __PATH_PREDICATE__
)
WITH t, p LIMIT $cap + 1
// __END_FILTER__ holds only the requested end filters (fixed fragments in
// src/services/traversal.ts): each is evaluated on every target streamed, and where few
// targets qualify (watchlist) that is the whole neighbourhood.
WITH collect({t: t, p: p, len: length(p), hit: __END_FILTER__}) AS streamed
WITH streamed, size(streamed) > $cap AS more, streamed[..$cap] AS reached,
     all(i IN range(1, size(streamed) - 1) WHERE streamed[i - 1].len <= streamed[i].len) AS ordered
WITH streamed, more, reached, ordered, [x IN reached WHERE x.hit] AS allHits
WITH more, reached, allHits,
     CASE WHEN ordered AND size(allHits) >= $need THEN allHits[$need - 1].len END AS level,
     streamed[-1].len AS lastLen
WITH more, reached, allHits, level, level IS NOT NULL AND lastLen > level AS levelComplete
WITH NOT more OR levelComplete AS decided,
     CASE WHEN levelComplete THEN size([x IN reached WHERE x.len <= level]) ELSE size(reached) END AS explored,
     CASE WHEN levelComplete THEN [x IN allHits WHERE x.len <= level] ELSE allHits END AS hits
WITH decided, explored, hits,
     COLLECT {
       UNWIND hits AS h
       WITH h ORDER BY h.len, h.t.id
       SKIP $offset LIMIT $limit
       RETURN h.p
     } AS paths
// The page's paths as entity ids and facts, and each entity on them once, with just the
// properties an embedded entity shows ($entityKeys): paths share the source and often more.
// The source comes back too (null for an unknown id), which saves a lookup before the search.
// With $withFacts, every fact between consecutive entities of the page's paths too (the /v1
// segment view shows them all, not only the one the path used), as step-facts below does.
RETURN decided, explored, size(hits) AS total,
       [p IN paths | {ids: [n IN nodes(p) | n.id], facts: [r IN relationships(p) | {type: type(r), fact: properties(r)}]}] AS page,
       COLLECT {
         WITH paths WHERE $withFacts
         UNWIND paths AS p
         UNWIND range(0, length(p) - 1) AS i
         WITH DISTINCT nodes(p)[i] AS a, nodes(p)[i + 1] AS b
         MATCH (a)-[r]->(b)
         OPTIONAL MATCH (rec:Record {id: r.record})
         RETURN {a: a.id, b: b.id, type: type(r), fact: properties(r), acquisition_date: rec.acquisition_date} AS f
       } AS stepFacts,
       COLLECT { UNWIND paths AS p UNWIND nodes(p) AS n WITH DISTINCT n RETURN [k IN $entityKeys | n[k]] } AS entities,
       head(COLLECT { MATCH (x:Entity {id: $id}) WHERE x.type IS NOT NULL RETURN x {.*} }) AS source

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
