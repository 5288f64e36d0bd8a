/**
 * A network as GraphML (Gephi, Cytoscape, yEd): entities as nodes with label, type, countries,
 * sanctioned and pep; relationship facts as directed edges with type, percentage and dates.
 */
import type { create as Create } from 'xmlbuilder2';
import type { Network } from './network';

const NODE_KEYS: [string, 'string' | 'boolean'][] = [['label', 'string'], ['type', 'string'], ['countries', 'string'], ['sanctioned', 'boolean'], ['pep', 'boolean']];
const EDGE_KEYS: [string, 'string' | 'double'][] = [['relationship', 'string'], ['percentage', 'double'], ['from_date', 'string'], ['to_date', 'string'], ['date', 'string'], ['record', 'string']];

export function graphml(network: Network): string {
  // Loaded on the first export, not at start-up (it is a tenth of a second of every start).
  const { create } = require('xmlbuilder2') as { create: typeof Create };
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele('graphml', { xmlns: 'http://graphml.graphdrawing.org/xmlns' });
  for (const [name, type] of NODE_KEYS) doc.ele('key', { id: `n_${name}`, for: 'node', 'attr.name': name, 'attr.type': type });
  for (const [name, type] of EDGE_KEYS) doc.ele('key', { id: `e_${name}`, for: 'edge', 'attr.name': name, 'attr.type': type });
  const graph = doc.ele('graph', { id: network.source, edgedefault: 'directed' });
  for (const node of network.nodes.values()) {
    const el = graph.ele('node', { id: node.id });
    const values: Record<string, unknown> = { label: node.label ?? node.id, type: node.type, countries: node.countries?.join(';'), sanctioned: node.sanctioned, pep: node.pep };
    for (const [name] of NODE_KEYS) if (values[name] !== undefined) el.ele('data', { key: `n_${name}` }).txt(String(values[name]));
  }
  network.edges.forEach((edge, i) => {
    const el = graph.ele('edge', { id: `e${i}`, source: edge.from, target: edge.to });
    const share = edge.fact.attributes?.shares?.find((s) => typeof s.percentage === 'number');
    const values: Record<string, unknown> = {
      relationship: edge.type, percentage: share?.percentage, from_date: edge.fact.from_date, to_date: edge.fact.to_date, date: edge.fact.date, record: edge.fact.record || undefined,
    };
    for (const [name] of EDGE_KEYS) if (values[name] !== undefined) el.ele('data', { key: `e_${name}` }).txt(String(values[name]));
  });
  return doc.end({ prettyPrint: true });
}
