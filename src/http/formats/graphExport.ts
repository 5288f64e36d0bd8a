/**
 * The export representations of a /v1 traversal or entity answer, chosen by Accept: FtM entities as
 * NDJSON (application/x-ndjson) and GraphML (application/graphml+xml).
 */
import { ftmNdjson } from '../../export/ftm';
import { graphml } from '../../export/graphml';
import { networkOf, networkOfEntity, type EntityAnswer, type Network, type TraversalAnswer } from '../../export/network';

export const FTM_NDJSON = 'application/x-ndjson';
export const GRAPHML = 'application/graphml+xml';
export const GRAPH_EXPORT_TYPES = [FTM_NDJSON, GRAPHML];

const render = (type: string, network: Network) => (type === FTM_NDJSON ? { body: ftmNdjson(network), contentType: FTM_NDJSON } : { body: graphml(network), contentType: GRAPHML });

/** A /v1 entity answer in `type`: the entity, its page of related entities and the facts between them. */
export const entityExport = (type: string, entity: EntityAnswer): { body: string; contentType: string } => render(type, networkOfEntity(entity));

/** The answer in `type`, with the source entity's own data (`source`, when found) on its node. */
export function graphExport(type: string, sourceId: string, answer: TraversalAnswer, source?: Network['nodes'] extends Map<string, infer N> ? N : never) {
  const network = networkOf(sourceId, answer);
  if (source) network.nodes.set(sourceId, { ...source, id: sourceId });
  return render(type, network);
}
