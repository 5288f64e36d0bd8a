/**
 * Where a project stands for its webhooks, read from the graph at each event and each attempt
 * (the project node is the only source of truth, so an archive pauses at once).
 */
import { cypher } from '../../graph/cypherFiles';
import type { Graph } from '../../graph/neo4j';
import type { ProjectState, ProjectStateOf } from './dispatch';

/**
 * The project's state; when Neo4j cannot answer, `active` (and `onError` is told): a delivery
 * sent while the archive flag could not be read is better than one whose attempts run out
 * unrecorded while the graph is away.
 */
export function projectStateReader(graph: Graph, onError: (projectId: string, err: Error) => void): ProjectStateOf {
  return async (projectId: string): Promise<ProjectState> => {
    try {
      const [row] = await graph.read(cypher('projects', 'project-state'), { id: projectId });
      if (!row?.get('found')) return 'missing';
      return row.get('archived') ? 'archived' : 'active';
    } catch (err) {
      onError(projectId, err as Error);
      return 'active';
    }
  };
}
