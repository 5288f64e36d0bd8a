// Reads behind /entity, /entity_summary and their /v1 forms.

// Neighbours are projected to the properties an embedded entity shows
// (EMBEDDED_ENTITY_PROPERTIES in src/graph/mappers.ts), not the search fields every node carries.

// name: entity-relationship-pages
// Every relationships.<type> page in one pass over the entity's relationships: items are
// targets (ordered by label, then id), each with every fact of the type between the two.
// $paging maps a type (Neo4j name) to {offset, limit}; types not in it use $defaultPaging.
// With $asOf (as_of; null without it) only facts valid that day, as traversal's step-filter.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS
  AND ($asOf IS NULL OR ((r.from_date IS NULL OR r.from_date <= $asOf) AND (r.to_end IS NULL OR r.to_end >= $asOf)))
WITH type(r) AS type, t, collect(r {.*}) AS facts
ORDER BY type, t.label, t.id
WITH type, collect({target: t {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .closed_date, .psa_sanctioned, .psa_count, .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count, .related_entities_count, .risk}, facts: facts}) AS items
WITH type, items, coalesce($paging[type], $defaultPaging) AS page
WHERE page.limit > 0
RETURN {type: type, total: size(items), items: items[page.offset..page.offset + page.limit]} AS page

// name: entity-relationships-page
// The /v1 relationships page: one item per neighbour over every (or the requested) type,
// each fact with the acquisition date of its record, and the number of neighbours.
// Filters: neighbour ($countries, $partnerName lower-cased, $partnerRisk; empty = none) and
// fact ($minShares keeps share-bearing facts with a known percentage at least that;
// $startDate/$endDate keep facts whose period overlaps the window; $asOf, when not null, only
// facts valid that day, as traversal's step-filter). A fact's period runs
// from from_date to to_date (open where absent), a trade edge's from its first to its last
// shipment day (min_date, max_date); a fact with neither is dated by `date` alone, and one
// with no date at all never matches a date window. Partial dates cover
// their whole period ('2020' ends on 2020-12-31; '-31' for any month compares correctly
// against real dates). An item shows only its facts that pass.
// Trade filters ($trade true when any is given) keep only trade edges summed from shipments
// (ships_to / receives_from with an hs_code), whose code starts with $hsCode and of which at
// least one shipment of that code between the pair departs from / arrives in one of
// $departureCountry / $arrivalCountry (empty = any) and at a state or city containing
// $departureState, $departureCity, $arrivalState, $arrivalCity (lower-cased; null = any).
// Order: $sortField ('date': the item's latest fact date, 'shares': its largest
// percentage; null: none), $descending, items without the key last, then label and id,
// so pages are stable. Records are read for the page's facts only.
MATCH (e:Entity {id: $id})-[r]->(t:Entity)
WHERE NOT r:POSSIBLY_SAME_AS AND ($types IS NULL OR type(r) IN $types)
  AND (size($countries) = 0 OR any(c IN coalesce(t.countries, []) WHERE c IN $countries))
  AND ($partnerName IS NULL OR toLower(coalesce(t.search_names, t.label, t.id)) CONTAINS $partnerName)
  AND (size($partnerRisk) = 0 OR any(f IN coalesce(t.risk_factors, []) WHERE f IN $partnerRisk))
  AND ($minShares IS NULL OR (type(r) IN $shareTypes AND r.percentage >= $minShares))
  AND ($asOf IS NULL OR ((r.from_date IS NULL OR r.from_date <= $asOf) AND (r.to_end IS NULL OR r.to_end >= $asOf)))
  AND (NOT $trade OR (r.hs_code STARTS WITH coalesce($hsCode, '') AND (
    (type(r) = 'SHIPS_TO' AND EXISTS { MATCH (e)<-[:SHIPPED_BY]-(s:Shipment)-[:RECEIVED_BY]->(t) WHERE r.hs_code IN s.hs_codes
      AND (size($departureCountry) = 0 OR s.departure_country IN $departureCountry)
      AND (size($arrivalCountry) = 0 OR s.arrival_country IN $arrivalCountry)
      AND ($departureState IS NULL OR toLower(coalesce(s.departure_state, '')) CONTAINS $departureState)
      AND ($departureCity IS NULL OR toLower(coalesce(s.departure_city, '')) CONTAINS $departureCity)
      AND ($arrivalState IS NULL OR toLower(coalesce(s.arrival_state, '')) CONTAINS $arrivalState)
      AND ($arrivalCity IS NULL OR toLower(coalesce(s.arrival_city, '')) CONTAINS $arrivalCity) })
    OR (type(r) = 'RECEIVES_FROM' AND EXISTS { MATCH (t)<-[:SHIPPED_BY]-(s:Shipment)-[:RECEIVED_BY]->(e) WHERE r.hs_code IN s.hs_codes
      AND (size($departureCountry) = 0 OR s.departure_country IN $departureCountry)
      AND (size($arrivalCountry) = 0 OR s.arrival_country IN $arrivalCountry)
      AND ($departureState IS NULL OR toLower(coalesce(s.departure_state, '')) CONTAINS $departureState)
      AND ($departureCity IS NULL OR toLower(coalesce(s.departure_city, '')) CONTAINS $departureCity)
      AND ($arrivalState IS NULL OR toLower(coalesce(s.arrival_state, '')) CONTAINS $arrivalState)
      AND ($arrivalCity IS NULL OR toLower(coalesce(s.arrival_city, '')) CONTAINS $arrivalCity) }))))
