// Trade search (POST /v1/trade/search/shipments, /suppliers, /buyers): shipments matching the
// client's filter list, and the parties of those shipments. Every filter is a parameter; an
// empty list or null leaves its filter out.

// name: shipments-from-all
// Start of matching-shipments without a party or source filter: every shipment; also the
// whole of it when no filter is set.
MATCH (s:Shipment)
RETURN s

// name: shipments-from-suppliers
// Start of matching-shipments when a supplier filter is set: the shipments of the entities that
// meet every supplier filter (the same tests as the supplier check of matching-shipments), since
// the few matching parties, then their shipments, are cheaper to find than each shipment's party.
MATCH (e:Entity)
WHERE (size($supplierName) = 0 OR any(n IN $supplierName WHERE toLower(e.label) CONTAINS n))
  AND (size($supplierRisk) = 0 OR any(f IN coalesce(e.risk_factors, []) WHERE f IN $supplierRisk))
  AND (size($supplierCountry) = 0 OR any(c IN coalesce(e.countries, []) WHERE c IN $supplierCountry))
  AND (size($supplierCity) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
    WHERE any(c IN $supplierCity WHERE toLower(coalesce(a.city, '')) CONTAINS c) })
  AND (size($supplierState) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
    WHERE any(c IN $supplierState WHERE toLower(coalesce(a.state, '')) CONTAINS c) })
  AND (size($supplierPurpose) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'business_purpose'})
    WHERE any(p IN $supplierPurpose WHERE toLower(a.value) CONTAINS p) })
MATCH (s:Shipment)-[:SHIPPED_BY]->(e)
RETURN DISTINCT s

// name: shipments-from-buyers
// Start of matching-shipments when a buyer filter is set and no supplier filter: as
// shipments-from-suppliers, for the buyers.
MATCH (e:Entity)
WHERE (size($buyerName) = 0 OR any(n IN $buyerName WHERE toLower(e.label) CONTAINS n))
  AND (size($buyerRisk) = 0 OR any(f IN coalesce(e.risk_factors, []) WHERE f IN $buyerRisk))
  AND (size($buyerCountry) = 0 OR any(c IN coalesce(e.countries, []) WHERE c IN $buyerCountry))
  AND (size($buyerCity) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
    WHERE any(c IN $buyerCity WHERE toLower(coalesce(a.city, '')) CONTAINS c) })
  AND (size($buyerState) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
    WHERE any(c IN $buyerState WHERE toLower(coalesce(a.state, '')) CONTAINS c) })
  AND (size($buyerPurpose) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'business_purpose'})
    WHERE any(p IN $buyerPurpose WHERE toLower(a.value) CONTAINS p) })
MATCH (s:Shipment)-[:RECEIVED_BY]->(e)
RETURN DISTINCT s

// name: shipments-from-sources
// Start of matching-shipments when $sources is set and no party filter: the shipments whose
// record is of one of the sources, through the record_source and shipment_record indexes.
MATCH (rec:Record) WHERE rec.source IN $sources
MATCH (s:Shipment {record: rec.id})
RETURN s

