/**
 * The ontology kinds read from the graph (sources, source types, identifier types), the whole
 * ontology in the published client's GetOntologyResponse shape, and /v1/metadata. The domain
 * kinds are tables (src/domain/ontology.ts); these follow what has been loaded.
 */
import { neo4j } from '../graph/driver';
import { identifierLabel } from '../domain/identifiers';
import { ONTOLOGY } from '../domain/ontology';
import { cypher } from '../graph/cypherFiles';
import { source, type Props } from '../graph/mappers';
import type { Graph } from '../graph/neo4j';
import type { Principal } from './auth';

/** At most this many sources are listed (the ontology is reference data, not a page). */
export const MAX_SOURCES = 10_000;
/** Identifier attributes sampled for their types. */
export const IDENTIFIER_SAMPLE = 100_000;

export interface OntologyIdentifier { id: string; label: string; comment: string; regex: string }

export class OntologyService {
  constructor(private readonly graph: Graph, private readonly version: string) {}

  async sources(): Promise<{ id: string }[]> {
    const rows = await this.graph.read(cypher('ontology', 'sources'), { limit: neo4j.int(MAX_SOURCES) });
    return rows.map((r) => {
      const s = r.get('source') as Props;
      // OntologySource requires source_url; a source loaded without one has none to give.
      const body = { ...source(s, 'v1'), source_url: (s.source_url as string | undefined) ?? '' };
      return body;
    });
  }

  async sourceTypes(): Promise<{ id: string; label: string }[]> {
    const rows = await this.graph.read(cypher('ontology', 'source-types'));
    return rows.map((r) => r.get('id') as string).map((id) => ({ id, label: identifierLabel(id) }));
  }

  async identifiers(): Promise<OntologyIdentifier[]> {
    const rows = await this.graph.read(cypher('ontology', 'identifier-types'), { sample: neo4j.int(IDENTIFIER_SAMPLE) });
    return rows.map((r) => r.get('id') as string).map((id) => ({ id, label: identifierLabel(id), comment: '', regex: '' }));
  }

  /** GetOntologyResponse: every kind in full. */
  async whole() {
    const [sources, sourceTypes, identifiers] = await Promise.all([this.sources(), this.sourceTypes(), this.identifiers()]);
    return { data: { ...ONTOLOGY, identifiers, sources, source_types: sourceTypes } };
  }

  /** MetadataResponse: the API version, the newest load day as both releases, and the caller. */
  async metadata(principal: Principal) {
    const [row] = await this.graph.read(cypher('ontology', 'newest-load'));
    const release = (row?.get('newest') as string | null) ?? '';
    return {
      version: this.version, master_release: release, watchlist_release: release,
      user: { id: principal.user, groupDisplayNames: principal.org, roles: '' },
    };
  }
}