WITH t, r, coalesce(r.from_date, r.min_date) AS fromDate, coalesce(r.to_date, r.max_date) AS toDate
WITH t, r, fromDate, toDate, fromDate IS NULL AND toDate IS NULL AS pointInTime
WITH t, r, pointInTime,
     CASE WHEN pointInTime THEN r.date ELSE fromDate END AS periodStart,
     CASE WHEN pointInTime THEN r.date ELSE coalesce(r.to_end, toDate) END AS periodEndRaw
WITH t, r, pointInTime, periodStart,
     CASE size(periodEndRaw) WHEN 4 THEN periodEndRaw + '-12-31' WHEN 7 THEN periodEndRaw + '-31' ELSE periodEndRaw END AS periodEnd
WHERE ($startDate IS NULL AND $endDate IS NULL)
   OR (NOT (pointInTime AND r.date IS NULL)
       AND ($startDate IS NULL OR periodEnd IS NULL OR periodEnd >= $startDate)
       AND ($endDate IS NULL OR periodStart IS NULL OR periodStart <= $endDate))
WITH t, collect(r) AS rels, max(r.percentage) AS maxShares,
     max(reduce(latest = null, d IN [r.date, r.from_date, r.to_date, r.max_date] |
       CASE WHEN d IS NULL OR (latest IS NOT NULL AND latest >= d) THEN latest ELSE d END)) AS latestDate
WITH t, rels, CASE $sortField WHEN 'date' THEN latestDate WHEN 'shares' THEN maxShares END AS sortKey
ORDER BY sortKey IS NULL, CASE WHEN $descending THEN sortKey END DESC, CASE WHEN NOT $descending THEN sortKey END, t.label, t.id
WITH collect({t: t, rels: rels}) AS items
WITH size(items) AS total, items[$offset..$offset + $limit] AS page
WITH total, COLLECT {
  UNWIND range(0, size(page) - 1) AS i
  WITH i, page[i].t AS t, page[i].rels AS rels
  CALL (rels) {
    UNWIND rels AS r
    OPTIONAL MATCH (rec:Record {id: r.record})
    RETURN collect(r {.*, type: type(r), acquisition_date: rec.acquisition_date, publication_date: rec.publication_date}) AS facts
  }
  RETURN {target: t {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .closed_date, .psa_sanctioned, .psa_count, .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count, .related_entities_count, .risk}, facts: facts} AS item ORDER BY i
} AS items
RETURN {total: total, items: items} AS page

// name: entity-read
// The whole entity in one statement: one exchange with Neo4j and one consistent view. The
// node; its attribute values, a page per field ($attributePaging maps a field to {offset,
// limit}, other fields use $attributeDefault; ordinals are contiguous per field, so a page is
// a range); the relationships (__RELATIONSHIPS__: entity-relationship-pages or
// entity-relationships-page as a COLLECT subquery, or [] for none);
// possibly-same-as and referencing records, each a page ($psaLimit / $refLimit 0: none).
MATCH (e:Entity {id: $id})
WHERE e.type IS NOT NULL
RETURN e {.*} AS entity,
       COLLECT {
         MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute)
         WITH a, coalesce($attributePaging[a.field], $attributeDefault) AS page
         WHERE page.limit > 0 AND a.ordinal >= page.offset AND a.ordinal < page.offset + page.limit
         WITH a ORDER BY a.field, a.ordinal
         RETURN a {.*}
       } AS attributes,
       __RELATIONSHIPS__ AS relationships,
       COLLECT {
         MATCH (e)-[r:POSSIBLY_SAME_AS]->(p:Entity)
         WHERE $psaLimit > 0
         WITH p, r ORDER BY p.id SKIP $psaOffset LIMIT $psaLimit
         RETURN {entity: p {.id, .label, .type, .identifiers, .countries, .pep, .sanctioned, .closed, .psa_sanctioned, .psa_count, .source_count, .degree, .addresses, .date_of_birth, .relationship_count, .attribute_count, .related_entities_count, .risk}, matches: r.matches}
       } AS possiblySameAs,
       COLLECT {
         MATCH (rec:Record)-[x:ABOUT|MENTIONS]->(e)
         WHERE $refLimit > 0
         WITH rec, toLower(type(x)) AS type
         ORDER BY rec.publication_date DESC, rec.id, type
         SKIP $refOffset LIMIT $refLimit
         RETURN {record: rec {.*}, type: type}
       } AS referencedBy

// name: warm-up-entity
// An entity with 1 to 50 related entities, for the start-up warm-up (src/http/warmUp.ts) to
// read and search from. Which one matters little, since Neo4j plans a statement by its text;
// a modest one keeps the warm-up's searches small on a graph whose first entities are hubs.
MATCH (e:Entity)
WHERE 0 < e.related_entities_count <= 50
RETURN e.id AS id
LIMIT 1
