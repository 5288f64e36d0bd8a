/**
 * A reviewer's decision on a match of a project entity: a true or a false positive, with a
 * reason; who and when are kept on the match and the history has a `match.decided` event.
 * Editor, with the access rules and status codes of every project change (projectTx.ts).
 */
import { notFound } from '../domain/errors';
import { cypher } from '../graph/cypherFiles';
import type { Principal } from './auth';
import { ProjectTx, now } from './projects/tx';

export const DECISIONS = ['true_positive', 'false_positive'] as const;
export type Decision = (typeof DECISIONS)[number];

export class MatchDecisionService extends ProjectTx {
  async decide(principal: Principal, projectId: string, id: string, matchId: string, decision: Decision, reason: string) {
    const at = now();
    await this.writeTx(async (tx) => {
      await this.lockProject(tx, projectId, principal, 'editor', at);
      await this.readProjectEntity(tx, projectId, id);
      const row = (await tx.run(cypher('uploads', 'match-decide'), { projectId, id, matchId, decision, reason, user: principal.user, now: at })).records[0];
      if (!row) throw notFound(`match ${JSON.stringify(matchId)}`);
    });
    await this.recordEvent(principal, 'match.decided', { project_id: projectId, project_entity_id: id, match_id: matchId, decision, reason });
    return { project_entity_id: id, match_id: matchId, decision, reason, decided_by: principal.user, decided_at: at };
  }
}
