import fs from 'node:fs';
import path from 'node:path';
import { CYPHER_DIR } from '../../src/graph/cypherFiles';
import { EMBEDDED_ENTITY_PROPERTIES } from '../../src/graph/mappers';

/**
 * The neighbour projections of the entity reads must carry every property embeddedEntity reads,
 * and only those; the two relationship pages also `closed_date`, which the read uses to judge a
 * neighbour's closure on an `as_of` date (possibly-same-as entities are shown as of today).
 */
test('entity.cypher projects neighbours to exactly EMBEDDED_ENTITY_PROPERTIES', () => {
  const text = fs.readFileSync(path.join(CYPHER_DIR, 'entity.cypher'), 'utf8');
  const projections = [...text.matchAll(/\b[tp] \{(\.[a-z_]+(?:, \.[a-z_]+)*)\}/g)].map((m) => m[1].split(', ').map((k) => k.slice(1)));
  expect(projections).toHaveLength(3);
  const [relationships, relationshipPage, sameAs] = projections.map((keys) => [...keys].sort());
  expect(relationships).toEqual([...EMBEDDED_ENTITY_PROPERTIES, 'closed_date'].sort());
  expect(relationshipPage).toEqual([...EMBEDDED_ENTITY_PROPERTIES, 'closed_date'].sort());
  expect(sameAs).toEqual([...EMBEDDED_ENTITY_PROPERTIES].sort());
});
