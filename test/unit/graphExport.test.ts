/**
 * The FtM and GraphML exports of a network (src/export/): entity schemata, interval entities
 * read backwards from the importer's tables, possibly-same-as steps as referents, escaping.
 */
import { ftmEntities } from '../../src/export/ftm';
import { graphml } from '../../src/export/graphml';
import type { Network } from '../../src/export/network';

const network = (edges: Network['edges']): Network => ({
  source: 'a',
  nodes: new Map([
    ['a', { id: 'a', label: 'A & Co <Ltd>', type: 'company', countries: ['GBR', 'RKS'], risk: { sanctioned_usa_ofac_sdn: {}, owned_by_sanctioned_entity: {} } } as never],
    ['b', { id: 'b', label: 'B', type: 'person', identifiers: [{ type: 'passport', value: 'P1' }, { type: 'gbr_nino', value: 'N1' }], risk: { pep: {} } } as never],
    ['c', { id: 'c', label: 'C', type: 'shipment' } as never],
  ]),
  edges,
});

test('things: schema by type, countries as alpha-2, identifiers by type, topics from direct factors', () => {
  const [a, b, c] = ftmEntities(network([]));
  expect(a).toEqual({ id: 'a', schema: 'Company', properties: { name: ['A & Co <Ltd>'], country: ['gb', 'xk'], topics: ['sanction'] } });
  expect(b).toEqual({ id: 'b', schema: 'Person', properties: { name: ['B'], passportNumber: ['P1'], idNumber: ['N1'], topics: ['role.pep'] } });
  expect(c.schema).toBe('LegalEntity');
});

test('facts: a share-bearing type is an Ownership; an inverse type is written the other way; an unmapped one an UnknownLink', () => {
  const out = ftmEntities(network([
    { type: 'has_beneficial_owner', from: 'a', to: 'b', fact: { attributes: { shares: [{ percentage: 30 }] }, from_date: '2020' } },
    { type: 'director_of', from: 'b', to: 'a', fact: { attributes: { position: [{ value: 'Chair' }] } } },
    { type: 'has_auditor', from: 'a', to: 'c', fact: {} },
    { type: 'possibly_same_as', from: 'b', to: 'c', fact: {} },
  ])).slice(3);
  expect(out.map((e) => [e.schema, e.properties])).toEqual([
    ['Ownership', { asset: ['a'], owner: ['b'], percentage: ['30'], startDate: ['2020'] }],
    ['Directorship', { organization: ['a'], director: ['b'], role: ['Chair'] }],
    ['UnknownLink', { subject: ['a'], object: ['c'], role: ['has_auditor'] }],
  ]);
  expect(ftmEntities(network([{ type: 'possibly_same_as', from: 'b', to: 'c', fact: {} }]))[1].referents).toEqual(['c']);
});

test('GraphML escapes text and keeps each fact as a directed edge', () => {
  const xml = graphml(network([{ type: 'has_shareholder', from: 'a', to: 'b', fact: { attributes: { shares: [{ percentage: 12.5 }] } } }]));
  expect(xml).toContain('<data key="n_label">A &amp; Co &lt;Ltd&gt;</data>');
  expect(xml).toMatch(/<edge id="e0" source="a" target="b">\s*<data key="e_relationship">has_shareholder<\/data>\s*<data key="e_percentage">12.5<\/data>/);
});
