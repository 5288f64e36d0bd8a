import fs from 'node:fs';
import path from 'node:path';
import { CYPHER_DIR } from '../../src/graph/cypherFiles';
import { EMBEDDED_ENTITY_PROPERTIES } from '../../src/graph/mappers';

/** The neighbour projections of the entity reads must carry every property embeddedEntity reads, and only those. */
test('entity.cypher projects neighbours to exactly EMBEDDED_ENTITY_PROPERTIES', () => {
  const text = fs.readFileSync(path.join(CYPHER_DIR, 'entity.cypher'), 'utf8');
  const projections = [...text.matchAll(/\b[tp] \{(\.[a-z_]+(?:, \.[a-z_]+)*)\}/g)].map((m) => m[1].split(', ').map((k) => k.slice(1)));
  expect(projections).toHaveLength(3);
  for (const keys of projections) expect([...keys].sort()).toEqual([...EMBEDDED_ENTITY_PROPERTIES].sort());
});