// name: matching-shipments
// The shipments the filter list selects: the one filter of the three searches, which take it
// as their CALL subquery (placeholder __MATCHING_SHIPMENTS__). The candidates come from
// __SHIPMENTS_FROM__, one of the shipments-from-* statements above, chosen by the service for the
// filters set, and $from names it: a side's party filters, or $sources, are not checked again on
// the candidates of the start that already applied them. Lists match exactly (ids,
// countries, risks, $sources: the source of the shipment's record), by prefix (HS codes,
// shipment identifiers) or by lower-case substring (names, HS descriptions, $q, the shipment's
// departure and arrival city and state, a party's address city and state and its business
// purpose); dates compare the shipment's date text with the bounds at their own precision
// (YYYY or YYYY-MM). The party filters of a side hold for one and the same party.
CALL { __SHIPMENTS_FROM__ }
WITH s
WHERE (size($supplierId) = 0 OR any(x IN s.supplier_ids WHERE x IN $supplierId))
  AND (size($buyerId) = 0 OR any(x IN s.buyer_ids WHERE x IN $buyerId))
  AND (size($hsCode) = 0 OR any(h IN s.hs_codes WHERE any(c IN $hsCode WHERE h STARTS WITH c)))
  AND (size($hsDescription) = 0 OR any(d IN s.hs_descriptions WHERE any(c IN $hsDescription WHERE toLower(d) CONTAINS c)))
  AND (size($departureCountry) = 0 OR s.departure_country IN $departureCountry)
  AND (size($arrivalCountry) = 0 OR s.arrival_country IN $arrivalCountry)
  AND (size($productOrigin) = 0 OR any(c IN coalesce(s.product_origin, []) WHERE c IN $productOrigin))
  AND (size($transitCountry) = 0 OR any(c IN coalesce(s.transit_countries, []) WHERE c IN $transitCountry))
  AND (size($identifier) = 0 OR any(v IN coalesce(s.identifier_values, []) WHERE any(c IN $identifier WHERE v STARTS WITH c)))
  AND ($arrivalFrom IS NULL OR substring(s.arrival_date, 0, size($arrivalFrom)) >= $arrivalFrom)
  AND ($arrivalTo IS NULL OR substring(s.arrival_date, 0, size($arrivalTo)) <= $arrivalTo)
  AND ($departureFrom IS NULL OR substring(s.departure_date, 0, size($departureFrom)) >= $departureFrom)
  AND ($departureTo IS NULL OR substring(s.departure_date, 0, size($departureTo)) <= $departureTo)
  AND ($weightMin IS NULL OR s.weight_kg >= $weightMin) AND ($weightMax IS NULL OR s.weight_kg <= $weightMax)
  AND (size($departureCity) = 0 OR any(c IN $departureCity WHERE toLower(coalesce(s.departure_city, '')) CONTAINS c))
  AND (size($departureState) = 0 OR any(c IN $departureState WHERE toLower(coalesce(s.departure_state, '')) CONTAINS c))
  AND (size($arrivalCity) = 0 OR any(c IN $arrivalCity WHERE toLower(coalesce(s.arrival_city, '')) CONTAINS c))
  AND (size($arrivalState) = 0 OR any(c IN $arrivalState WHERE toLower(coalesce(s.arrival_state, '')) CONTAINS c))
  AND ($from = 'sources' OR size($sources) = 0 OR EXISTS { MATCH (rec:Record {id: s.record}) WHERE rec.source IN $sources })
  AND ($q IS NULL OR any(t IN coalesce(s.product_descriptions, []) + s.hs_descriptions + s.hs_codes WHERE toLower(t) CONTAINS $q)
       OR EXISTS { MATCH (s)-[:SHIPPED_BY|RECEIVED_BY]->(e:Entity) WHERE toLower(e.label) CONTAINS $q })
  AND ($from = 'suppliers' OR size($supplierName) + size($supplierRisk) + size($supplierCountry) + size($supplierCity) + size($supplierState) + size($supplierPurpose) = 0 OR EXISTS {
    MATCH (s)-[:SHIPPED_BY]->(e:Entity)
    WHERE (size($supplierName) = 0 OR any(n IN $supplierName WHERE toLower(e.label) CONTAINS n))
      AND (size($supplierRisk) = 0 OR any(f IN coalesce(e.risk_factors, []) WHERE f IN $supplierRisk))
      AND (size($supplierCountry) = 0 OR any(c IN coalesce(e.countries, []) WHERE c IN $supplierCountry))
      AND (size($supplierCity) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
        WHERE any(c IN $supplierCity WHERE toLower(coalesce(a.city, '')) CONTAINS c) })
      AND (size($supplierState) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
        WHERE any(c IN $supplierState WHERE toLower(coalesce(a.state, '')) CONTAINS c) })
      AND (size($supplierPurpose) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'business_purpose'})
        WHERE any(p IN $supplierPurpose WHERE toLower(a.value) CONTAINS p) }) })
  AND ($from = 'buyers' OR size($buyerName) + size($buyerRisk) + size($buyerCountry) + size($buyerCity) + size($buyerState) + size($buyerPurpose) = 0 OR EXISTS {
    MATCH (s)-[:RECEIVED_BY]->(e:Entity)
    WHERE (size($buyerName) = 0 OR any(n IN $buyerName WHERE toLower(e.label) CONTAINS n))
      AND (size($buyerRisk) = 0 OR any(f IN coalesce(e.risk_factors, []) WHERE f IN $buyerRisk))
      AND (size($buyerCountry) = 0 OR any(c IN coalesce(e.countries, []) WHERE c IN $buyerCountry))
      AND (size($buyerCity) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
        WHERE any(c IN $buyerCity WHERE toLower(coalesce(a.city, '')) CONTAINS c) })
      AND (size($buyerState) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'address'})
        WHERE any(c IN $buyerState WHERE toLower(coalesce(a.state, '')) CONTAINS c) })
      AND (size($buyerPurpose) = 0 OR EXISTS { MATCH (e)-[:HAS_ATTRIBUTE]->(a:Attribute {field: 'business_purpose'})
        WHERE any(p IN $buyerPurpose WHERE toLower(a.value) CONTAINS p) }) })
