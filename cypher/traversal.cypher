// Traversals (/traversal, /ubo, /downstream, /watchlist and /v1 forms, embedded entity
// traversals). Placeholders are filled (statement() in src/graph/cypherFiles.ts) from validated
// values only: __TYPES__ with a list of Neo4j relationship types from the domain table (A|B,
// after a colon), __TYPE_EXPRESSION__ with a type group's expression (:A|B or nothing, right
// after the variable; typeExpression in src/services/traversal/statements.ts), __MIN__/__MAX__
// with bounded integers, __STEPS__ / __STEP_FILTER__ / __LAST_STEP_FILTER__ / __END_FILTER__
// with the fragments named below, and __PATH_PREDICATE__ with fixed predicates in
// src/services/traversal/. The relationship types followed ($relTypes) and the end filters are
// parameters, so a client cannot make the texts many (docs/operations-limits.md).

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
//
// __STEPS__ is the pattern from s to t: `steps` below, or `steps-to-watchlist` when only
// entities on a watchlist can be results.
MATCH (s:Entity {id: $id})
MATCH p = ANY SHORTEST (
  __STEPS__
  WHERE t <> s AND __PATH_PREDICATE__
)
WITH t, p LIMIT $cap + 1
// __END_FILTER__ is end-filter: it is evaluated on every target streamed, and where few
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
WITH decided, explored, size(hits) AS total,
     [p IN paths | [i IN range(0, length(p) - 1) | {a: nodes(p)[i], r: relationships(p)[i], b: nodes(p)[i + 1]}]] AS walks
__PAGE__

// name: page
// The end of traverse and levels: the page's paths, given as walks (lists of steps
// {a, r, b}), as entity ids and facts, and each entity on them once, with just the properties
// an embedded entity shows ($entityKeys): paths share the source and often more. The source
// comes back too, with the same properties (null for an unknown id), which saves a lookup
// before the search. With $withFacts, every fact between consecutive entities of the page's
// paths too (the /v1 segment view shows them all, not only the one the path used), as
// step-facts below does. __OWNERSHIP__ is `null`, or for /ubo and /downstream with effective
// ownership the facts ownership-subgraph (cypher/ownership.cypher) reads, as one list.
RETURN decided, explored, total,
       [w IN walks | {ids: [$id] + [step IN w | step.b.id], facts: [step IN w | {type: type(step.r), fact: properties(step.r)}]}] AS page,
       COLLECT {
         WITH walks WHERE $withFacts
         UNWIND walks AS w
         UNWIND w AS step
         WITH DISTINCT step.a AS a, step.b AS b
         MATCH (a)-[r]->(b)
         OPTIONAL MATCH (rec:Record {id: r.record})
         RETURN {a: a.id, b: b.id, type: type(r), fact: properties(r), acquisition_date: rec.acquisition_date} AS f
       } AS stepFacts,
       COLLECT { UNWIND walks AS w UNWIND w AS step UNWIND [step.a, step.b] AS n WITH DISTINCT n RETURN [k IN $entityKeys | n[k]] } AS entities,
       head(COLLECT { MATCH (x:Entity {id: $id}) WHERE x.type IS NOT NULL RETURN [k IN $entityKeys | x[k]] }) AS source,
       __OWNERSHIP__ AS ownership

// name: steps
// Every step passes the step filters (step-filter with b as the entity stepped to). The
// path's entities after the source are the group variable b (t is its last).
(s) ((a:Entity)-[r__TYPE_EXPRESSION__]->(b:Entity) WHERE __STEP_FILTER__){__MIN__,__MAX__} (t:Entity)

