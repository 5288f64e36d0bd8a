// Upstream supply chain (GET /v1/supply_chain/upstream/{id}): walks over the trade edges
// RECEIVES_FROM that shipments sum (cypher/ingest.cypher refresh-trade-edges, keys 'hs:' + code),
// from a buyer (tier 1) to its suppliers (tier 2), theirs (tier 3), and so on.

// name: upstream
// The simple chains of exactly __DEPTH__ hops from $id (a constant of the text: a variable-length
// pattern takes no parameter for its length). An edge passes the edge filters inside the
// pattern, so the walk never follows one that fails them: its date range meets
// [$minDate, $maxDate], no HS code of $notComponent is a prefix of its code, and none of its
// countries is in $notShipmentCountry. The root edges (hop 1) also pass the product filters
// ($product, $notProduct: HS prefixes), hop i the tier filter $tierCountries[i] (a list per hop,
// null for none). Several edges between two entities (one per HS code) are grouped into the
// hop's components; a chain is kept when $component and $shipmentCountry (if given) meet one of
// its components and its last supplier passes the leaf filters ($risk, $notRisk, $countries,
// $notCountries). Returns the first $limit chains in id order, and how many edge combinations
// the walk went through.
MATCH (t:Entity {id: $id})
MATCH (t) ((a:Entity)-[r:RECEIVES_FROM WHERE r.key STARTS WITH 'hs:'
    AND ($minDate IS NULL OR r.max_date >= $minDate) AND ($maxDate IS NULL OR r.min_date <= $maxDate)
    AND none(c IN $notComponent WHERE r.hs_code STARTS WITH c)
    AND none(c IN $notShipmentCountry WHERE c IN r.departure_countries OR c IN r.arrival_countries)]->(b:Entity)){__DEPTH__}
WHERE all(i IN range(0, size(b) - 1) WHERE b[i] <> t AND NOT b[i] IN b[i + 1..])
  AND (size($product) = 0 OR any(c IN $product WHERE r[0].hs_code STARTS WITH c))
  AND none(c IN $notProduct WHERE r[0].hs_code STARTS WITH c)
  AND all(i IN range(0, size($tierCountries) - 1) WHERE $tierCountries[i] IS NULL
      OR (i < size(r) AND any(c IN $tierCountries[i] WHERE c IN r[i].departure_countries OR c IN r[i].arrival_countries)))
  AND (size($risk) = 0 OR any(f IN coalesce(b[-1].risk_factors, []) WHERE f IN $risk))
  AND none(f IN coalesce(b[-1].risk_factors, []) WHERE f IN $notRisk)
  AND (size($countries) = 0 OR any(c IN coalesce(b[-1].countries, []) WHERE c IN $countries))
  AND none(c IN coalesce(b[-1].countries, []) WHERE c IN $notCountries)
WITH [n IN b | n.id] AS ids, collect(r) AS combos
WITH ids, size(combos) AS combinations,
     [i IN range(0, size(ids) - 1) | reduce(acc = [], c IN combos | CASE WHEN c[i] IN acc THEN acc ELSE acc + [c[i]] END)] AS hops
WITH ids, combinations, hops
WHERE (size($component) = 0 OR any(h IN hops WHERE any(e IN h WHERE any(c IN $component WHERE e.hs_code STARTS WITH c))))
  AND (size($shipmentCountry) = 0 OR any(h IN hops WHERE any(e IN h WHERE any(c IN $shipmentCountry WHERE c IN e.departure_countries OR c IN e.arrival_countries))))
WITH ids, combinations, hops ORDER BY ids
WITH collect({ids: ids, hops: [h IN hops | [e IN h | {hs_code: e.hs_code, arrival_countries: e.arrival_countries,
     departure_countries: e.departure_countries, min_date: e.min_date, max_date: e.max_date}]]}) AS chains, sum(combinations) AS explored
RETURN chains[0..$limit] AS chains, size(chains) AS total, explored

