// Reads behind /entity, /entity_summary and their /v1 forms.

// name: entity-node
MATCH (e:Entity {id: $id})
WHERE e.type IS NOT NULL
RETURN e {.*} AS entity

// name: entity-attributes
// One page per requested attribute field; ordinals are contiguous per field, so a page is
// a range read rather than a skip.
MATCH (e:Entity {id: $id})
UNWIND $fields AS f
CALL (e, f) {
  MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute)
  WHERE a.field = f.field AND a.ordinal >= f.offset AND a.ordinal < f.offset + f.limit
  WITH a ORDER BY a.ordinal
  RETURN collect(a {.*}) AS items
}
RETURN f.field AS field, items

// name: entity-relationship-pages
// Every relationships.<type> page in one pass over the entity's relationships: items are
// targets (ordered by label, then id), each with every fact of the type between the two.
// $paging maps a type (Neo4j name) to {offset, limit}; types not in it use $defaultPaging.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS
WITH type(r) AS type, t, collect(r {.*}) AS facts
ORDER BY type, t.label, t.id
WITH type, collect({target: t {.*}, facts: facts}) AS items
WITH type, items, coalesce($paging[type], $defaultPaging) AS page
WHERE page.limit > 0
RETURN type, size(items) AS total, items[page.offset..page.offset + page.limit] AS items

// name: entity-possibly-same-as
MATCH (e:Entity {id: $id})-[r:POSSIBLY_SAME_AS]->(p:Entity)
RETURN p {.*} AS entity, r.matches AS matches
ORDER BY p.id
SKIP $offset LIMIT $limit

// name: entity-referenced-by
MATCH (rec:Record)-[x:ABOUT|MENTIONS]->(e:Entity {id: $id})
WITH rec, toLower(type(x)) AS type
ORDER BY rec.publication_date DESC, rec.id, type
SKIP $offset LIMIT $limit
RETURN rec {.*} AS record, type

// name: entity-relationships-page
// The /v1 relationships page: one item per neighbour over every (or the requested) type,
// each fact with the acquisition date of its record, and the number of neighbours.
// Filters: neighbour ($countries, $partnerName lower-cased, $partnerRisk; empty = none) and
// fact ($minShares keeps share-bearing facts with a known percentage at least that;
// $startDate/$endDate keep facts whose period overlaps the window). A fact's period runs
// from from_date to to_date (open where absent); a fact with neither is dated by `date`
// alone, and one with no date at all never matches a date window. Partial dates cover
// their whole period ('2020' ends on 2020-12-31; '-31' for any month compares correctly
// against real dates). An item shows only its facts that pass.
// Order: $sortField ('date': the item's latest fact date, 'shares': its largest
// percentage; null: none), $descending, items without the key last, then label and id,
// so pages are stable. Records are read for the page's facts only.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS AND ($types IS NULL OR type(r) IN $types)
  AND (size($countries) = 0 OR any(c IN coalesce(t.countries, []) WHERE c IN $countries))
  AND ($partnerName IS NULL OR toLower(coalesce(t.search_names, t.label, t.id)) CONTAINS $partnerName)
  AND (size($partnerRisk) = 0 OR any(f IN coalesce(t.risk_factors, []) WHERE f IN $partnerRisk))
  AND ($minShares IS NULL OR (type(r) IN $shareTypes AND r.percentage >= $minShares))
WITH t, r, r.from_date IS NULL AND r.to_date IS NULL AS pointInTime
WITH t, r, pointInTime,
     CASE WHEN pointInTime THEN r.date ELSE r.from_date END AS periodStart,
     CASE WHEN pointInTime THEN r.date ELSE coalesce(r.to_end, r.to_date) END AS periodEndRaw
WITH t, r, pointInTime, periodStart,
     CASE size(periodEndRaw) WHEN 4 THEN periodEndRaw + '-12-31' WHEN 7 THEN periodEndRaw + '-31' ELSE periodEndRaw END AS periodEnd
WHERE ($startDate IS NULL AND $endDate IS NULL)
   OR (NOT (pointInTime AND r.date IS NULL)
       AND ($startDate IS NULL OR periodEnd IS NULL OR periodEnd >= $startDate)
       AND ($endDate IS NULL OR periodStart IS NULL OR periodStart <= $endDate))
WITH t, collect(r) AS rels, max(r.percentage) AS maxShares,
     max(reduce(latest = null, d IN [r.date, r.from_date, r.to_date] |
       CASE WHEN d IS NULL OR (latest IS NOT NULL AND latest >= d) THEN latest ELSE d END)) AS latestDate
WITH t, rels, CASE $sortField WHEN 'date' THEN latestDate WHEN 'shares' THEN maxShares END AS sortKey
ORDER BY sortKey IS NULL, CASE WHEN $descending THEN sortKey END DESC, CASE WHEN NOT $descending THEN sortKey END, t.label, t.id
WITH collect({t: t, rels: rels}) AS items
WITH size(items) AS total, items[$offset..$offset + $limit] AS page
RETURN total, COLLECT {
  UNWIND range(0, size(page) - 1) AS i
  WITH i, page[i].t AS t, page[i].rels AS rels
  CALL (rels) {
    UNWIND rels AS r
    OPTIONAL MATCH (rec:Record {id: r.record})
    RETURN collect(r {.*, type: type(r), acquisition_date: rec.acquisition_date, publication_date: rec.publication_date}) AS facts
  }
  RETURN {target: t {.*}, facts: facts} AS item ORDER BY i
} AS items