// name: steps-to-watchlist
// The same paths when the target must be sanctioned or a PEP: its last step then leaves an
// entity with the :WatchlistAdjacent label, which ingest keeps on every entity with a fact
// (of any type) to a sanctioned or PEP entity. The search expands only those entities at its
// last level, instead of every entity max_depth - 1 steps away, and streams no target that
// could not pass. The path's entities after the source are b + [t]. __MIN__ and __MAX__
// count the steps before the last one.
(s) ((a:Entity)-[r__TYPE_EXPRESSION__]->(b:Entity) WHERE __STEP_FILTER__){__MIN__,__MAX__}
(u:WatchlistAdjacent)-[last__TYPE_EXPRESSION__ WHERE __LAST_STEP_FILTER__]->(t:Entity WHERE t:Sanctioned OR t:Pep)

// name: levels
// A search without a path-wide condition (no risk filter, min_depth at most 1): for sanctioned
// or PEP targets (listedByLevels in src/services/traversal/plan.ts), for a small page without end
// filters (levelsFromStart), and for any other after a shortest-path probe that found the page
// but not the end of its level (levelsFollowProbe).
// Breadth first, one subquery per level (level, __LEVELS__). A level is the list of entities
// one more filtered step reaches from the level before, each once, beside the list of an
// entity of the level before that each was reached from (`vias`). Under per-step filters the first level an
// entity appears at is its distance, so following those entities back from a target gives a
// shortest path to it, which repeats no entity. Searching level by level instead of with ANY
// SHORTEST reads each entity of a level once (docs/traversal.md).
//
// For sanctioned or PEP targets, like steps-to-watchlist, the last level leaves only
// :WatchlistAdjacent entities and the level before it keeps only those and listed ones, and
// only listed entities are targets. Otherwise every entity reached is a target, and a level
// keeps only entities that no level before it holds. Levels stop as soon as $need results
// (offset + limit + 1) are known: every result of that length or shorter is then known. Past
// $budget targets the search stops, keeping the levels before (not decided).
//
// Everything after the levels is list expressions, with no ORDER BY: an operator that holds
// rows (a sort) counts every value of each row against the transaction's memory, the levels
// and the list being sorted included, so a deep page of a dense source could run out of memory.
// Levels hold entities only, for the same reason: a relationship weighs much more.
OPTIONAL MATCH (s:Entity {id: $id})
WITH s, [[s]] AS levels, [[]] AS vias, [] AS hits, false AS cut
__LEVELS__
// The page: the first offset + limit results in order of length, then id. Results are in
// length order already (a level's come after the level before), so each length's are put in
// id order by selection, each pick the smallest id above the last one, and only as many as the
// page can still use: at most (offset + limit) x (the results of one length) comparisons.
WITH levels, vias, cut, hits, [h IN hits WHERE h.hit] AS results
WITH levels, vias, cut, hits, results, [k IN range(1, __MAX__) | [h IN results WHERE h.len = k]] AS byLength
WITH levels, vias, cut, hits, results,
     reduce(first = [], ofLength IN byLength |
       first + reduce(sorted = [], j IN range(1, CASE WHEN size(ofLength) < $offset + $limit - size(first) THEN size(ofLength) ELSE $offset + $limit - size(first) END) |
         sorted + [reduce(best = null, h IN ofLength |
           CASE WHEN (size(sorted) = 0 OR h.id > sorted[-1].id) AND (best IS NULL OR h.id < best.id) THEN h ELSE best END)]))[$offset..] AS page
// Each page target's entities back to the source, one level at a time ...
WITH levels, vias, cut, hits, results,
     [h IN page | reduce(chain = [h.t], k IN range(h.len, 1, -1) |
        [vias[k][head([i IN range(0, size(levels[k]) - 1) WHERE levels[k][i] = chain[0]])]] + chain)] AS chains
// ... and a fact for each step that passes the step filters (one exists: it made the level).
WITH NOT cut AS decided, size(hits) AS explored, size(results) AS total,
     [chain IN chains | [i IN range(0, size(chain) - 2) |
        head([a IN [chain[i]] | head([b IN [chain[i + 1]] | head([(a)-[r__TYPE_EXPRESSION__]->(b) WHERE __STEP_FILTER__ | {a: a, r: r, b: b}])])])]] AS walks