// name: upstream-walk
// The whole walk in one statement: the simple chains of 1 to __DEPTH__ hops from $id (a
// constant of the text, as in upstream), with upstream's edge, tier, leaf and component
// filters, ordered by length then by the ids along the chain; the first $limit of them, every
// entity they name (and $id's), and how many edge combinations the kept chains stand for. No
// row when $id is no entity. One round trip instead of one per depth plus the entity read: at
// depth 4 the round trips, not the search, were most of the time.
MATCH (t:Entity {id: $id})
CALL {
  WITH t
  MATCH (t) ((a:Entity)-[r:RECEIVES_FROM WHERE r.key STARTS WITH 'hs:'
      AND ($minDate IS NULL OR r.max_date >= $minDate) AND ($maxDate IS NULL OR r.min_date <= $maxDate)
      AND none(c IN $notComponent WHERE r.hs_code STARTS WITH c)
      AND none(c IN $notShipmentCountry WHERE c IN r.departure_countries OR c IN r.arrival_countries)]->(b:Entity)){1,__DEPTH__}
  WHERE all(i IN range(0, size(b) - 1) WHERE b[i] <> t AND NOT b[i] IN b[i + 1..])
    AND (size($product) = 0 OR any(c IN $product WHERE r[0].hs_code STARTS WITH c))
    AND none(c IN $notProduct WHERE r[0].hs_code STARTS WITH c)
    AND all(i IN range(0, size($tierCountries) - 1) WHERE $tierCountries[i] IS NULL
        OR (i < size(r) AND any(c IN $tierCountries[i] WHERE c IN r[i].departure_countries OR c IN r[i].arrival_countries)))
    AND (size($risk) = 0 OR any(f IN coalesce(b[-1].risk_factors, []) WHERE f IN $risk))
    AND none(f IN coalesce(b[-1].risk_factors, []) WHERE f IN $notRisk)
    AND (size($countries) = 0 OR any(c IN coalesce(b[-1].countries, []) WHERE c IN $countries))
    AND none(c IN coalesce(b[-1].countries, []) WHERE c IN $notCountries)
  WITH b, collect(r) AS combos
  WITH b, size(combos) AS combinations,
       [i IN range(0, size(b) - 1) | reduce(acc = [], c IN combos | CASE WHEN c[i] IN acc THEN acc ELSE acc + [c[i]] END)] AS hops
  WHERE (size($component) = 0 OR any(h IN hops WHERE any(e IN h WHERE any(c IN $component WHERE e.hs_code STARTS WITH c))))
    AND (size($shipmentCountry) = 0 OR any(h IN hops WHERE any(e IN h WHERE any(c IN $shipmentCountry WHERE c IN e.departure_countries OR c IN e.arrival_countries))))
  WITH b, [n IN b | n.id] AS ids, combinations, hops ORDER BY size(ids), ids
  RETURN collect({nodes: b, ids: ids, hops: hops})[0..$limit] AS page, sum(combinations) AS explored
}
CALL {
  WITH t, page
  UNWIND [[t]] + [c IN page | c.nodes] AS nodes
  UNWIND nodes AS e
  WITH DISTINCT e
  RETURN collect({id: e.id, type: coalesce(e.type, 'unknown'), label: coalesce(e.label, e.id),
                  risk_factors: coalesce(e.risk_factors, []), countries: coalesce(e.countries, [])}) AS entities
}
RETURN [c IN page | {ids: c.ids, hops: [h IN c.hops | [e IN h | {hs_code: e.hs_code, arrival_countries: e.arrival_countries,
         departure_countries: e.departure_countries, min_date: e.min_date, max_date: e.max_date}]]}] AS chains,
       explored, entities

// name: trade-entities
// The entities of a page of chains, as the client's TradeTraversalEntity.
UNWIND $ids AS id
MATCH (e:Entity {id: id})
RETURN e.id AS id, coalesce(e.type, 'unknown') AS type, coalesce(e.label, e.id) AS label,
       coalesce(e.risk_factors, []) AS risk_factors, coalesce(e.countries, []) AS countries