RETURN s

// name: search-shipments
// The matching shipments, newest first, at most $max; the page $offset..$offset + $limit. Only
// the first $offset + $limit (at most $max) are sorted, since a top-k sort of a few hundred is
// far cheaper than ordering every match.
CALL { __MATCHING_SHIPMENTS__ }
WITH collect(s) AS matched
WITH CASE WHEN size(matched) < $max THEN size(matched) ELSE toInteger($max) END AS total,
  COLLECT { UNWIND matched AS m WITH m ORDER BY m.date_start DESC, m.id
    LIMIT CASE WHEN $offset + $limit < $max THEN toInteger($offset + $limit) ELSE toInteger($max) END RETURN m } AS found
RETURN total, [x IN found[toInteger($offset)..] | {
  body: x.body,
  suppliers: COLLECT { MATCH (x)-[:SHIPPED_BY]->(e:Entity) RETURN e { .id, .type, .label, .risk, .countries, .addresses } },
  buyers: COLLECT { MATCH (x)-[:RECEIVED_BY]->(e:Entity) RETURN e { .id, .type, .label, .risk, .countries, .addresses } },
  source: head(COLLECT { MATCH (r:Record {id: x.record}) OPTIONAL MATCH (src:Source {id: r.source}) RETURN {id: r.source, label: coalesce(src.label, r.source)} })
}] AS page

// name: search-parties
// The suppliers (__PARTY__ SHIPPED_BY) or buyers (RECEIVED_BY) of the matching shipments, most
// matching shipments first, then by id, at most $max; for each of the page: its entity, how
// many matching shipments it has, the date of the latest (departure, else arrival) and the HS
// codes of each.
CALL { __MATCHING_SHIPMENTS__ }
MATCH (s)-[:__PARTY__]->(e:Entity)
WITH e, s ORDER BY s.date_start DESC, s.id
WITH e, count(s) AS shipments, head(collect(coalesce(s.departure_date, s.arrival_date))) AS latest, collect(s.hs_codes) AS codes
ORDER BY shipments DESC, e.id
LIMIT toInteger($max)
WITH collect({e: e, shipments: shipments, latest: latest, codes: codes}) AS found
RETURN size(found) AS total,
  [x IN found[toInteger($offset)..toInteger($offset + $limit)] | {entity: properties(x.e), shipments: x.shipments, latest: x.latest, codes: x.codes}] AS page

// name: search-facets
// Counts of the matching shipments by HS code, departure country and arrival country (facets:
// true), most first, then by key, 50 buckets each at most.
CALL { __MATCHING_SHIPMENTS__ }
WITH collect(s) AS found
RETURN
  COLLECT { UNWIND found AS x UNWIND x.hs_codes AS key WITH key, count(*) AS n ORDER BY n DESC, key LIMIT 50 RETURN {key: key, doc_count: n} } AS hs_code,
  COLLECT { UNWIND found AS x WITH x.departure_country AS key WHERE key IS NOT NULL WITH key, count(*) AS n ORDER BY n DESC, key LIMIT 50 RETURN {key: key, doc_count: n} } AS departure_country,
  COLLECT { UNWIND found AS x WITH x.arrival_country AS key WHERE key IS NOT NULL WITH key, count(*) AS n ORDER BY n DESC, key LIMIT 50 RETURN {key: key, doc_count: n} } AS arrival_country