__PAGE__

// name: level
// Level __K__ of levels: the entities one filtered step from those of the level before
// (__FROM__), each once, and for each an entity it was reached from (min() keeps one as it
// aggregates); __KEEP__ narrows the level (see levels; `seen` holds the targets of the levels
// before). `hits` gains the targets (__TARGET__) first reached here, with whether they pass
// the end filters (__END_FILTER__ on t).
WITH s, levels, vias, hits, cut, [h IN hits | h.t] AS seen
CALL (s, levels, hits, cut, seen) {
  WITH s, levels, seen WHERE NOT cut AND size([h IN hits WHERE h.hit]) < $need
  UNWIND __FROM__ AS a
  MATCH (a)-[r__TYPE_EXPRESSION__]->(b:Entity)
  WHERE __STEP_FILTER__ __KEEP__
  WITH b, min(a) AS via
  RETURN collect(b) AS level, collect(via) AS from
}
WITH s, levels, vias, hits, cut, level, from,
     hits + [t IN level WHERE __TARGET__ t <> s AND NOT t IN seen | {t: t, id: t.id, len: __K__, hit: __END_FILTER__}] AS reached
WITH s, levels, vias, hits, level, from, reached, cut OR size(reached) > $budget AS cut
WITH s, cut,
     CASE WHEN cut THEN levels ELSE levels + [level] END AS levels,
     CASE WHEN cut THEN vias ELSE vias + [from] END AS vias,
     CASE WHEN cut THEN hits ELSE reached END AS hits

// name: step-filter
// A step over fact __REL__ to entity __TO__: a relationship type followed ($relTypes),
// min_shares on share-bearing types (a fact with no known percentage passes when
// include_unknown_shares is on), exclude_former_relationships, as_of ($asOf, null without it:
// a fact valid that day, begun on or before it or undated and not ended before it;
// possibly-same-as links carry no dates and always pass), exclude_closed_entities (with $asOf,
// an entity whose closed_date is after it was open then). A condition every step must meet is
// added here, and only here.
type(__REL__) IN $relTypes
AND (NOT type(__REL__) IN $shareTypes OR $minShares <= 0 OR __REL__.percentage >= $minShares
 OR (__REL__.percentage IS NULL AND $includeUnknownShares))
AND (NOT $excludeFormer OR __REL__.to_end IS NULL OR __REL__.to_end >= $today)
AND ($asOf IS NULL OR ((__REL__.from_date IS NULL OR __REL__.from_date <= $asOf) AND (__REL__.to_end IS NULL OR __REL__.to_end >= $asOf)))
AND (NOT $excludeClosed OR NOT __TO__:Closed OR coalesce(__TO__.closed_date > $asOf, false))

// name: end-filter
// Whether target t passes the end filters; each is off when its parameter is empty, null or
// false (endFilterParams in src/services/traversal/request.ts). It decides which targets are
// results, never which are reached, so one text serves every combination of filters.
// Sanctioned and PEP are labels (see upsert-entities). passesEndFilters is the same test in code.
((size($countries) = 0 OR any(c IN coalesce(t.countries, []) WHERE c IN $countries))
 AND (size($types) = 0 OR t.type IN $types)
 AND ($name IS NULL OR toLower(coalesce(t.search_names, t.label)) CONTAINS $name)
 AND (NOT $sanctioned OR t:Sanctioned)
 AND (NOT $pep OR t:Pep)
 AND (NOT $watchlist OR t:Sanctioned OR t:Pep))

