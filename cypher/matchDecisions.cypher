// Match decisions as the risk notification step reads them (src/services/risk/falsePositives.ts).

// name: false-positive-matches
// Of the (project entity, entity) pairs $pairs, those whose match is marked a false positive,
// with the entity's risk factors when it was decided ([] for a decision made before they were kept).
UNWIND $pairs AS pair
MATCH (pe:ProjectEntity {id: pair.resource})-[m:MATCHES]->(e:Entity {id: pair.entity})
WHERE m.decision = 'false_positive'
RETURN pe.id AS resource, e.id AS entity, coalesce(m.decision_factors, []) AS factors