// name: bfs-level
// One level of the breadth-first search of deep traversals without path filters (breadthFirst
// in src/services/traversal/breadthFirst.ts): every filtered step out of the frontier, except to the
// entities of the two levels just searched ($recent; the caller drops the other entities it
// has seen), with whether the entity stepped to passes the end filters. With $onlyListed (the
// last level of a search for sanctioned or PEP targets) only steps from a :WatchlistAdjacent
// entity to a listed one, as in steps-to-watchlist.
UNWIND $frontier AS id
MATCH (a:Entity {id: id})-[r__TYPE_EXPRESSION__]->(t:Entity)
WHERE NOT t.id IN $recent AND __STEP_FILTER__
  AND (NOT $onlyListed OR (a:WatchlistAdjacent AND (t:Sanctioned OR t:Pep)))
RETURN a.id AS a, t.id AS b, elementId(r) AS rel, __END_FILTER__ AS hit

// name: bfs-levels
// The first levels of breadthFirst (src/services/traversal/breadthFirst.ts) in one statement: level k is
// every entity one filtered step from those first reached at level k - 1 (`frontier`) that no
// level before holds (`seen`), once, with an entity and a fact (element id) it was reached by
// and whether it passes the end filters, as bfs-level's rows ([id, a, rel, hit]). Levels go on up to $maxDepth
// while the one they leave from holds at most $maxFrontier entities, fewer than $need targets
// at $minLen steps or more are known and at most $budget entities were reached; the caller
// goes on from the last one, one bfs-level at a time. At level $listedLevel (the last of a
// search for sanctioned or PEP targets; 0 for others) only steps from a :WatchlistAdjacent
// entity to a listed one count, as bfs-level's $onlyListed.
//
// The levels are a reduce over 1..$maxDepth with a COLLECT subquery each, not a CALL subquery
// written out per level: the text is the same at every depth, and it plans quickly, where the
// planning of CALL levels grows with each level and is paid on every new combination of types
// and end filters (docs/traversal.md). Aggregation is not allowed inside a list expression, so
// each level's steps come sorted by the entity stepped to, and the first step to each entity is
// kept. A step is a list [id, a, rel, hit], not a map: a map repeats its keys on every step.
MATCH (s:Entity {id: $id})
RETURN reduce(st = {frontier: [s], seen: [s], levels: [], found: 0, explored: 0, stopped: false}, k IN range(1, $maxDepth) |
  CASE WHEN st.stopped OR size(st.frontier) = 0 OR size(st.frontier) > $maxFrontier OR st.found >= $need OR st.explored > $budget
  THEN st {.*, stopped: true}
  ELSE reduce(none = null, steps IN [COLLECT {
      UNWIND st.frontier AS a
      MATCH (a)-[r__TYPE_EXPRESSION__]->(t:Entity)
      WHERE NOT t IN st.seen AND __STEP_FILTER__
        AND (k <> $listedLevel OR (a:WatchlistAdjacent AND (t:Sanctioned OR t:Pep)))
      RETURN {t: t, a: a.id, rel: elementId(r), hit: __END_FILTER__} AS step ORDER BY elementId(t)
    }] | reduce(none2 = null, level IN [[i IN range(0, size(steps) - 1) WHERE i = 0 OR steps[i].t <> steps[i - 1].t | steps[i]]] | {
      frontier: [step IN level | step.t], seen: st.seen + [step IN level | step.t], stopped: false,
      levels: st.levels + [[step IN level | [step.t.id, step.a, step.rel, step.hit]]],
      found: st.found + CASE WHEN k >= $minLen THEN size([step IN level WHERE step.hit]) ELSE 0 END,
      explored: st.explored + size(level)
    }))
  END).levels AS levels

// name: detours
// min_depth above 1 (minLengthSearch in src/services/traversal/minLengthSearch.ts): for each entity in $near
// (nearer to the source than min_depth, passing the end filters), a shortest path from the
// source of 2 to __MAX_BEFORE__ + 1 steps that repeats no entity, over steps that pass the step filters:
// a shortest path to an entity u other than the source that avoids the target, and a last step
// from u to the target. A shortest path never repeats an entity, so no path-wide condition is
// needed and this is a plain breadth-first search with both ends bound. For min_depth 2 it is
// the answer; for a greater min_depth, a target with no such path has none of that length
// either, and one whose path is long enough has its answer (minLengthSearch).
MATCH (s:Entity {id: $id})
UNWIND $near AS targetId
MATCH (t:Entity {id: targetId})
CALL (s, t) {
  // Every condition sits inside the pattern: a WHERE after a SHORTEST pattern would filter
  // the one shortest path found, not choose among them.
  MATCH p = ANY SHORTEST (s) ((a:Entity)-[r__TYPE_EXPRESSION__]->(b:Entity) WHERE b <> s AND b <> t AND __STEP_FILTER__){1,__MAX_BEFORE__}
    (u:Entity)-[last__TYPE_EXPRESSION__ WHERE __LAST_STEP_FILTER__]->(t)
  RETURN p
}
RETURN t.id AS target, [n IN nodes(p) | n.id] AS ids, [r IN relationships(p) | elementId(r)] AS rels

// name: longer-paths
// The targets of detours whose path is shorter than min_depth: for each, a shortest path from
// the source of __MIN__ to __MAX__ steps that repeats no entity, over steps that pass the step
// filters. That is a condition on the whole path, so Neo4j searches walks; both ends are bound,
// so it searches from both at once, one target at a time, which stays far smaller than one
// search from the source towards all of them. Neo4j does not stop this search at the
// transaction timeout, so longerPaths raises __MAX__ one step at a time and measures first.
MATCH (s:Entity {id: $id})
UNWIND $near AS targetId
MATCH (t:Entity {id: targetId})
CALL (s, t) {
  MATCH p = ANY SHORTEST (
    (s) ((a:Entity)-[r__TYPE_EXPRESSION__]->(b:Entity) WHERE __STEP_FILTER__){__MIN__,__MAX__} (t)
    WHERE all(i IN range(0, size(b) - 1) WHERE b[i] <> s AND NOT b[i] IN b[i + 1..])
  )
  RETURN p
}
RETURN t.id AS target, [n IN nodes(p) | n.id] AS ids, [r IN relationships(p) | elementId(r)] AS rels

// name: bfs-page
// The page of a breadth-first search: the facts its paths used (by element id), each entity
// on them once with the properties an embedded entity shows, and the source with the same
// (null for an unknown id); and every fact between the entities of each step in $pairs (the
// /v1 segment view, as step-facts below; none asked, an empty list), in the same exchange.
RETURN COLLECT { UNWIND $rels AS rid MATCH ()-[r]->() WHERE elementId(r) = rid RETURN {id: rid, type: type(r), fact: properties(r)} } AS facts,
       COLLECT {
         UNWIND $pairs AS pair
         MATCH (a:Entity {id: pair.a})-[r]->(b:Entity {id: pair.b})
         OPTIONAL MATCH (rec:Record {id: r.record})
         RETURN {a: pair.a, b: pair.b, type: type(r), fact: properties(r), acquisition_date: rec.acquisition_date}
       } AS stepFacts,
       COLLECT { UNWIND $ids AS id MATCH (n:Entity {id: id}) RETURN [k IN $entityKeys | n[k]] } AS entities,
       head(COLLECT { MATCH (x:Entity {id: $id}) WHERE x.type IS NOT NULL RETURN [k IN $entityKeys | x[k]] }) AS source

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
// Over facts valid on $asOf when given (as step-filter), every fact otherwise.
MATCH (a:Entity {id: $a}), (b:Entity {id: $b})
MATCH p = ANY SHORTEST (a)-[r:__TYPES__ WHERE $asOf IS NULL OR ((r.from_date IS NULL OR r.from_date <= $asOf) AND (r.to_end IS NULL OR r.to_end >= $asOf))]->{1,__MAX__}(b)
RETURN p
